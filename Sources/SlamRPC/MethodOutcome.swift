import SlamJSON

/// How a call ended: its result, written into jansson, or the error the client gets.
///
/// (The standard `Result` holds a noncopyable result too, but the compiler
/// cannot yet serialize every signature that mentions it.)
public enum MethodOutcome: ~Copyable {
    case success(JSONNode)
    case failure(ResponseError)
}
