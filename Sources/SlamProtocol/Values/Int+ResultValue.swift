import SlamJSON

extension Int: ResultValue, JSONEncoding {
    public typealias Value = Int
    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let integer = json.integerValue, let exact = Int(exactly: integer) else {
            throw ResultDecodingError(expected: "an integer", got: json)
        }
        self = exact
    }
    public func jsonNode() -> JSONNode { JSONNode(self) }
}

extension Bool: ResultValue, JSONEncoding {
    public typealias Value = Bool
    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let flag = json.boolValue else { throw ResultDecodingError(expected: "a boolean", got: json) }
        self = flag
    }
    public func jsonNode() -> JSONNode { JSONNode(self) }
}
