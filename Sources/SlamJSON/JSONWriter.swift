#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes compact JSON text straight into bytes, value by value, with no tree in
/// between: for output made by walking a model once (a renderer's batch of changes),
/// where building a jansson tree only to write it and free it cost more than the walk.
///
/// Strings are escaped as jansson writes them; a double is written as jansson writes
/// a document whose most demanding double it is (the fewest digits that read back
/// exactly). Commas are the writer's business: call `key` before each member's value.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("seq"); writer.integer(3)
/// writer.key("ops"); writer.beginArray(); writer.endArray()
/// writer.endObject()            // writer.bytes: {"seq":3,"ops":[]}
/// ```
public struct JSONWriter: Sendable {
    public var bytes: [UInt8]
    /// Whether the next value or key follows another in its container.
    private var needsComma = false

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Containers

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's name; its value comes next.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member's name (escaped as needed); its value comes next.
    public mutating func key(named name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: - Values

    /// A string known when the program was built (no escaping needed: no `"`, `\` or control characters).
    public mutating func string(literal text: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func string(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { JSONNode.appendQuoted(UnsafeRawBufferPointer($0), to: &bytes) }
        needsComma = true
    }

    public mutating func integer(_ value: Int) {
        separate()
        JSONNode.writeInteger(Int64(value), into: &bytes)
        needsComma = true
    }

    public mutating func integer(_ value: Int64) {
        separate()
        JSONNode.writeInteger(value, into: &bytes)
        needsComma = true
    }

    /// A double with the fewest digits that read back exactly (`0.1`, `6.0`, `1e21`);
    /// JSON has no NaN or infinity: those are written as null.
    public mutating func double(_ value: Double) {
        separate()
        if value.isFinite {
            Self.appendDouble(value, to: &bytes)
        } else {
            bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        }
        needsComma = true
    }

    public mutating func bool(_ flag: Bool) {
        separate()
        if flag { bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else { bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) }
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        needsComma = true
    }

    /// A whole value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for (name, member) in members {
                key(named: name)
                self.value(member)
            }
            endObject()
        }
    }

    /// A whole value whose JSON text was written before (a cached snapshot), copied as it is.
    public mutating func value(writtenText text: [UInt8]) {
        separate()
        bytes += text
        needsComma = true
    }

    /// The members of an object whose JSON text was written before, without its closing brace:
    /// more members (``key(_:)``) may follow, then ``endObject()``.
    public mutating func beginObject(withMembersOf objectText: [UInt8]) {
        separate()
        precondition(objectText.last == UInt8(ascii: "}"), "not the text of an object")
        objectText.withUnsafeBufferPointer { text in bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text.dropLast())) }
        needsComma = objectText.count > 2
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `%.Ng` with the digits the value needs, then jansson's touches: `.0` after an
    /// integral value, no `+` and no leading zeros in an exponent.
    static func appendDouble(_ value: Double, to output: inout [UInt8]) {
        let digits = JSONSerializer.digitsNeeded(value)
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer in
            let base = buffer.baseAddress!
            let length = Int(withVaList([Int32(digits), value]) { vsnprintf(base, 48, "%.*g", $0) })
            let text = UnsafeRawBufferPointer(start: base, count: min(max(length, 0), 47))
            var exponent: Int?
            var hasPoint = false
            for (index, byte) in text.enumerated() {
                if byte == UInt8(ascii: ".") { hasPoint = true }
                if byte == UInt8(ascii: "e") { exponent = index }
            }
            guard let exponent else {
                output.append(contentsOf: text)
                if !hasPoint { output.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")]) }
                return
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[...exponent]))
            var position = exponent + 1
            if text[position] == UInt8(ascii: "-") {
                output.append(UInt8(ascii: "-"))
                position += 1
            } else if text[position] == UInt8(ascii: "+") {
                position += 1
            }
            while position < text.count - 1, text[position] == UInt8(ascii: "0") { position += 1 }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[position...]))
        }
    }
}
