import SlamJSON

/// One method: its name, its declared parameters and result, and its handler.
///
/// A list of these is the single source for dispatch and for discovery
/// metadata, as in Neovim's API: a method cannot be callable and undocumented.
/// A handler writes its result straight into jansson (a ``SlamJSON/JSONNode``).
public struct MethodDescriptor<Context> {
    /// The reply a deferred handler delivers, exactly once.
    public typealias Reply = (consuming MethodOutcome) -> Void

    /// How the method computes its result.
    public enum Handler {
        /// Answers before returning: the common case.
        case immediate((MethodCall<Context>) throws(ResponseError) -> JSONNode)
        /// Answers later by calling the reply (for waits that outlive the call).
        case deferred((MethodCall<Context>, @escaping Reply) -> Void)
    }

    /// How the method takes its params, for discovery.
    public enum ParameterStructure {
        /// Declared parameters, accepted by name or by position in this order.
        case declared([ParameterDocumentation])
        /// Whatever the client sends, passed through as ``MethodCall/params``.
        case freeForm(summary: String)
    }

    public var name: String
    public var summary: String
    /// How the method takes its params, for discovery: made when discovery asks for it, as ``resultSchema`` is.
    public var parameters: ParameterStructure { makeParameters() }
    private let makeParameters: () -> ParameterStructure
    /// A JSON Schema of the result, for discovery: made when discovery asks for it, since making every
    /// method's schema at start-up was a sixth of the time a daemon took to answer its first request.
    public var resultSchema: JSONValue { makeResultSchema() }
    private let makeResultSchema: () -> JSONValue
    /// The application errors this method can answer with, for discovery.
    public var errors: [ErrorCode]
    public var handler: Handler

    public init(_ name: String, summary: String = "", parameters: @autoclosure @escaping () -> ParameterStructure,
                result resultSchema: @autoclosure @escaping () -> JSONValue = [:], errors: [ErrorCode] = [], handler: Handler) {
        self.name = name
        self.summary = summary
        makeParameters = parameters
        makeResultSchema = resultSchema
        self.errors = errors
        self.handler = handler
    }

    /// A method whose params are declared by `parameters`: they are checked and
    /// decoded into a `Params` value (by name or by position) before `handler` runs.
    public init<Params>(_ name: String, summary: String = "", parameters: ParameterList<Params>,
                        result resultSchema: @autoclosure @escaping () -> JSONValue = [:], errors: [ErrorCode] = [],
                        handler: @escaping (Params, MethodCall<Context>) throws(ResponseError) -> JSONNode) {
        self.init(name, summary: summary, parameters: .declared(parameters.documentation), result: resultSchema(),
                  errors: errors, handler: .immediate { call throws(ResponseError) in
                      try handler(try parameters.decode(call.params, method: name), call)
                  })
    }

    /// A method with declared `parameters` that answers later, through `reply`.
    public init<Params>(_ name: String, summary: String = "", parameters: ParameterList<Params>,
                        result resultSchema: @autoclosure @escaping () -> JSONValue = [:], errors: [ErrorCode] = [],
                        deferred handler: @escaping (Params, MethodCall<Context>, @escaping Reply) -> Void) {
        self.init(name, summary: summary, parameters: .declared(parameters.documentation), result: resultSchema(),
                  errors: errors, handler: .deferred { call, reply in
                      let params: Params
                      do throws(ResponseError) {
                          params = try parameters.decode(call.params, method: name)
                      } catch {
                          reply(.failure(error))
                          return
                      }
                      handler(params, call, reply)
                  })
    }

    /// A method without parameters whose result is a generic JSON value (small methods, tests).
    public init(_ name: String, summary: String = "", result resultSchema: @autoclosure @escaping () -> JSONValue = [:],
                errors: [ErrorCode] = [], handler: @escaping (MethodCall<Context>) throws(ResponseError) -> JSONValue) {
        self.init(name, summary: summary, parameters: ParameterList<Void>(empty: ()), result: resultSchema(),
                  errors: errors) { _, call throws(ResponseError) in JSONNode(try handler(call)) }
    }
}
