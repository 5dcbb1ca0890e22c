import BenchKit

/// github-action-benchmark's custom format for `tool: 'customSmallerIsBetter'`: a
/// JSON array of `{"name", "unit", "value"}` with optional `range` (a string) and
/// `extra` (shown in the chart's tooltip). One entry per case and metric, named
/// `case - metric`; larger-is-better metrics are left out (another tool's file).
///
/// Related: https://github.com/benchmark-action/github-action-benchmark#examples
/// (README, "Examples", custom benchmarks)
enum GitHubActionBenchmark {
    static func text(_ entries: [ResultsExport.Entry]) -> String {
        let items = entries.filter { $0.metric.direction == .smallerIsBetter }.map { entry in
            let summary = entry.summary
            let spread = (summary.medianInterval.high - summary.medianInterval.low) / 2
            let fields = [
                "\"name\": "
                    + ResultsExport.jsonString(
                        "\(ResultsExport.caseName(entry.key)) - \(entry.metric.name)"),
                "\"unit\": " + ResultsExport.jsonString(unit(entry.metric.unit)),
                "\"value\": " + ResultsExport.number(summary.median),
                "\"range\": " + ResultsExport.jsonString("± " + ResultsExport.number(spread)),
                "\"extra\": "
                    + ResultsExport.jsonString(
                        "median of \(summary.count) samples; 95% interval "
                            + "\(ResultsExport.number(summary.medianInterval.low))"
                            + "–\(ResultsExport.number(summary.medianInterval.high))"),
            ]
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return items.isEmpty ? "[]\n" : "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    static func unit(_ unit: MetricUnit) -> String {
        switch unit {
        case .nanoseconds: "ns"
        case .bytes: "bytes"
        case .count: "count"
        }
    }
}
