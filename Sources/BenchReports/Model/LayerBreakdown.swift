import BenchKit

/// For the scenarios of the three-layer lab (configurations `coredata`, `swiftdata` and
/// a raw floor, as in the `layers` suite), one sentence saying where the time of the
/// slowest API layer (the floor excluded: it has no API layer) goes, from what the case
/// recorded: the time SQLite spent in its statements (the SQL trace), and the rest, the
/// API layer, named by the counters that explain it (rows materialized, changed
/// objects tracked and written).
///
/// `swiftdata` is the slowest API layer at 100k (412 ms): SQLite 120 ms (29%) in 1
/// statement returning 100,000 rows; the other 292 ms (71%) are the API layer:
/// materializing 100,000 rows.
///
/// Cost: a few lookups per scenario.
struct LayerBreakdown {
    let scenario: ScenarioView

    /// Whether the scenario is one of the layer lab's.
    var applies: Bool {
        scenario.configurations.contains("coredata")
            && scenario.configurations.contains("swiftdata")
    }

    /// The sentence, or nil when the scenario is not a layer scenario or the slowest
    /// case has no time or no SQL trace.
    var sentence: String? {
        guard applies, let size = scenario.sizes.last else { return nil }
        let layers = scenario.configurations.filter { $0 != scenario.floor }
        let timed = layers.compactMap { name -> (String, Double)? in
            scenario.summary(Metric.wallTime.name, name, size).map { (name, $0.median) }
        }
        guard let (slowest, total) = timed.max(by: { $0.1 < $1.1 }), total > 0,
            let trace = scenario.result(slowest, size)?.sqlTrace
        else { return nil }
        let sql = min(trace.totalNanoseconds, total)
        let statements = trace.statementCount
        let rows = count("sql.rows", slowest, size)
        return "\(slowest) is the slowest API layer at \(SizeFormat.short(size)) "
            + "(\(ValueFormat.duration(total))): SQLite \(ValueFormat.duration(sql)) "
            + "(\(ValueFormat.percent(sql / total))) in \(ValueFormat.count(Double(statements))) "
            + (statements == 1 ? "statement" : "statements")
            + " returning \(ValueFormat.count(Double(rows))) \(rows == 1 ? "row" : "rows"); the other "
            + "\(ValueFormat.duration(total - sql)) (\(ValueFormat.percent(1 - sql / total))) "
            + "are the API layer: \(apiWork(slowest, size))."
    }

    /// The work outside SQLite that the counters show.
    private func apiWork(_ configuration: String, _ size: Int) -> String {
        let rows = count("sql.rows", configuration, size)
        let changed = ["sql.inserts", "sql.updates", "sql.deletes"].reduce(0) {
            $0 + count($1, configuration, size)
        }
        var parts: [String] = []
        if changed > 0 {
            parts.append(
                "tracking \(ValueFormat.count(Double(changed))) changed objects and building "
                    + "their statements")
        }
        // A save reads a row or two of its own (key reservation): not materializing.
        if rows > changed {
            parts.append(
                "materializing \(ValueFormat.count(Double(rows))) \(rows == 1 ? "row" : "rows")")
        }
        return parts.isEmpty ? "the layer's own bookkeeping" : parts.joined(separator: ", ")
    }

    private func count(_ metric: String, _ configuration: String, _ size: Int) -> Int {
        Int(scenario.summary(metric, configuration, size)?.median ?? 0)
    }
}
