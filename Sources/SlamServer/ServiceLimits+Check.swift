import SlamProtocol
import SlamRPC

/// Refusing what would pass one of the bounds.
extension ServiceLimits {
    /// Refuses with -32017 unless `held + adding` stays within `limit`.
    ///
    /// - Parameters:
    ///   - held: how many the connection (or the daemon) holds now.
    ///   - adding: how many the request would add.
    func check(_ limit: Limit, holding held: Int, adding: Int = 1) throws(ResponseError) {
        let bound = self[limit]
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
}
