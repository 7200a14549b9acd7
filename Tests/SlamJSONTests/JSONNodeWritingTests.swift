import Testing
import SlamJSON

/// `JSONNode.write(into:)` writes exactly the bytes jansson's writer (`serialized()`) does.
@Suite struct JSONNodeWritingTests {
    func written(_ value: JSONValue) throws -> [UInt8] {
        var output = Array("prefix".utf8)
        try JSONNode(value).write(into: &output)
        #expect(output.prefix(6).elementsEqual("prefix".utf8), "it appends")
        return Array(output.dropFirst(6))
    }

    @Test(arguments: [
        JSONValue.null, true, false, 0, -1, .integer(.max), .integer(.min), 0.1, 1.5, -2.0, 1e-7, 1e300, 123456789.125,
        "", "plain", "quote \" backslash \\ slash /", "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}",
        "unicode é ∑ 𝄞 \u{2028}", [], [:], [1, "a", nil, [true]],
        ["type": "Label", "ref": "count", "visible": true, "text": "Count: 1", "progress": 0.30000000000000004],
        ["seq": 3, "ops": [["op": "update", "node": 7, "snapshot": ["a": 1e21, "b": [0.5, 2.0]]], ["op": "remove", "node": 8]]],
    ] as [JSONValue])
    func writesWhatJanssonWrites(_ value: JSONValue) throws {
        #expect(try written(value) == JSONNode(value).serialized(), "\(value)")
    }

    @Test func randomDocumentsAreWrittenAsJanssonWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        func random(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0 ..< (depth > 3 ? 5 : 7), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .integer(Int64.random(in: .min ... .max, using: &generator))
            case 3:
                let double = Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator))
                return double.isFinite ? .double(double) : .double(Double.random(in: -1e6 ... 1e6, using: &generator))
            case 4:
                let scalars = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in
                    Unicode.Scalar([0x0A, 0x22, 0x5C, 0x01, 0x41, 0xE9, 0x1D11E, 0x7F][Int.random(in: 0 ..< 8, using: &generator)])!
                }
                return .string(String(String.UnicodeScalarView(scalars)))
            case 5: return .array((0 ..< Int.random(in: 0 ... 4, using: &generator)).map { _ in random(depth + 1) })
            default:
                var members = JSONValue.Object()
                for index in 0 ..< Int.random(in: 0 ... 4, using: &generator) { members["k\(index)\u{A}\""] = random(depth + 1) }
                return .object(members)
            }
        }
        for _ in 0 ..< 500 {
            let value = random(0)
            #expect(try written(value) == JSONNode(value).serialized(), "\(value)")
        }
    }

    @Test func aNonFiniteDoubleIsRefusedAndNothingIsWritten() {
        var output: [UInt8] = [1]
        #expect(throws: JSONError.self) { try JSONNode(["x": .double(.nan)]).write(into: &output) }
        #expect(output == [1])
    }

    @Test(arguments: [Int64.min, -10, -1, 0, 7, 10, 99, 100, Int64.max])
    func integersAreWrittenInDecimal(_ value: Int64) {
        var output: [UInt8] = []
        JSONNode.writeInteger(value, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == String(value))
    }
}

/// `JSONWriter` writes what jansson writes for the same value (doubles: as in a document
/// where that double needs the most digits) and what reads back as the same value.
@Suite struct JSONWriterTests {
    func written(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(value)
        return writer.bytes
    }

    @Test(arguments: [
        JSONValue.null, true, false, 0, -1, .integer(.max), .integer(.min), 0.1, 1.5, -2.0, -0.0, 6.0, 10.0, 1e-7, 1e300, 1e21,
        5e-324, 123456789.125, 0.30000000000000004, 1e16, 12345678901234567.0,
        "", "quote \" backslash \\ slash /", "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", "unicode é ∑ 𝄞",
        [], [:], [1, "a", nil, [true], [:]], ["seq": 3, "ops": [["op": "update", "node": 7, "snapshot": ["a": 0.5, "b": []]]]],
    ] as [JSONValue])
    func writesWhatJanssonWrites(_ value: JSONValue) throws {
        #expect(written(value) == (try JSONNode(value).serialized()), "\(value)")
    }

    @Test func everyDoubleIsWrittenAsJanssonWritesItAlone() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 2000 {
            let double = Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator))
            guard double.isFinite else { continue }
            #expect(written(.double(double)) == (try JSONNode(.double(double)).serialized()), "\(double)")
            #expect(try JSONParser().parse(written(.double(double))) == .double(double), "reads back exactly")
        }
    }

    @Test func membersAndElementsAreSeparatedByCommas() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginObject()
        writer.key("a"); writer.integer(1)
        writer.key(named: "b \""); writer.beginArray(); writer.string("x"); writer.null(); writer.endArray()
        writer.endObject()
        writer.bool(false)
        writer.double(.infinity)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[{"a":1,"b \"":["x",null]},false,null]"#)
    }
}

@Suite struct WrittenTextNodeTests {
    /// A node of written text is written as that text, envelope and all.
    @Test func writtenTextIsWrittenAsItIs() throws {
        let text = Array(#"{"b":0.1,"a":[1,"x"]}"#.utf8)
        #expect(try JSONNode(writtenText: text).serialized(prefix: Array("[".utf8), suffix: Array("]".utf8))
                == Array(#"[{"b":0.1,"a":[1,"x"]}]"#.utf8))
        var written: [UInt8] = []
        try JSONNode(writtenText: text).write(into: &written)
        #expect(written == text)
    }

    /// Put into a container after all, written text is read back: members in order, integers and
    /// doubles as they were, and the document written as if it had been built here.
    @Test func writtenTextInAContainerIsReadBack() throws {
        var array = JSONNode.array()
        array.append(JSONNode(writtenText: Array(#"{"b":0.1,"a":[1,"x"]}"#.utf8)))
        array.append(JSONNode(1.0 / 3.0))
        var built = JSONNode.array()
        built.append(JSONNode(JSONValue.object(["b": .double(0.1), "a": [.integer(1), "x"]])))
        built.append(JSONNode(1.0 / 3.0))
        #expect(try array.serialized() == (try built.serialized()))
    }
}
