extension Application {
    /// Hands an event no caller can be told about (a ``ApplicationEvent/warning(message:)``)
    /// to the host through ``eventHandler``.
    func report(_ event: ApplicationEvent) {
        eventHandler?(event)
    }
}
