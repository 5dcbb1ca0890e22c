import BenchKit
import Foundation

/// Go's benchmark data format, as benchstat reads it: one result line per case,
/// `Benchmark<Suite>/<scenario>/config=<name>/size=<n> <iterations> <value> <unit> …`
/// with every metric's median per operation, and a `Unit` line per unit giving
/// `better=lower|higher` and, for counters the gates compare exactly (statements,
/// rows, faults: gating, zero tolerance; never SQLite's cache or checkpoint counters,
/// which move between runs of one build), `assume=exact`.
///
/// Names hold no spaces (a space becomes `_`, as Go's testing package writes
/// sub-benchmark names); units are the metric's name, `-` for `.`, then `ns/op`,
/// `B/op` or `/op`.
///
/// Related: https://go.googlesource.com/proposal/+/master/design/14313-benchmark-format.md,
/// https://github.com/golang/go/issues/43744 (unit metadata),
/// https://pkg.go.dev/golang.org/x/perf/benchfmt
enum GoBenchmarkFormat {
    /// The text; `isExact` says which metrics get `assume=exact`.
    static func text(_ entries: [ResultsExport.Entry], isExact: (Metric) -> Bool) -> String {
        var lines: [String] = []
        var units: [String: ResultsExport.Entry] = [:]
        var unitOrder: [String] = []
        var current: (key: CaseKey, fields: [String])?
        func flush() {
            guard let done = current else { return }
            lines.append(done.fields.joined(separator: " "))
        }
        for entry in entries {
            if current?.key != entry.key {
                flush()
                current = (entry.key, [name(entry.key), "\(max(entry.iterations, 1))"])
            }
            let unit = unit(of: entry.metric)
            current?.fields += [ResultsExport.number(entry.summary.median), unit]
            if units[unit] == nil {
                units[unit] = entry
                unitOrder.append(unit)
            }
        }
        flush()
        let metadata = unitOrder.map { unit in
            let metric = units[unit]!.metric
            let better = metric.direction == .smallerIsBetter ? "lower" : "higher"
            return "Unit \(unit) better=\(better)" + (isExact(metric) ? " assume=exact" : "")
        }
        return (metadata + lines).map { $0 + "\n" }.joined()
    }

    /// `BenchmarkFaulting/posts-with-author/config=faults/size=10000`.
    static func name(_ key: CaseKey) -> String {
        let suite = key.benchmark.suite
        let title = suite.prefix(1).uppercased() + suite.dropFirst()
        let configuration = key.configuration.replacingOccurrences(of: "/", with: "_")
        let raw =
            "Benchmark\(title)/\(key.benchmark.scenario)/config=\(configuration)/size=\(key.size)"
        return String(raw.map { $0.isWhitespace ? "_" : $0 })
    }

    /// `ns/op`, `B/op`, `sql-statements/op`.
    static func unit(of metric: Metric) -> String {
        let base = String(
            metric.name.map { $0 == "." ? "-" : $0.isWhitespace || $0 == "/" ? "_" : $0 })
        switch metric.unit {
        case .nanoseconds: return metric == .wallTime ? "ns/op" : "\(base)-ns/op"
        case .bytes: return "\(base)-B/op"
        case .count: return "\(base)/op"
        }
    }
}
