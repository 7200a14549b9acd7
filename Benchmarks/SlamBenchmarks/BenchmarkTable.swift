import SlamJSON

/// Prints results for people (an aligned table and a summary line) or for
/// scripts (JSON with raw samples in base units: seconds, counts, bytes).
struct BenchmarkTable {
    let results: [BenchmarkResult]

    var failures: [BenchmarkResult] { results.filter { $0.passed == false } }

    /// The table, one row per measurement, then one PASS/FAIL line per target
    /// (as `scripts/bench-rpc.sh` and `scripts/bench-instructions.sh` print theirs),
    /// then a summary line.
    func text() -> String {
        let header = ["measurement", "size", "median", "min", "target", ""]
        let rows = results.map { result -> [String] in
            [result.name, Self.formatSize(result.size),
             Self.format(result.median, result.unit), Self.format(result.minimum, result.unit),
             result.target.map { Self.format($0, result.unit) } ?? "-",
             result.passed.map { $0 ? "pass" : "FAIL" } ?? ""]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let rightAligned: Set<Int> = [1, 2, 3, 4]
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return rightAligned.contains(column) ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = [line(header), String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))]
        lines += rows.map(line)
        let targetLines = self.targetLines()
        if !targetLines.isEmpty { lines += [""] + targetLines + [""] }
        lines.append(summary())
        return lines.joined(separator: "\n")
    }

    /// `PASS tree via service 10k 8.12 ms (target ≤ 10.000 ms)`, one per result with a target.
    func targetLines() -> [String] {
        results.compactMap { result in
            guard let target = result.target, let passed = result.passed else { return nil }
            return "\(passed ? "PASS" : "FAIL") \(result.name.drop(while: { $0 == " " })) \(Self.formatSize(result.size)) "
                + "\(Self.format(result.median, result.unit)) (target \(Self.format(target, result.unit)))"
        }
    }

    /// `12 measurements, 6 with targets: 5 passed, 1 failed (updateUI 10k)`.
    func summary() -> String {
        let targeted = results.filter { $0.target != nil }
        let failed = failures
        var text = "\(results.count) measurements, \(targeted.count) with targets: "
            + "\(targeted.count - failed.count) passed, \(failed.count) failed"
        if !failed.isEmpty {
            text += " (" + failed.map { "\($0.name) \(Self.formatSize($0.size))" }.joined(separator: ", ") + ")"
        }
        return text
    }

    /// Every result with its samples, in base units, as pretty JSON.
    func json() -> String {
        let rows: [JSONValue] = results.map { result in
            var object: JSONValue.Object = [
                "name": .string(result.name),
                "size": .integer(Int64(result.size)),
                "unit": .string(result.unit.rawValue),
                "median": .double(result.median),
                "min": .double(result.minimum),
                "samples": .array(result.samples.map(JSONValue.double)),
            ]
            switch result.target {
            case .atMost(let limit)?: object["target"] = ["atMost": .double(limit)]
            case .exactly(let value)?: object["target"] = ["exactly": .double(value)]
            case nil: object["target"] = .null
            }
            object["passed"] = result.passed.map(JSONValue.bool) ?? .null
            return .object(object)
        }
        let document: JSONValue = [
            "results": .array(rows),
            "passed": .bool(failures.isEmpty),
            "summary": .string(summary()),
        ]
        let bytes = (try? JSONSerializer(style: .pretty(indent: 2)).serialize(document)) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Formatting

    static func formatSize(_ size: Int) -> String {
        size >= 1000 && size.isMultiple(of: 1000) ? "\(size / 1000)k" : "\(size)"
    }

    static func format(_ target: BenchmarkResult.Target, _ unit: BenchmarkResult.Unit) -> String {
        switch target {
        case .atMost(let limit): "≤ " + format(limit, unit)
        case .exactly(let value): "= " + format(value, unit)
        }
    }

    static func format(_ value: Double, _ unit: BenchmarkResult.Unit) -> String {
        guard value.isFinite else { return "-" }
        switch unit {
        case .count:
            return value == value.rounded() ? String(Int(value)) : decimal(value, digits: 1)
        case .bytes:
            if value >= 1_048_576 { return decimal(value / 1_048_576, digits: 2) + " MiB" }
            if value >= 1_024 { return decimal(value / 1_024, digits: 2) + " KiB" }
            return decimal(value, digits: 0) + " B"
        case .seconds:
            if value >= 1 { return decimal(value, digits: 3) + " s" }
            if value >= 1e-3 { return decimal(value * 1e3, digits: 3) + " ms" }
            if value >= 1e-6 { return decimal(value * 1e6, digits: 2) + " µs" }
            return decimal(value * 1e9, digits: 1) + " ns"
        }
    }

    /// `value` with `digits` decimals, without Foundation.
    private static func decimal(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % Int(scale))
        return sign + String(scaled / Int(scale)) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
