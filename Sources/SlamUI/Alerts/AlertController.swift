/// The controller an alert is shown in: a modal entry on the stack whose
/// identifier is the alert's and whose tree is an ``AlertView`` with a button per action.
public final class AlertController: ViewController {
    /// The alert this controller shows.
    public let alert: Alert

    init(alert: Alert) {
        self.alert = alert
        let root = AlertView(reference: "")
        root.title = alert.title
        root.message = alert.message
        root.axis = .horizontal
        for (action, reference) in zip(alert.actions, alert.buttonReferences) {
            let button = AlertButton(reference: reference)
            button.text = action.title
            button.style = action.style
            button.action = action
            try! root.addSubview(button)  // a detached tree with unique references cannot fail
        }
        // References are unique by construction (``Alert/buttonReferences``).
        try! super.init(identifier: alert.identifier, title: alert.title, view: root)
    }

    /// The button Escape presses: the first with the cancel style.
    var cancelButton: Button? {
        view.subviews.lazy.compactMap { $0 as? Button }.first { $0.style == .cancel }
    }

    /// The button Enter presses when nothing has the focus: the first plain one.
    var defaultButton: Button? {
        view.subviews.lazy.compactMap { $0 as? Button }.first { $0.style == .normal }
    }
}
