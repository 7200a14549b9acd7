import Testing
@testable import SlamJSON

@Suite struct JSONRoundTripTests {
    let parser = JSONParser()
    let serializer = JSONSerializer()

    func roundTrip(_ value: JSONValue) throws -> JSONValue {
        try parser.parse(serializer.serialize(value))
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max])
    func integersAtTheLimits(_ integer: Int64) throws {
        let bytes = try serializer.serialize(.integer(integer))
        #expect(String(decoding: bytes, as: UTF8.self) == String(integer))
        #expect(try parser.parse(bytes) == .integer(integer))
    }

    @Test(arguments: [0.1, -0.0, 1.0, 1e-300, .leastNonzeroMagnitude, 1.7976931348623157e308, -2.2250738585072014e-308, 3.141592653589793, 1e21])
    func doublesComeBackBitForBit(_ double: Double) throws {
        let back = try roundTrip(.double(double))
        guard case .double(let read) = back else {
            Issue.record("expected a double, got \(back)")
            return
        }
        #expect(read.bitPattern == double.bitPattern)
    }

    @Test(arguments: [(0.1, "0.1"), (2.5, "2.5"), (100.0, "100.0"), (1e21, "1e21"), (1.5e-7, "1.5e-7"),
                      (0.30000000000000004, "0.30000000000000004"), (123456.789, "123456.789"), (-0.0, "-0.0")])
    func doublesAreWrittenWithTheFewestDigitsThatRoundTrip(_ double: Double, _ text: String) throws {
        #expect(String(decoding: try serializer.serialize(.double(double)), as: UTF8.self) == text)
    }

    @Test func theMostDemandingDoubleSetsThePrecisionForTheDocument() throws {
        let bytes = try serializer.serialize(.array([.double(0.5), .double(0.1 + 0.2)]))
        #expect(try parser.parse(bytes) == .array([.double(0.5), .double(0.1 + 0.2)]))
    }

    @Test func stringsWithEscapesAndUnicode() throws {
        let text = "quote\" backslash\\ slash/ tab\t newline\n cr\r nul\u{0} bell\u{7} é 中文 😀 \u{2028}"
        let bytes = try serializer.serialize(.string(text))
        #expect(!bytes.contains(UInt8(ascii: "\n")), "compact output must never hold a raw newline")
        #expect(try parser.parse(bytes) == .string(text))
    }

    @Test func emptyContainers() throws {
        for value: JSONValue in [[], [:], [[]], ["": [:]], ""] {
            #expect(try roundTrip(value) == value)
        }
        #expect(String(decoding: try serializer.serialize([:]), as: UTF8.self) == "{}")
        #expect(String(decoding: try serializer.serialize([]), as: UTF8.self) == "[]")
    }

    @Test func compactOutputKeepsKeyOrder() throws {
        let value: JSONValue = ["jsonrpc": "2.0", "result": [1, 2.5, true, nil], "id": "a"]
        let text = String(decoding: try serializer.serialize(value), as: UTF8.self)
        #expect(text == #"{"jsonrpc":"2.0","result":[1,2.5,true,null],"id":"a"}"#)
    }

    @Test func nestedDocumentRoundTrips() throws {
        let text = #"{"controllers":[{"id":"Home","view":{"type":"View","children":[{"ref":"a","n":-3},{"ref":"b","x":0.5}]}}],"initial":"Home"}"#
        let value = try parser.parse(text)
        #expect(String(decoding: try serializer.serialize(value), as: UTF8.self) == text)
    }

    @Test func refusesNonFiniteDoublesNamingThePath() {
        for double in [Double.nan, .infinity, -.infinity] {
            #expect {
                try serializer.serialize(["a": [1, .double(double)]])
            } throws: { error in
                guard case let JSONError.unrepresentable(_, path) = error else { return false }
                return path == "$.a[1]"
            }
        }
    }

    @Test func refusesWritingNestingDeeperThanTheLimit() {
        var value: JSONValue = 1
        for _ in 0..<10 { value = [value] }
        #expect(throws: JSONError.self) { try JSONSerializer(maximumDepth: 5).serialize(value) }
        #expect(throws: Never.self) { try JSONSerializer(maximumDepth: 10).serialize(value) }
    }

    @Test func appendsAfterExistingBytes() throws {
        var output = Array("prefix:".utf8)
        try serializer.serialize(["a": 1], appendingTo: &output)
        #expect(String(decoding: output, as: UTF8.self) == #"prefix:{"a":1}"#)
    }
}

@Suite struct PrettyOutputTests {
    @Test func prettyStyleIndentsAndReadsBack() throws {
        let value: JSONValue = ["a": [1, 2], "b": ["c": nil]]
        let text = String(decoding: try JSONSerializer(style: .pretty(indent: 2)).serialize(value), as: UTF8.self)
        #expect(text == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {\n    \"c\": null\n  }\n}")
        #expect(try JSONParser().parse(text) == value)
    }
}
