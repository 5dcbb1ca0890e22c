import BenchKit

/// Trend charts from a history file (`bench report --history FILE`): per benchmark
/// and size, the median of wall time and of instructions in each recorded run, one
/// line per configuration, with the runs whose environment changed named in the
/// caption, marked on their points and drawn as dashed lines before them.
///
/// Cost: string building, linear in records × cases; empty without records.
struct HistorySection {
    let records: [HistoryRecord]

    /// The metrics charted, each when some record has it.
    static let metrics: [(name: String, unit: MetricUnit)] = [
        (Metric.wallTime.name, .nanoseconds), (Metric.instructions.name, .count),
    ]

    var html: HTML {
        guard !records.isEmpty else { return "" }
        let groups = groupKeys()
        let figures = groups.flatMap { benchmark, size in
            Self.metrics.compactMap { chart(benchmark, size, metric: $0.name, unit: $0.unit) }
        }
        let changes = environmentChanges()
        let note: HTML =
            changes.isEmpty
            ? "<p>\(records.count) runs, one environment.</p>"
            : "<p>\(records.count) runs; the environment changed at \(changes.map { "run \($0 + 1)" }.joined(separator: ", ")) (dashed lines; ◆ in the tooltips): a step there is the machine's, not the code's.</p>"
        return """
            <section class="history"><h2>History</h2>\(note)<div class="charts">\(figures)</div></section>
            """
    }

    /// Indexes of the records whose environment differs from the record before.
    func environmentChanges() -> [Int] {
        records.indices.dropFirst().filter {
            records[$0].environment != records[$0 - 1].environment
        }
    }

    /// Every benchmark and size in the records, in first-seen order.
    private func groupKeys() -> [(BenchmarkID, Int)] {
        var seen: [String] = []
        var keys: [(BenchmarkID, Int)] = []
        for record in records {
            for item in record.cases where !seen.contains("\(item.key.benchmark) \(item.key.size)")
            {
                seen.append("\(item.key.benchmark) \(item.key.size)")
                keys.append((item.key.benchmark, item.key.size))
            }
        }
        return keys
    }

    private func chart(_ benchmark: BenchmarkID, _ size: Int, metric: String, unit: MetricUnit)
        -> HTML?
    {
        let changes = Set(environmentChanges())
        var configurations: [String] = []
        for record in records {
            for item in record.cases
            where item.key.benchmark == benchmark && item.key.size == size
                && item.medians[metric] != nil && !configurations.contains(item.key.configuration)
            {
                configurations.append(item.key.configuration)
            }
        }
        guard !configurations.isEmpty else { return nil }
        let series = configurations.map { configuration in
            ChartSeries(
                name: configuration,
                points: records.enumerated().compactMap { index, record -> ChartPoint? in
                    guard
                        let value = record.cases.first(where: {
                            $0.key.benchmark == benchmark && $0.key.size == size
                                && $0.key.configuration == configuration
                        })?.medians[metric]
                    else { return nil }
                    let commit = record.commit.map { " \($0.prefix(10))" } ?? ""
                    return ChartPoint(
                        x: Double(index + 1), y: value,
                        label:
                            "run \(index + 1)\(commit)\(changes.contains(index) ? " ◆ environment changed" : ""): "
                            + "\(configuration) \(ValueFormat.value(value, unit: unit))")
                })
        }
        var chart = LineChart(
            title: "\(benchmark) \(SizeFormat.short(size)): \(metric) per run", series: series,
            xAxis: ChartAxis(title: "run", format: { String(Int($0)) }),
            yAxis: ChartAxis(
                title: "median \(metric)", format: { ValueFormat.tick($0, unit: unit) }))
        chart.xKind = .linear
        chart.yKind = .linear
        chart.markers = changes.sorted().map { index in
            (
                x: Double(index) + 0.5,
                label: "environment changed before run \(index + 1): "
                    + "\(records[index - 1].environment) → \(records[index].environment)"
            )
        }
        return
            "<figure>\(chart.svg)<figcaption>Median per recorded run, oldest first.</figcaption></figure>"
    }
}
