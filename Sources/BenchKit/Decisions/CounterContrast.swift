/// Why one configuration is faster than another, in the counters both cases recorded:
/// statements, rows, faults, allocations, bytes allocated.
///
/// Names the (at most two) counters that differ most, each by at least half again:
/// `count-subquery runs 1 statement and reads 1,000 rows; prefetch runs 2 and reads
/// 11,000`. Cost: a few metric lookups.
struct CounterContrast {
    let winner: CaseResult
    let other: CaseResult

    /// A counter and how a sentence says it.
    private struct Counter {
        let metric: String
        let verb: String
        let noun: String
        let bytes: Bool

        func text(_ value: Double, noun withNoun: Bool) -> String {
            let number = bytes ? DecisionFormat.bytes(value) : DecisionFormat.count(value)
            guard withNoun, !noun.isEmpty else { return "\(verb) \(number)" }
            let plural = value == 1 ? String(noun.dropLast()) : noun
            return "\(verb) \(number) \(plural)"
        }
    }

    private static let counters = [
        Counter(metric: "sql.statements", verb: "runs", noun: "statements", bytes: false),
        Counter(metric: "sql.rows", verb: "reads", noun: "rows", bytes: false),
        Counter(
            metric: "engine.object-faults", verb: "fires", noun: "object faults", bytes: false),
        Counter(
            metric: "engine.relationship-faults", verb: "fires", noun: "relationship faults",
            bytes: false),
        Counter(metric: Metric.allocations.name, verb: "makes", noun: "allocations", bytes: false),
        Counter(metric: Metric.bytesAllocated.name, verb: "allocates", noun: "", bytes: true),
    ]

    /// The sentence, or nil when no counter differs by half again.
    var sentence: String? {
        let differing = Self.counters.compactMap { counter -> (Counter, Double, Double, Double)? in
            guard let mine = value(counter.metric, winner),
                let theirs = value(counter.metric, other)
            else { return nil }
            let spread = max(mine, theirs) / max(min(mine, theirs), 1)
            guard spread >= 1.5 else { return nil }
            return (counter, mine, theirs, spread)
        }
        let top = differing.sorted { $0.3 > $1.3 }.prefix(2)
            .sorted { first, second in
                Self.counters.firstIndex { $0.metric == first.0.metric }!
                    < Self.counters.firstIndex { $0.metric == second.0.metric }!
            }
        guard !top.isEmpty else { return nil }
        let mine = top.map { $0.0.text($0.1, noun: true) }
        let theirs = top.map { $0.0.text($0.2, noun: false) }
        return "\(winner.key.configuration) \(SizeVerdict.list(mine)); "
            + "\(other.key.configuration) \(SizeVerdict.list(theirs))"
    }

    /// The median of `metric` in `result`; statements fall back to the SQL trace.
    private func value(_ metric: String, _ result: CaseResult) -> Double? {
        if let measured = result.metric(named: metric) { return measured.summary.median }
        if metric == "sql.statements", let trace = result.sqlTrace {
            return Double(trace.statementCount)
        }
        return nil
    }
}
