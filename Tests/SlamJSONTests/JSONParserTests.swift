import Testing
@testable import SlamJSON

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test func readsEveryKindOfValue() throws {
        let value = try parser.parse(#"{"n":null,"t":true,"f":false,"i":-7,"d":2.5,"s":"x","a":[1,[]],"o":{}}"#)
        #expect(value == ["n": nil, "t": true, "f": false, "i": -7, "d": 2.5, "s": "x", "a": [1, []], "o": [:]])
    }

    @Test func keepsKeysInDocumentOrder() throws {
        let value = try parser.parse(#"{"zebra":1,"apple":2,"mango":3,"banana":4}"#)
        #expect(value.objectValue.map { Array($0.keys) } == ["zebra", "apple", "mango", "banana"])
    }

    @Test func integerAndDoubleStayDistinct() throws {
        #expect(try parser.parse("1") == .integer(1))
        #expect(try parser.parse("1.0") == .double(1.0))
        #expect(try parser.parse("1e2") == .double(100))
    }

    @Test func acceptsAnyTopLevelValue() throws {
        #expect(try parser.parse(#""text""#) == "text")
        #expect(try parser.parse(" null ") == .null)
    }

    @Test func reportsJanssonPositionForSyntaxErrors() {
        #expect {
            try parser.parse("{\n  \"a\": 1,\n  \"b\": tru\n}")
        } throws: { error in
            guard case let JSONError.syntax(message, line, column, _) = error else { return false }
            return line == 3 && column > 0 && message.contains("invalid token")
        }
    }

    @Test(arguments: [
        [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")],  // invalid 2-byte sequence
        [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")],  // never valid in UTF-8
        [UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")],  // encoded surrogate
    ])
    func refusesInvalidUTF8(bytes: [UInt8]) {
        #expect {
            try parser.parse(bytes)
        } throws: { error in
            guard case let JSONError.syntax(message, _, _, _) = error else { return false }
            return message.lowercased().contains("utf-8")
        }
    }

    @Test func refusesDuplicateKeys() {
        #expect {
            try parser.parse(#"{"id":1,"id":2}"#)
        } throws: { error in
            guard case let JSONError.syntax(message, _, _, _) = error else { return false }
            return message.contains("duplicate")
        }
    }

    @Test func refusesTrailingBytesAndEmptyInput() {
        #expect(throws: JSONError.self) { try parser.parse(#"{"a":1} x"#) }
        #expect(throws: JSONError.self) { try parser.parse("") }
        #expect(throws: JSONError.self) { try parser.parse("   ") }
    }

    @Test func refusesIntegersOutsideInt64() {
        #expect(throws: JSONError.self) { try parser.parse("9223372036854775808") }
        #expect(throws: JSONError.self) { try parser.parse("-9223372036854775809") }
    }

    @Test func refusesNestingDeeperThanTheLimitWithItsPath() throws {
        let limited = JSONParser(maximumDepth: 3)
        #expect(try limited.parse("[[[1]]]") == [[[1]]])
        #expect {
            try limited.parse(#"{"a":[{"b":[1]}]}"#)
        } throws: { error in
            error as? JSONError == .tooDeep(limit: 3, path: "$.a[0].b")
        }
    }

    @Test func survivesTenThousandLevelsOfNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONError.self) { try parser.parse(deep) }
        let deepObjects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(throws: JSONError.self) { try parser.parse(deepObjects) }
    }

    @Test func limitIsCappedAtJanssonsOwn() {
        #expect(JSONParser(maximumDepth: 1_000_000).maximumDepth == 2048)
    }

    @Test func keepsNULInsideStringValuesButRefusesItInKeys() throws {
        let value = try parser.parse(#"{"ab":"x\u0000y"}"#)
        #expect(value == ["ab": "x\u{0}y"])
        #expect(throws: JSONError.self) { try parser.parse(#"{"a\u0000b":1}"#) }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parser.parse(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("\"\\/\u{8}\u{c}\n\r\t\u{e9}\u{1F600}"))
    }

    @Test func refusesLoneSurrogateEscape() {
        #expect(throws: JSONError.self) { try parser.parse(#""\ud83d""#) }
    }
}
