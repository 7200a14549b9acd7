import FuzzSupport
import SlamJSON

/// Arbitrary bytes through both ways into the JSON layer: the parser into a
/// `JSONValue` and the in-place reader (`JSONDocument`, what the dispatcher
/// reads requests with) must accept the same documents and read the same
/// values; whatever parses must be written, by the serializer and by
/// `JSONNode` (what replies are written with) and its Swift walk, as the same
/// bytes, and parse back to the same value (the round trip every reply relies
/// on); `JSONWriter` (ui.redraw batches) must write text that reads back as it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let parsed = try? JSONParser().parse(Array(bytes))
    var readInPlace: JSONValue?
    do {
        let document = try JSONDocument(parsing: bytes)
        readInPlace = document.withRoot { $0.jsonValue }
    } catch {
        readInPlace = nil
    }
    precondition(readInPlace == parsed, "the parser and the in-place reader disagree")
    guard let value = parsed else { return 0 }
    let written: [UInt8]
    do {
        written = try JSONSerializer().serialize(value)
    } catch {
        preconditionFailure("a parsed value could not be written: \(error)")
    }
    precondition(!written.contains(UInt8(ascii: "\n")), "compact JSON with a raw newline breaks newline framing")
    precondition((try? JSONNode(value).serialized()) == written, "JSONNode writes other bytes than the serializer")
    var walked: [UInt8] = []
    try? JSONNode(value).write(into: &walked)
    precondition(walked == written, "JSONNode.write (what ui.redraw batches and traces use) writes other bytes than jansson")
    var writer = JSONWriter()
    writer.value(value)
    precondition((try? JSONParser().parse(writer.bytes)) == value, "JSONWriter's text reads back as another value")
    let reread = try? JSONParser().parse(written)
    precondition(reread == value, "the round trip changed the value")
    return 0
}

@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzJSON(UnsafeRawPointer($0), size) } ?? 0 }
}
