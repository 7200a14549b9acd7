/// A task a client registered: which connection runs it, and how long it may take.
struct ClientTaskRegistration {
    let clientIdentifier: Int
    var timeoutMilliseconds: Int
}
