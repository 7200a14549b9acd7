import CJansson

/// Owns one jansson reference and releases it exactly once, when Swift drops it.
///
/// Every `json_t*` that Slam creates is wrapped in one of these the moment it
/// exists, so an early `throw` can never leak it and nothing can release it twice.
final class JanssonReference {
    let pointer: UnsafeMutablePointer<json_t>

    init(owning pointer: UnsafeMutablePointer<json_t>) {
        self.pointer = pointer
    }

    deinit {
        json_decref(pointer)
    }
}
