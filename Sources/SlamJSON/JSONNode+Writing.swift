import CJansson

extension JSONNode {
    /// Appends the compact JSON text of this value to `output`: the very bytes
    /// ``serialized(prefix:suffix:)`` makes, written by a walk of the tree in Swift.
    ///
    /// jansson's writer checks every object and array for cycles (a `%p` key written
    /// with `snprintf` into a hash table per container), which made a small batch of
    /// nested operations cost twice what building it did; a tree built here has no
    /// cycles to look for. Doubles still go through jansson, so they read exactly as
    /// its writer has them.
    ///
    /// - Throws: ``JSONError/unrepresentable(reason:path:)`` when a NaN or an
    ///   infinite double went into the document (nothing is appended).
    public func write(into output: inout [UInt8]) throws(JSONError) {
        if let writtenText {
            output += writtenText
            return
        }
        guard isRepresentable else {
            throw .unrepresentable(reason: "JSON has no representation for a NaN or infinite number", path: "$")
        }
        Self.write(pointer, precision: precision, into: &output)
    }

    private static func write(_ value: UnsafeMutablePointer<json_t>, precision: Int32, into output: inout [UInt8]) {
        switch slam_json_typeof(value) {
        case JSON_OBJECT:
            output.append(UInt8(ascii: "{"))
            var iterator = json_object_iter(value)
            var first = true
            while let current = iterator {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                writeString(json_object_iter_key(current), length: json_object_iter_key_len(current), into: &output)
                output.append(UInt8(ascii: ":"))
                write(json_object_iter_value(current), precision: precision, into: &output)
                iterator = json_object_iter_next(value, current)
            }
            output.append(UInt8(ascii: "}"))
        case JSON_ARRAY:
            output.append(UInt8(ascii: "["))
            let count = json_array_size(value)
            for index in 0..<count {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(json_array_get(value, index), precision: precision, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case JSON_STRING:
            writeString(json_string_value(value), length: json_string_length(value), into: &output)
        case JSON_INTEGER:
            writeInteger(Int64(json_integer_value(value)), into: &output)
        case JSON_REAL:
            // A scalar dump has no container to check: jansson's own digits, cheaply.
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { digits in
                let written = json_dumpb(value, digits.baseAddress!, digits.count, slam_json_encode_flags(precision))
                output.append(contentsOf: UnsafeRawBufferPointer(start: digits.baseAddress!, count: min(written, digits.count)))
            }
        case JSON_TRUE:
            output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        case JSON_FALSE:
            output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        default:
            output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        }
    }

    private static func writeString(_ characters: UnsafePointer<CChar>?, length: Int, into output: inout [UInt8]) {
        appendQuoted(UnsafeRawBufferPointer(start: characters, count: characters == nil ? 0 : length), to: &output)
    }

    /// A string (UTF-8 bytes) as jansson writes it by default: `"` and `\` escaped, control
    /// characters as `\b \f \n \r \t` or `\u00XX`, everything else as it is.
    static func appendQuoted(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let length = bytes.count
        var start = 0
        for index in 0..<length {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if index > start { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                let hex = (byte & 0xF) < 10 ? UInt8(ascii: "0") + (byte & 0xF) : UInt8(ascii: "A") + (byte & 0xF) - 10
                output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), UInt8(ascii: "0") + (byte >> 4), hex])
            }
            start = index + 1
        }
        if start < length { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<length])) }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends an integer's decimal digits, as JSON (and `%lld`) writes them.
    public static func writeInteger(_ value: Int64, into output: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for Int64.min's 20 characters
        var magnitude = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if value < 0 {
                buffer[23 - count] = UInt8(ascii: "-")
                count += 1
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }
}
