/// Something that happened in an application that remote clients may want to know.
public enum ApplicationEvent: Hashable, Sendable {
    /// The navigation stack changed; identifiers from the root to the top.
    case navigated(stack: [String])
    /// A task ran successfully.
    case taskRan(name: String, param: String?)
    /// The `url` task asked to open an address; on a headless host nothing opens.
    case openURL(address: String)
    /// Something went wrong that no caller could be told about (a state view's
    /// child that could not be placed, a bound value that could not be shown);
    /// the daemon logs it and forwards it to `log` subscribers as a warning.
    case warning(message: String)
    /// The keyboard focus of a controller moved: the references (or paths, for
    /// anonymous elements) of the element that has it now and the one that had it, nil for none.
    case focusChanged(controller: String, reference: String?, previous: String?)
}
