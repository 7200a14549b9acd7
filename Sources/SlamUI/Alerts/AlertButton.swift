/// A button of an alert on screen: pressing it dismisses the alert, then runs its action.
final class AlertButton: Button {
    var action = Alert.Action(title: "")

    override func press(_ value: PressValue?) throws(SlamError) {
        try requireInteractable()
        try applyPress(value)
        guard let alert = controller as? AlertController, let application = alert.application else { throw .noController }
        application.dismissAlert(alert)
        if let handler = action.handler {
            handler()
        } else if let task = action.task, !task.isEmpty {
            try application.runTask(name: task, param: action.param, sender: self)
        }
    }
}
