/// The difference between the SQL traces of a case in a baseline and in this run:
/// statements that appeared, disappeared or changed count, and changed query plans.
///
/// Printed under a failing counter gate so the cause is visible. Cost: one dictionary
/// per trace.
public struct TraceDiff: Hashable, Sendable {
    /// One line per difference, such as `+ SELECT … ×1 (appeared)`.
    public let lines: [String]

    /// Compares `baseline` with `current`.
    public init(baseline: SQLTrace, current: SQLTrace) {
        var lines: [String] = []
        let old = Dictionary(baseline.statements.map { ($0.fingerprint, $0) }) { a, _ in a }
        let new = Dictionary(current.statements.map { ($0.fingerprint, $0) }) { a, _ in a }
        for group in current.statements {
            guard let before = old[group.fingerprint] else {
                lines.append("+ \(group.fingerprint) ×\(group.count) (appeared)")
                continue
            }
            if before.count != group.count {
                lines.append("~ \(group.fingerprint) ×\(before.count) → ×\(group.count)")
            }
            let planBefore = before.queryPlan?.map(\.detail) ?? []
            let planAfter = group.queryPlan?.map(\.detail) ?? []
            if before.queryPlan != nil && group.queryPlan != nil && planBefore != planAfter {
                lines.append("~ plan of \(group.fingerprint):")
                lines += planBefore.filter { !planAfter.contains($0) }.map { "    - \($0)" }
                lines += planAfter.filter { !planBefore.contains($0) }.map { "    + \($0)" }
            }
        }
        for group in baseline.statements where new[group.fingerprint] == nil {
            lines.append("- \(group.fingerprint) ×\(group.count) (disappeared)")
        }
        self.lines = lines
    }

    /// Counters derived from a trace: statements by kind (`sql.select`, …), SELECTs
    /// whose plan scans a whole table (`sql.fullScans`) or sorts in a temporary B-tree
    /// (`sql.tempSorts`).
    public static func counters(of trace: SQLTrace) -> [String: Double] {
        var counters: [String: Double] = [:]
        for (kind, count) in trace.countsByKind { counters["sql.\(kind.rawValue)"] = Double(count) }
        counters["sql.fullScans"] = Double(
            trace.statements.filter(\.hasFullScan).reduce(0) { $0 + $1.count })
        counters["sql.tempSorts"] = Double(
            trace.statements.filter(\.usesTempBTree).reduce(0) { $0 + $1.count })
        return counters
    }
}
