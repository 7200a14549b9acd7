import FuzzSupport
import SlamRPC

/// Arbitrary bytes, cut at an arbitrary point, through the frame decoder: it
/// must never crash, hang or hand out a message over the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFraming(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let split = bytes.first.map { Int($0) % (bytes.count + 1) } ?? 0
    var decoder = FrameDecoder(maximumMessageBytes: 4096, maximumHeaderBytes: 256)
    var events = 0
    for part in [bytes[..<split], bytes[split...]] {
        decoder.append(part)
        while let event = decoder.next() {
            events += 1
            if case .message(let body) = event { precondition(body.count <= 4096, "a message over the limit") }
            precondition(events <= bytes.count + 2, "the decoder produced more events than bytes")
        }
    }
    return 0
}

@_cdecl("FuzzFraming_main")
public func fuzzFramingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzFraming(UnsafeRawPointer($0), size) } ?? 0 }
}
