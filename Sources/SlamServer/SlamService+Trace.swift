import SlamJSON
import SlamProtocol
import SlamRPC

/// Traces: `trace.start`, `trace.stop`, and the path every message takes while one is written.
extension SlamService {
    /// Begins a trace for `session`: the header and the whole UI as it is now, then every
    /// message, connection and screen change until ``endTrace(reason:)``.
    func startTrace(name: String?, for session: ClientSession) throws(ResponseError) -> TraceStarted {
        if let trace {
            throw ResponseError(code: .traceConflict,
                                message: "Trace conflict: a trace is already being written to '\(trace.path)'; trace.stop ends it",
                                data: ["path": .string(trace.path), "tracing": true])
        }
        let recorder = try TraceRecorder.open(name: name, directory: configuration.traceDirectory,
                                              prefix: configuration.traceNamePrefix, scheduler: scheduler,
                                              maximumPendingBytes: configuration.maximumTracePendingBytes)
        // Changes still pending belong before the trace: the first screen is the state after them.
        afterUIActivity()
        remoteUI.activate(application)
        recorder.recordHeader(serverVersion: configuration.serverVersion, clients: sessions.keys.sorted(),
                              startedBy: session.identifier)
        recorder.recordAttach(remoteUI.attachState(state: stateValues(application.state.keys)))
        recorder.onFailure = { [weak self, weak recorder] in
            guard let self, let recorder, trace === recorder else { return }
            endFailedTrace(recorder)
        }
        trace = recorder
        lastTraceFailure = nil
        return TraceStarted(path: recorder.path)
    }

    /// Ends the trace being written (`trace.stop`).
    func stopTrace() throws(ResponseError) -> TraceStopped {
        guard let trace else {
            var message = "Trace conflict: no trace is being written; trace.start begins one"
            if let lastTraceFailure {
                message += " (the last one, '\(lastTraceFailure.path)', ended: \(lastTraceFailure.reason))"
            }
            throw ResponseError(code: .traceConflict, message: message, data: ["path": nil, "tracing": false])
        }
        let path = trace.path
        guard let records = endTrace(reason: "stop") else {
            throw .internalError("the trace could not be written: \(trace.failure ?? "unknown reason")",
                                 data: ["path": .string(path)])
        }
        return TraceStopped(path: path, records: records)
    }

    /// Writes the last record and closes the file, waiting (bounded) for the trace's writer to
    /// finish it; the mirror goes when no renderer needs it.
    /// Returns the number of records, or nil when there was no trace or writing failed.
    @discardableResult
    func endTrace(reason: String) -> Int? {
        guard let trace else { return nil }
        self.trace = nil
        let records = trace.finish(reason: reason)
        if records == nil, let failure = trace.failure { noteTraceFailure(trace, failure) }
        if !sessions.values.contains(where: \.isAttachedToUI) { remoteUI.deactivate() }
        return records
    }

    /// ``perform(_:answering:from:)`` while tracing: the message, its reply and what the turn
    /// changed are recorded as they happen. A reply is recorded only when its request
    /// was (so `trace.start`'s own reply is not, nor a wait's answered after the end).
    func receiveTraced(_ message: [UInt8], answering ticket: ClientSession.Ticket, from session: ClientSession, trace: TraceRecorder) {
        let client = session.identifier
        let reply: ([UInt8]?) -> Void = { [weak session] bytes in
            if let bytes { trace.recordReply(bytes, client: client) }
            session?.answer(ticket, with: bytes)
        }
        do {
            let document = try dispatcher.parse(message)
            trace.recordRequest(maskingSecureText(inRequest: message), client: client)
            dispatcher.handle(document, context: session, reply: reply)
        } catch {
            trace.recordUnreadable(client: client, text: message, reason: "not JSON")
            dispatcher.answerUnparsable(error, reply: reply)
        }
        afterUIActivity()
        // The trace may have ended during the turn (trace.stop, a write that failed).
        guard self.trace === trace else { return }
        if trace.flushRequested { trace.flush() }
        if trace.failure != nil { endFailedTrace(trace) }
    }

    /// The trace's file could not be written: the trace ends, the mirror goes when no renderer needs it.
    private func endFailedTrace(_ trace: TraceRecorder) {
        self.trace = nil
        noteTraceFailure(trace, trace.failure ?? "unknown reason")
        if !sessions.values.contains(where: \.isAttachedToUI) { remoteUI.deactivate() }
    }

    /// A trace whose file could not be written has ended: say so in the log, and to the next `trace.stop`.
    private func noteTraceFailure(_ trace: TraceRecorder, _ failure: String) {
        lastTraceFailure = (trace.path, failure)
        emitLog(level: "warning", message: "the trace ended: \(failure)")
    }
}
