import BenchKit

/// The charts of one scenario: median time per configuration and size with interval
/// whiskers, time against size on log-log axes with fitted exponents, and time
/// against peak allocated memory.
///
/// Cost: string building; a chart is skipped when its data is missing.
struct ScenarioCharts {
    let scenario: ScenarioView
    let analysis: RunAnalysis

    var html: HTML {
        let figures = [bars, scaling, memory].compactMap { $0 }
        guard !figures.isEmpty else { return "" }
        return "<div class=\"charts\">\(figures)</div>"
    }

    private static let timeAxis = ChartAxis(title: "median time", format: time)
    private static let time: @Sendable (Double) -> String = {
        ValueFormat.tick($0, unit: .nanoseconds)
    }

    private var bars: HTML? {
        let series = scenario.configurations.map { configuration in
            ChartSeries(
                name: configuration,
                points: scenario.sizes.enumerated().compactMap { index, size in
                    point(configuration, size, x: Double(index))
                })
        }
        guard series.contains(where: { !$0.points.isEmpty }) else { return nil }
        let chart = BarChart(
            title: "\(scenario.benchmark.description): median time by size",
            categories: scenario.sizes.map(SizeFormat.short), series: series,
            yAxis: Self.timeAxis)
        return figure(chart.svg, "Median wall time per configuration; whiskers: 95% CI.")
    }

    private var scaling: HTML? {
        guard scenario.sizes.count >= 2 else { return nil }
        let series = scenario.configurations.map { configuration in
            ChartSeries(
                name: configuration + exponent(configuration),
                points: scenario.sizes.compactMap { point(configuration, $0, x: Double($0)) })
        }
        let chart = LineChart(
            title: "\(scenario.benchmark.description): time against size (log-log)",
            series: series,
            xAxis: ChartAxis(
                title: "size (log scale)",
                format: { $0 < 9e18 ? SizeFormat.short(Int($0)) : String(format: "%.0e", $0) }),
            yAxis: ChartAxis(title: "median time (log scale)", format: Self.time))
        return figure(
            chart.svg, "Slope = scaling exponent: 0 constant, 1 linear, 2 quadratic.")
    }

    private var memory: HTML? {
        let metric = Metric.peakAllocated.name
        let series = scenario.configurations.map { configuration in
            ChartSeries(
                name: configuration,
                points: scenario.sizes.compactMap { size -> ChartPoint? in
                    guard let time = scenario.summary(Metric.wallTime.name, configuration, size),
                        let bytes = scenario.summary(metric, configuration, size), bytes.median > 0
                    else { return nil }
                    return ChartPoint(
                        x: bytes.median, y: time.median,
                        label: "\(configuration) \(SizeFormat.short(size)): "
                            + "\(ValueFormat.duration(time.median)), peak "
                            + ValueFormat.bytes(bytes.median))
                })
        }
        guard series.filter({ !$0.points.isEmpty }).count >= 2 else { return nil }
        let chart = LineChart(
            title: "\(scenario.benchmark.description): time against peak memory", series: series,
            xAxis: ChartAxis(
                title: "peak allocated bytes (log scale)",
                format: { ValueFormat.tick($0, unit: .bytes) }),
            yAxis: ChartAxis(title: "median time (log scale)", format: Self.time))
        return figure(chart.svg, "One point per size; lower left is better.")
    }

    private func point(_ configuration: String, _ size: Int, x: Double) -> ChartPoint? {
        guard let time = scenario.summary(Metric.wallTime.name, configuration, size) else {
            return nil
        }
        return ChartPoint(
            x: x, y: time.median, low: time.medianInterval.low, high: time.medianInterval.high,
            label: "\(configuration) \(SizeFormat.short(size)): "
                + "\(ValueFormat.duration(time.median)) (95% CI "
                + "\(ValueFormat.duration(time.medianInterval.low))–"
                + "\(ValueFormat.duration(time.medianInterval.high)))")
    }

    /// ` (n^1.02)` from the run's scaling fit of wall time, or empty.
    private func exponent(_ configuration: String) -> String {
        let fit = analysis.scaling.first {
            $0.benchmark == scenario.benchmark && $0.configuration == configuration
                && $0.metric == Metric.wallTime.name
        }
        return fit.map { " (n^\(ValueFormat.significant($0.fit.exponent)))" } ?? ""
    }

    private func figure(_ svg: HTML, _ caption: String) -> HTML {
        "<figure>\(svg)<figcaption>\(caption)</figcaption></figure>"
    }
}
