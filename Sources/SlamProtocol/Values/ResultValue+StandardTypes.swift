import SlamJSON

extension String: ResultValue, JSONEncoding {
    public typealias Value = String
    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let string = json.stringValue else { throw ResultDecodingError(expected: "a string", got: json) }
        self = string
    }
    public func jsonNode() -> JSONNode { JSONNode(self) }
}

extension JSONValue: ResultValue, JSONEncoding {
    public typealias Value = JSONValue
    public init(json: JSONValue) { self = json }
    public func jsonNode() -> JSONNode { JSONNode(self) }
}

extension Array: ResultValue where Element: ResultValue {
    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let elements = json.arrayValue else { throw ResultDecodingError(expected: "an array", got: json) }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for element in elements { decoded.append(try Element(json: element)) }
        self = decoded
    }
}

extension Array: JSONEncoding where Element: JSONEncoding {
    public typealias Value = [Element.Value]
    public func jsonNode() -> JSONNode {
        var array = JSONNode.array()
        for element in self { array.append(element.jsonNode()) }
        return array
    }
}

extension Optional: ResultValue where Wrapped: ResultValue {
    /// `null` reads as nil.
    public init(json: JSONValue) throws(ResultDecodingError) {
        self = json.isNull ? nil : try Wrapped(json: json)
    }
}

extension Optional: JSONEncoding where Wrapped: JSONEncoding {
    public typealias Value = Wrapped.Value?
    public func jsonNode() -> JSONNode {
        switch self {
        case .some(let wrapped): wrapped.jsonNode()
        case .none: .null
        }
    }
}

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
