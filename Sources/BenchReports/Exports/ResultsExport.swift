import BenchKit
import Foundation

/// A results file in a format another benchmark service reads: one entry per passed
/// case and metric, the metric's median (with the median's 95% interval where the
/// format has a place for it).
///
/// | format | read by | shape |
/// |---|---|---|
/// | ``Format/bmf`` | Bencher (`bencher run --adapter json --file`) | `{case: {measure: {value, lower_value, upper_value}}}` |
/// | ``Format/githubActionBenchmark`` | github-action-benchmark (`tool: customSmallerIsBetter`) | `[{name, unit, value, range?, extra?}]` |
/// | ``Format/benchfmt`` | Go's benchstat and `golang.org/x/perf/benchfmt` | `Benchmark<Name> <iterations> <value> <unit>…` lines, `Unit … assume=exact` |
///
/// Metrics where larger is better are left out of the github-action-benchmark file
/// (one file is one tool, and the tool is `customSmallerIsBetter`) and named in
/// ``skipped(in:)``. Cost: one pass over the cases.
public struct ResultsExport {
    /// The formats.
    public enum Format: String, CaseIterable, Sendable {
        /// Bencher Metric Format JSON.
        case bmf
        /// github-action-benchmark's custom JSON (`customSmallerIsBetter`).
        case githubActionBenchmark = "github-action-benchmark"
        /// Go's benchmark data format.
        case benchfmt

        /// The format named `name`: its raw value, or `gab` for github-action-benchmark.
        public init?(name: String) {
            if name == "gab" {
                self = .githubActionBenchmark
            } else {
                self.init(rawValue: name)
            }
        }

        /// The names ``init(name:)`` reads, for messages: `bmf, github-action-benchmark
        /// (gab), benchfmt`.
        public static var names: String {
            allCases.map { $0 == .githubActionBenchmark ? "\($0.rawValue) (gab)" : $0.rawValue }
                .joined(separator: ", ")
        }
    }

    /// One case's metric, in the order the results hold them.
    struct Entry {
        let key: CaseKey
        let metric: Metric
        let summary: Summary
        let iterations: Int
    }

    let entries: [Entry]
    /// The rules that decide which counters benchfmt marks `assume=exact`.
    let thresholds: GateThresholds

    /// The passed cases of `results` with their metrics.
    /// - Parameters:
    ///   - results: The run.
    ///   - thresholds: The gate's rules (a thresholds file): benchfmt marks a counter
    ///     `assume=exact` only when they gate it exactly in every case exported and it
    ///     is not one of ``BenchKit/Metric/varyingCounters``; the built-in rules when
    ///     none is given.
    public init(_ results: RunResults, thresholds: GateThresholds = GateThresholds()) {
        self.thresholds = thresholds
        entries = results.cases.filter { $0.status == .passed }.flatMap { result in
            let iterations = result.iterations["timed"] ?? result.iterations["counted"] ?? 0
            return result.metrics.map {
                Entry(
                    key: result.key, metric: $0.metric, summary: $0.summary,
                    iterations: iterations)
            }
        }
    }

    /// The file's text in `format`.
    public func text(_ format: Format) -> String {
        switch format {
        case .bmf: BencherMetricFormat.text(entries)
        case .githubActionBenchmark: GitHubActionBenchmark.text(entries)
        case .benchfmt:
            GoBenchmarkFormat.text(entries) { metric in
                metric.isExactCounter(
                    under: thresholds,
                    in: Array(Set(entries.filter { $0.metric == metric }.map(\.key.benchmark))))
            }
        }
    }

    /// Lines about what `format` leaves out.
    public func skipped(in format: Format) -> [String] {
        guard format == .githubActionBenchmark else { return [] }
        let larger = Set(
            entries.filter { $0.metric.direction != .smallerIsBetter }.map(\.metric.name))
        return larger.sorted().map {
            "\($0): larger is better, left out of a customSmallerIsBetter file"
        }
    }

    /// The name a case has in every format: `suite/scenario[configuration]@size`.
    static func caseName(_ key: CaseKey) -> String {
        "\(key.benchmark)[\(key.configuration)]@\(key.size)"
    }

    /// A number as JSON writes it: integers without a fraction, others shortest.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.isFinite ? "\(value)" : "0"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
