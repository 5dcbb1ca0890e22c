import BenchKit
import DurableFiles
import Foundation

/// Writes `results.csv` and `samples.csv` in tidy long format.
///
/// `results.csv` has one row per benchmark x configuration x size x metric with the
/// unit, direction, n and every statistic; `samples.csv` one row per raw sample.
/// Columns are documented in docs/RESULTS.md. Cost: linear in the samples.
public struct CSVReportWriter: ReportWriter {
    /// Makes the writer.
    public init() {}

    /// ``ReportFormat/csv``.
    public var format: ReportFormat { .csv }

    /// The `results.csv` columns, in order.
    public static let resultColumns = [
        "run_id", "benchmark", "suite", "scenario", "configuration", "size", "metric", "unit",
        "direction", "n", "min", "median", "mean", "p90", "p99", "max", "stddev", "mad", "cv",
        "median_ci_low", "median_ci_high", "outliers_mild", "outliers_severe", "checksum",
        "status",
    ]

    /// The `samples.csv` columns, in order.
    public static let sampleColumns = [
        "run_id", "benchmark", "configuration", "size", "metric", "unit", "iteration", "value",
    ]

    /// Writes both files.
    public func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        let resultsURL = directory.appendingPathComponent("results.csv")
        let samplesURL = directory.appendingPathComponent("samples.csv")
        try AtomicFile.write(resultTable(results).content, to: resultsURL)
        try AtomicFile.write(sampleTable(results).content, to: samplesURL)
        return [resultsURL, samplesURL]
    }

    func resultTable(_ results: RunResults) -> CSVTable {
        var table = CSVTable(header: Self.resultColumns)
        for result in results.cases {
            for metric in result.metrics {
                table.append(resultRow(results.runID, result, metric))
            }
        }
        return table
    }

    func sampleTable(_ results: RunResults) -> CSVTable {
        var table = CSVTable(header: Self.sampleColumns)
        for result in results.cases {
            let key = result.key
            for metric in result.metrics {
                for (iteration, value) in metric.samples.enumerated() {
                    table.append([
                        results.runID, key.benchmark.description, key.configuration,
                        String(key.size), metric.metric.name, metric.metric.unit.rawValue,
                        String(iteration + 1), CSVTable.number(value),
                    ])
                }
            }
        }
        return table
    }

    private func resultRow(_ runID: String, _ result: CaseResult, _ metric: MetricResult)
        -> [String]
    {
        let key = result.key
        let summary = metric.summary
        let numbers = [
            summary.min, summary.median, summary.mean, summary.p90, summary.p99, summary.max,
            summary.standardDeviation, summary.medianAbsoluteDeviation,
            summary.coefficientOfVariation, summary.medianInterval.low, summary.medianInterval.high,
        ].map(CSVTable.number)
        return [
            runID, key.benchmark.description, key.benchmark.suite, key.benchmark.scenario,
            key.configuration, String(key.size), metric.metric.name, metric.metric.unit.rawValue,
            metric.metric.direction.rawValue, String(summary.count),
        ] + numbers + [
            String(summary.outliers.mild), String(summary.outliers.severe),
            result.checksum ?? "", result.status.rawValue,
        ]
    }
}
