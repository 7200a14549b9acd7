import FuzzSupport
import SlamJSON

/// Arbitrary bytes through the JSON parser; whatever parses must serialize and
/// parse back to the same value (the round trip every reply relies on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let value = try? JSONParser().parse(Array(bytes)) else { return 0 }
    let written: [UInt8]
    do {
        written = try JSONSerializer().serialize(value)
    } catch {
        preconditionFailure("a parsed value could not be written: \(error)")
    }
    precondition(!written.contains(UInt8(ascii: "\n")), "compact JSON with a raw newline breaks newline framing")
    let reread = try? JSONParser().parse(written)
    precondition(reread == value, "the round trip changed the value")
    return 0
}

@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzJSON(UnsafeRawPointer($0), size) } ?? 0 }
}
