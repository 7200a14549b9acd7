/// Alerts: presenting, dismissing, and the ones the `alert` task can present by name.
extension Application {
    /// Makes `alert` presentable by the `alert` task (param: its identifier), replacing one of that identifier.
    public func registerAlert(_ alert: Alert) {
        alerts[alert.identifier] = alert
    }

    /// The identifiers the `alert` task can present, sorted.
    public var alertIdentifiers: [String] { alerts.keys.sorted() }

    /// A new controller for the registered alert `identifier`, as the `alert` task would present it,
    /// without presenting it (nil when no alert has that identifier).
    public func makeAlertController(identifier: String) -> ViewController? {
        alerts[identifier].map(AlertController.init(alert:))
    }

    /// Presents `alert` modally on top of the stack: the screens under it are covered until a button is pressed.
    @discardableResult
    public func presentAlert(_ alert: Alert) -> AlertController {
        let controller = AlertController(alert: alert)
        present(controller)
        return controller
    }

    /// Presents the registered alert `identifier`.
    ///
    /// - Throws: ``SlamError/taskFailed(name:reason:)`` naming the alerts there are.
    public func presentAlert(identifier: String) throws(SlamError) {
        guard let alert = alerts[identifier] else {
            let known = alertIdentifiers.isEmpty ? "none is declared" : "declared: \(alertIdentifiers.joined(separator: ", "))"
            throw .taskFailed(name: "alert", reason: "no alert named '\(identifier)'; \(known)")
        }
        presentAlert(alert)
    }

    /// Takes `alert` off the stack (wherever it is) and updates the screen revealed.
    func dismissAlert(_ alert: AlertController) {
        if topController === alert {
            try? pop()
        } else {
            removeFromStack(alert)
        }
    }
}
