import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opens a trace file for writing, mode 0600 (outside ``TraceRecorder``, whose own `open` would shadow the system's).
private func openTraceFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags, 0o600)
}

/// The trace being written (`trace.start` … `trace.stop`): one JSON Lines record per
/// request, reply, notification, connection and screen change, in the order the
/// daemon saw them (Protocol/README.md, "Traces", describes every record).
///
/// Records are built from the bytes the service already has (a request as received,
/// a reply or notification as sent) with only a small envelope around them, into a
/// buffer the daemon writes to the file on its event loop: when 64 KiB have
/// gathered, 100 ms after the first record not yet written, and on stop, reset
/// and shutdown. Writing there is the measured choice: a trace to a file costs
/// what one to /dev/null does within the noise (`make bench-trace`), so a writer
/// thread would have nothing to save.
final class TraceRecorder {
    /// Where records go once the buffer holds this much.
    static let bufferLimit = 64 << 10
    /// The longest a record waits in the buffer before it is written.
    static let flushDelayMilliseconds = 100
    /// The trace format: a reader refuses a major version it does not know.
    static let formatVersion = 1

    /// The absolute path of the trace file.
    let path: String
    /// Lines written so far (the buffer included).
    private(set) var records = 0
    /// Whether records are still taken (false once finished or failed).
    private(set) var isOpen = true
    /// Why writing failed, once it has: the trace then ends.
    private(set) var failure: String?
    /// Set by a `reset`: the service writes the buffer at the end of the turn.
    var flushRequested = false
    /// Called when a timed write failed between turns (the service ends the trace and says why).
    var onFailure: (() -> Void)?

    private var descriptor: Int32
    /// Records not written yet. Appended to a few times per record, only on the loop and never
    /// while another access is under way: the run-time exclusivity check cost more than the appends.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private let startNanoseconds: UInt64
    private let scheduler: Scheduler
    private var flushScheduled = false

    /// A trace written to `descriptor` (see ``open(path:directory:prefix:scheduler:)``).
    private init(path: String, descriptor: Int32, scheduler: Scheduler) {
        self.path = path
        self.descriptor = descriptor
        self.scheduler = scheduler
        startNanoseconds = Self.monotonicNanoseconds()
        buffer.reserveCapacity(Self.bufferLimit + 4096)
    }

    deinit {
        if isOpen { _ = writeBuffer() }
        if descriptor >= 0 { close(descriptor) }
    }

    // MARK: - Opening

    /// Opens the trace at `path` (absolute; replaced when it exists), or at a new file named
    /// `<prefix>-trace-<UTC date and time>.jsonl` in `directory` when `path` is nil.
    ///
    /// - Throws: -32602 naming `path` when it is relative or cannot be written, with the system's reason.
    static func open(path: String?, directory: String, prefix: String, scheduler: Scheduler) throws(ResponseError) -> TraceRecorder {
        if let path {
            guard path.hasPrefix("/") else {
                throw .invalidParams("'path' must be an absolute path, not '\(path)' (slamd does not share the client's working directory)",
                                     data: ["parameter": "path", "path": .string(path)])
            }
            let descriptor = openTraceFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw cannotWrite(path, errno: errno) }
            return TraceRecorder(path: path, descriptor: descriptor, scheduler: scheduler)
        }
        let stamp = fileStamp(wallClockSeconds())
        var attempt = 1
        while true {
            let candidate = "\(directory)/\(prefix)-trace-\(stamp)\(attempt == 1 ? "" : "-\(attempt)").jsonl"
            let descriptor = openTraceFile(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
            if descriptor >= 0 { return TraceRecorder(path: candidate, descriptor: descriptor, scheduler: scheduler) }
            let code = errno
            guard code == EEXIST, attempt < 1000 else { throw cannotWrite(candidate, errno: code) }
            attempt += 1
        }
    }

    private static func cannotWrite(_ path: String, errno code: Int32) -> ResponseError {
        let reason = String(cString: strerror(code))
        return .invalidParams("cannot write the trace to '\(path)': \(reason)",
                              data: ["parameter": "path", "path": .string(path), "reason": .string(reason)])
    }

    // MARK: - Records

    /// The first record: what the file is.
    func recordHeader(serverVersion: String, clients: [Int], startedBy client: Int) {
        guard isOpen else { return }
        var header = JSONNode.object()
        header.set("type", JSONNode("trace"))
        header.set("format", JSONNode(Self.formatVersion))
        header.set("server", JSONNode("slamd"))
        header.set("serverVersion", JSONNode(serverVersion))
        header.set("protocolVersion", JSONNode(SlamService.protocolVersion))
        let seconds = Self.wallClockSeconds()
        header.set("started", JSONNode(DateTimeValue.format(seconds, as: .dateAndTime)))
        header.set("path", JSONNode(path))
        var connected = JSONNode.array()
        for client in clients { connected.append(JSONNode(client)) }
        header.set("clients", connected)
        header.set("startedBy", JSONNode(client))
        appendNode(header)
    }

    /// The whole UI (the `ui.attach` result): the first screen, and after nothing else.
    func recordAttach(_ state: consuming JSONNode) {
        guard isOpen else { return }
        begin("screen")
        append(#","attach":"#)
        appendSerialized(state)
        end()
    }

    /// One turn's changes to the UI, written by `write` (the `ui.redraw` params) straight into the
    /// trace's buffer, when no renderer receives them; `write` returns false when nothing changed
    /// (then nothing is recorded).
    func recordRedraw(_ write: (inout JSONWriter) -> Bool) {
        guard isOpen else { return }
        let start = buffer.count
        begin("screen")
        append(#","clients":[],"redraw":"#)
        var writer = JSONWriter(capacity: 0)
        swap(&writer.bytes, &buffer)
        let wrote = write(&writer)
        swap(&writer.bytes, &buffer)
        if wrote { end() } else { buffer.removeSubrange(start...) }
    }

    /// One turn's changes to the UI (`ui.redraw` params, serialized), with the renderers that received them.
    func recordRedraw(_ params: ArraySlice<UInt8>, clients: [Int]) {
        guard isOpen else { return }
        begin("screen")
        appendClients(clients)
        append(#","redraw":"#)
        buffer += params
        end()
    }

    /// A message a client sent, as it sent it (`bytes` parsed as JSON).
    func recordRequest(_ bytes: [UInt8], client: Int) {
        guard isOpen else { return }
        begin("request")
        appendClient(client)
        append(#","message":"#)
        // Valid JSON holds a raw line break only between tokens (header framing
        // allows pretty-printed messages); a space there keeps the record on one line.
        let hasLineBreak = bytes.withUnsafeBytes { raw in
            raw.count > 0 && (memchr(raw.baseAddress!, 0x0A, raw.count) != nil || memchr(raw.baseAddress!, 0x0D, raw.count) != nil)
        }
        if hasLineBreak {
            buffer += bytes.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        } else {
            buffer += bytes
        }
        end()
    }

    /// A message that is not JSON: its text (invalid UTF-8 replaced), or why it could not be read at all.
    func recordUnreadable(client: Int, text: [UInt8]?, reason: String) {
        guard isOpen else { return }
        begin("request")
        appendClient(client)
        if let text {
            append(#","text":"#)
            appendSerialized(JSONNode(String(decoding: text, as: UTF8.self)))
        }
        append(#","unreadable":"#)
        appendSerialized(JSONNode(reason))
        end()
    }

    /// A reply as sent to `client` (a batch's reply is one array).
    func recordReply(_ bytes: [UInt8], client: Int) {
        guard isOpen else { return }
        begin("reply")
        appendClient(client)
        append(#","message":"#)
        buffer += bytes
        end()
    }

    /// A notification, written once for every client it went to.
    func recordNotification(_ bytes: [UInt8], clients: [Int]) {
        guard isOpen else { return }
        begin("notification")
        appendClients(clients)
        append(#","message":"#)
        buffer += bytes
        end()
    }

    /// A client connected or disconnected.
    func recordConnection(_ type: StaticString, client: Int) {
        guard isOpen else { return }
        begin(type)
        appendClient(client)
        end()
    }

    /// The last record (`reason`: `stop` or `shutdown`), then everything is written and the file closed.
    /// Returns the number of records; nil when writing failed (``failure`` says why).
    func finish(reason: String) -> Int? {
        guard isOpen else { return nil }
        begin("end")
        append(#","reason":"#)
        appendSerialized(JSONNode(reason))
        append(#","records":"#)
        appendInteger(records + 1)
        end()
        let written = writeBuffer()
        isOpen = false
        close(descriptor)
        descriptor = -1
        buffer = []
        return written ? records : nil
    }

    /// Writes what the buffer holds. Returns false when writing failed: the trace has ended.
    @discardableResult
    func flush() -> Bool {
        flushRequested = false
        guard isOpen else { return false }
        guard writeBuffer() else {
            isOpen = false
            close(descriptor)
            descriptor = -1
            buffer = []
            return false
        }
        return true
    }

    // MARK: - Writing records

    /// Opens a record: `{"type":"…","t":…`. Callers check ``isOpen`` first.
    private func begin(_ type: StaticString) {
        append(#"{"type":""#)
        append(type)
        append(#"","t":"#)
        appendMilliseconds()
    }

    /// Closes a record and counts it; writes the buffer when it is full, else makes sure it will be written soon.
    private func end() {
        buffer.append(UInt8(ascii: "}"))
        buffer.append(0x0A)
        records += 1
        if buffer.count >= Self.bufferLimit {
            flush()
        } else if !flushScheduled {
            flushScheduled = true
            _ = scheduler.schedule(afterMilliseconds: Self.flushDelayMilliseconds) { [weak self] in
                guard let self else { return }
                flushScheduled = false
                if isOpen, !buffer.isEmpty, !flush() { onFailure?() }
            }
        }
    }

    private func appendNode(_ node: consuming JSONNode) {
        appendSerialized(node)
        buffer.append(0x0A)
        records += 1
        if buffer.count >= Self.bufferLimit { flush() }
    }

    private func appendSerialized(_ node: consuming JSONNode) {
        if (try? node.write(into: &buffer)) == nil { append("null") }
    }

    private func appendClient(_ client: Int) {
        append(#","client":"#)
        appendInteger(client)
    }

    private func append(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private func appendClients(_ clients: [Int]) {
        append(#","clients":["#)
        for (index, client) in clients.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            appendInteger(client)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// Milliseconds since the trace began, to the microsecond: `12.345`.
    private func appendMilliseconds() {
        let microseconds = elapsedMicroseconds()
        appendInteger(microseconds / 1000)
        let fraction = microseconds % 1000
        buffer.append(UInt8(ascii: "."))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    private func appendInteger(_ value: Int) {
        JSONNode.writeInteger(Int64(value), into: &buffer)
    }

    private func elapsedMicroseconds() -> Int {
        Int((Self.monotonicNanoseconds() &- startNanoseconds) / 1000)
    }

    /// Writes the whole buffer; false (with ``failure`` set) when the system refused.
    private func writeBuffer() -> Bool {
        var offset = 0
        let count = buffer.count
        while offset < count {
            let written = buffer.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + offset, count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = "cannot write to '\(path)': \(String(cString: strerror(errno)))"
                return false
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
        return true
    }

    // MARK: - Clocks

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func wallClockSeconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time.tv_sec
    }

    /// `20261123-101500`: a UTC date and time for file names.
    static func fileStamp(_ seconds: Int) -> String {
        let digits = DateTimeValue.format(seconds, as: .dateAndTime).filter(\.isNumber)
        return String(digits.prefix(8)) + "-" + String(digits.dropFirst(8))
    }
}
