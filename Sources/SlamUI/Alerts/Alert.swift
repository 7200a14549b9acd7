/// A modal alert: a title, a message and the buttons that answer it.
///
/// Present one with ``Application/presentAlert(_:)``, or register it with
/// ``Application/registerAlert(_:)`` so the built-in `alert` task (param: the
/// alert's identifier) can present it, as a storyboard's `alerts` do. While it
/// is up, the screens under it are covered: presses, text and keys for them are
/// refused. Pressing a button dismisses the alert, then runs the button's action.
///
/// ```swift
/// application.presentAlert(Alert(identifier: "confirmClear", title: "Clear the list?",
///                                message: "This cannot be undone.", buttons: [
///     .init(title: "Clear", style: .destructive) { model.clear() },
///     .init(title: "Cancel", style: .cancel),
/// ]))
/// ```
public struct Alert {
    /// One button of an alert.
    public struct Action {
        /// The text the button shows.
        public var title: String
        /// The button's reference; nil for the title in lower case without spaces or punctuation (`"Don't save"` → `dontsave`).
        public var reference: String?
        /// How the button is styled: normal, cancel or destructive.
        public var style: ButtonStyle
        /// A registered task to run after the alert is dismissed (when there is no ``handler``).
        public var task: String?
        /// The optional parameter passed to ``task``.
        public var param: String?
        /// Runs after the alert is dismissed.
        public var handler: (() -> Void)?

        /// A button titled `title`; with neither `task` nor `handler`, pressing it only dismisses the alert.
        public init(title: String, reference: String? = nil, style: ButtonStyle = .normal,
                    task: String? = nil, param: String? = nil, handler: (() -> Void)? = nil) {
            self.title = title
            self.reference = reference
            self.style = style
            self.task = task
            self.param = param
            self.handler = handler
        }
    }

    /// The alert controller's identifier on the stack (and the `alert` task's param).
    public var identifier: String
    /// The alert's heading.
    public var title: String
    /// The text under the title; empty for none.
    public var message: String
    /// The alert's buttons, in the order shown.
    public var actions: [Action]

    /// An alert presented as `identifier`, with `title`, `message` and a button per action.
    public init(identifier: String, title: String, message: String = "", buttons actions: [Action]) {
        self.identifier = identifier
        self.title = title
        self.message = message
        self.actions = actions
    }

    /// The reference each button gets: its own, or one made from its title, made unique (`ok`, `ok2`).
    public var buttonReferences: [String] {
        // References given explicitly are kept as they are; made ones step aside.
        var used = Set(actions.compactMap(\.reference))
        return actions.enumerated().map { index, action in
            if let reference = action.reference { return reference }
            var base = String(action.title.lowercased().filter { $0.isLetter || $0.isNumber })
            if base.isEmpty { base = "button\(index)" }
            var candidate = base
            var number = 2
            while used.contains(candidate) {
                candidate = "\(base)\(number)"
                number += 1
            }
            used.insert(candidate)
            return candidate
        }
    }
}
