import SlamRPC

/// The parameters several methods share, declared once with what they say of themselves.
extension Parameter {
    /// `ref`, required: the element acted on or read.
    static func element(_ keyPath: WritableKeyPath<Params, ElementLocator> & Sendable) -> Parameter {
        .required("ref", keyPath, summary: CommonParameters.reference)
    }

    /// `ref`, optional: the element whose subtree is meant; default the root view.
    static func subtree(_ keyPath: WritableKeyPath<Params, ElementLocator?> & Sendable) -> Parameter {
        .optional("ref", keyPath, summary: CommonParameters.optionalReference)
    }

    /// `controller`: a controller on the stack; default the top one.
    static func controller(_ keyPath: WritableKeyPath<Params, String?> & Sendable) -> Parameter {
        .optional("controller", keyPath, summary: CommonParameters.controller)
    }

    /// `timeoutMs`: how long an action may wait for its element to become actionable.
    static func actionTimeout(_ keyPath: WritableKeyPath<Params, Int?> & Sendable) -> Parameter {
        .optional(WaitForRequest.timeoutParameter, keyPath, summary: CommonParameters.actionTimeout, schema: { ["type": "integer", "minimum": 0] })
    }
}
