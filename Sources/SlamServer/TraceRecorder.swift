import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Creates a new trace file in the directory `directory` holds: never an existing name, never
/// through a symbolic link, never waiting on a FIFO (outside ``TraceRecorder``, whose own `open`
/// would shadow the system's).
private func createTraceFile(in directory: Int32, _ name: String) -> Int32 {
    openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
}

/// Opens the trace directory itself, not a link to one.
private func openTraceDirectory(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
}

/// The trace being written (`trace.start` … `trace.stop`): one JSON Lines record per
/// request, reply, notification, connection and screen change, in the order the
/// daemon saw them (Protocol/README.md, "Traces", describes every record).
///
/// Records are built on the event loop from the bytes the service already has (a request
/// as received, a reply or notification as sent) with only a small envelope around them,
/// into a buffer handed to the ``TraceWriter`` when 64 KiB have gathered, 100 ms after
/// the first record not yet handed over, and on stop, reset and shutdown. The writer
/// makes the `write(2)` calls on its own queue, so a slow disk never holds the loop;
/// when it falls more than its bound behind, the trace ends with that reason.
final class TraceRecorder {
    /// Where records go once the buffer holds this much.
    static let bufferLimit = 64 << 10
    /// The longest a record waits in the buffer before it is handed to the writer.
    static let flushDelayMilliseconds = 100
    /// The trace format: a reader refuses a major version it does not know.
    static let formatVersion = 1
    /// The longest `trace.stop` (or a shutdown) waits for the writer to finish the file.
    static let finishTimeoutMilliseconds = 2000

    /// The absolute path of the trace file.
    let path: String
    /// Lines made so far (the buffer included).
    private(set) var records = 0
    /// Lines handed to the writer so far.
    private(set) var recordsHandedOver = 0
    /// Whether records are still taken (false once finished or failed).
    private(set) var isOpen = true
    /// Why writing failed, once it has: the trace then ends.
    private(set) var failure: String?
    /// Set by a `reset`: the service hands the buffer over at the end of the turn.
    var flushRequested = false
    /// Called when a timed hand-over found the trace ended (the service ends it and says why).
    var onFailure: (() -> Void)?

    /// Writes the file, off the loop.
    let writer: TraceWriter
    /// Records not handed over yet. Appended to a few times per record, only on the loop and never
    /// while another access is under way: the run-time exclusivity check cost more than the appends.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private let startNanoseconds: UInt64
    private let scheduler: Scheduler
    private var flushScheduled = false

    /// A trace written by `writer` (see ``open(name:directory:prefix:scheduler:maximumPendingBytes:)``).
    private init(path: String, writer: TraceWriter, scheduler: Scheduler) {
        self.path = path
        self.writer = writer
        self.scheduler = scheduler
        startNanoseconds = Self.monotonicNanoseconds()
        buffer.reserveCapacity(Self.bufferLimit + 4096)
    }

    deinit {
        if isOpen { _ = handOver() }
        writer.finish()
    }

    // MARK: - Opening

    /// Creates the trace file `name` in `directory` (absolute), or, when `name` is nil, a new file
    /// named `<prefix>-trace-<UTC date and time>.jsonl` there. The file is new (never an existing
    /// name, a link or a FIFO), mode 0600 whatever the umask.
    ///
    /// - Throws: -32602 naming `name` when it is not a plain file name or that file exists or
    ///   cannot be created; -32603 when the directory cannot be used (not the client's doing).
    static func open(name: String?, directory: String, prefix: String, scheduler: Scheduler,
                     maximumPendingBytes: Int) throws(ResponseError) -> TraceRecorder {
        if let name, let problem = TraceStartRequest.problem(withName: name) {
            throw .invalidParams("'name' must be a plain file name in the trace directory: \(problem)",
                                 data: ["parameter": "name", "name": .string(name), "reason": .string(problem)])
        }
        let directoryDescriptor = try openDirectory(directory)
        defer { close(directoryDescriptor) }
        let base = directory == "/" ? "" : directory
        if let name {
            let path = base + "/" + name
            let descriptor = createTraceFile(in: directoryDescriptor, name)
            guard descriptor >= 0 else { throw cannotCreate(name, path: path, errno: errno, in: directoryDescriptor) }
            return try recorder(path: path, descriptor: descriptor, scheduler: scheduler, maximumPendingBytes: maximumPendingBytes)
        }
        let stamp = fileStamp(wallClockSeconds())
        var attempt = 1
        while true {
            let candidate = "\(prefix)-trace-\(stamp)\(attempt == 1 ? "" : "-\(attempt)").jsonl"
            let descriptor = createTraceFile(in: directoryDescriptor, candidate)
            if descriptor >= 0 {
                return try recorder(path: base + "/" + candidate, descriptor: descriptor, scheduler: scheduler,
                                    maximumPendingBytes: maximumPendingBytes)
            }
            let code = errno
            guard code == EEXIST, attempt < 1000 else { throw cannotCreate(candidate, path: base + "/" + candidate, errno: code, in: directoryDescriptor) }
            attempt += 1
        }
    }

    /// A recorder writing to the file just created, checked regular and made 0600 (the mode
    /// `open` was given is narrowed by the umask; fchmod makes it exactly that).
    private static func recorder(path: String, descriptor: Int32, scheduler: Scheduler,
                                 maximumPendingBytes: Int) throws(ResponseError) -> TraceRecorder {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .internalError("cannot prepare the trace file '\(path)': \(reason)", data: ["path": .string(path)])
        }
        return TraceRecorder(path: path, writer: TraceWriter(path: path, descriptor: descriptor, maximumPendingBytes: maximumPendingBytes),
                             scheduler: scheduler)
    }

    /// Opens the trace directory (creating it, 0700, when it is missing), refusing one that is
    /// a link, not a directory, or another user's.
    private static func openDirectory(_ directory: String) throws(ResponseError) -> Int32 {
        func unusable(_ reason: String) -> ResponseError {
            .internalError("the trace directory '\(directory)' cannot be used: \(reason)",
                           data: ["path": .string(directory), "reason": .string(reason)])
        }
        guard directory.hasPrefix("/") else { throw unusable("it is not an absolute path") }
        if mkdir(directory, 0o700) != 0, errno != EEXIST { throw unusable(String(cString: strerror(errno))) }
        let descriptor = openTraceDirectory(directory)
        guard descriptor >= 0 else {
            throw unusable(errno == ELOOP || errno == ENOTDIR ? "it is not a directory" : String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw unusable(reason)
        }
        guard status.st_uid == geteuid() else {
            close(descriptor)
            throw unusable("it belongs to uid \(status.st_uid), not \(geteuid())")
        }
        return descriptor
    }

    /// Why `name` could not be created: it exists (and what it is), or the system's reason.
    private static func cannotCreate(_ name: String, path: String, errno code: Int32, in directory: Int32) -> ResponseError {
        var reason = String(cString: strerror(code))
        if code == EEXIST {
            var status = stat()
            let kind = fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? Self.kind(status.st_mode) : "a file"
            reason = "it exists (\(kind)); trace.start only creates new files"
        }
        return .invalidParams("cannot write the trace to '\(path)': \(reason)",
                              data: ["parameter": "name", "name": .string(name), "path": .string(path), "reason": .string(reason)])
    }

    /// What a directory entry is, in words.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
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

    /// The last record (`reason`: `stop` or `shutdown`), handed to the writer with everything before it;
    /// then waits (at most ``finishTimeoutMilliseconds``) for the writer to finish the file.
    /// Returns the number of records; nil when the trace could not be written whole (``failure`` says why).
    func finish(reason: String) -> Int? {
        guard isOpen else { return nil }
        begin("end")
        append(#","reason":"#)
        appendSerialized(JSONNode(reason))
        append(#","records":"#)
        appendInteger(records + 1)
        end()
        let handedOver = handOver()
        isOpen = false
        buffer = []
        writer.finish()
        guard handedOver else { return nil }
        guard writer.waitUntilFinished(milliseconds: Self.finishTimeoutMilliseconds) else {
            failure = "the trace's writer did not finish '\(path)' within \(Self.finishTimeoutMilliseconds) ms; "
                + "the file may lack its last records (\(writer.pendingBytes) bytes were not written yet)"
            return nil
        }
        if let failed = writer.failure {
            failure = failed
            return nil
        }
        return records
    }

    /// Hands what the buffer holds to the writer. Returns false when the trace has ended (``failure`` says why).
    @discardableResult
    func flush() -> Bool {
        flushRequested = false
        guard isOpen else { return false }
        guard handOver() else {
            isOpen = false
            buffer = []
            writer.finish()
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

    /// Gives the buffer to the writer; false (with ``failure`` set) when it refused: an earlier
    /// write failed, or it is too far behind.
    private func handOver() -> Bool {
        guard !buffer.isEmpty else { return failure == nil }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Self.bufferLimit + 4096)
        swap(&chunk, &buffer)
        let lines = records - recordsHandedOver
        switch writer.enqueue(chunk) {
        case .accepted:
            recordsHandedOver += lines
            return true
        case .behind:
            failure = "the trace's writer fell behind by more than \(writer.maximumPendingBytes) bytes; "
                + "the trace ended at record \(recordsHandedOver)"
        case .closed(let reason):
            failure = reason ?? "the trace's writer was closed"
        }
        return false
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
