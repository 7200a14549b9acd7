import SlamJSON
import SlamProtocol
import SlamRPC

/// Refusing what would pass one of the ``ServiceLimits``.
extension SlamService {
    /// Refuses with -32017 unless `held + adding` stays within `limit`.
    ///
    /// - Parameters:
    ///   - held: how many the connection (or the daemon) holds now.
    ///   - adding: how many the request would add.
    func check(_ limit: ServiceLimits.Limit, holding held: Int, adding: Int = 1) throws(ResponseError) {
        let bound = configuration.limits[limit]
        guard held + adding > bound else { return }
        let holder = limit.scope == "connection" ? "this connection" : "the daemon (all connections together)"
        let state = adding == 1 || held >= bound
            ? "\(holder) already has \(held) \(limit.counted), the most it may have"
            : "\(holder) has \(held) \(limit.counted) and \(adding) more would pass the bound of \(bound)"
        throw ResponseError(code: .limitReached,
                            message: "\(ErrorCode.limitReached.slamName): \(state) (\(limit.option) \(bound)); \(limit.advice)",
                            data: ["limit": .string(limit.rawValue), "value": .integer(Int64(bound)),
                                   "option": .string(limit.option), "scope": .string(limit.scope)])
    }

    /// Refuses a new pending wait or action of `session`, holding patterns of `patternCharacters`
    /// characters that may take `patternSteps` steps on a text, beyond its connection's or the daemon's bounds.
    func checkRoomForWait(of session: ClientSession, patternCharacters: Int, patternSteps: Int) throws(ResponseError) {
        try check(.pendingWaitsPerConnection, holding: session.pendingWaits.count)
        try check(.pendingWaits, holding: waits.count)
        guard patternCharacters > 0 else { return }
        try check(.pendingPatternCharactersPerConnection, holding: session.pendingPatternCharacters, adding: patternCharacters)
        try check(.pendingPatternCharacters, holding: pendingPatternCharacters, adding: patternCharacters)
        try check(.pendingPatternStepsPerConnection, holding: session.pendingPatternSteps, adding: patternSteps)
        try check(.pendingPatternSteps, holding: pendingPatternSteps, adding: patternSteps)
    }
}
