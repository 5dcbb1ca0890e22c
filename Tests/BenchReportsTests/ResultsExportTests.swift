import BenchKit
import Testing

@testable import BenchReports

/// `bench export`: each format's whole text for a small results file, against the
/// formats' published rules:
/// - Bencher Metric Format, https://bencher.dev/docs/reference/bencher-metric-format
///   (an object of benchmarks, each an object of measures, each `value` with optional
///   `lower_value` and `upper_value`);
/// - github-action-benchmark, README "Examples" / custom benchmarks,
///   https://github.com/benchmark-action/github-action-benchmark (an array of
///   `name`, `unit`, `value`, optional `range` and `extra` strings; the
///   `customSmallerIsBetter` tool);
/// - Go's benchmark format, https://go.googlesource.com/proposal/+/master/design/14313-benchmark-format.md
///   (`Benchmark…` name without spaces, iterations, value/unit pairs) with unit
///   metadata `Unit <unit> better=… assume=exact` (golang/go#43744, golang.org/x/perf/benchfmt).
@Suite struct ResultsExportTests {
    static let throughput = Metric(
        name: "rows per second", unit: .count, direction: .largerIsBetter)

    /// Two passed cases (one configuration name with a space, quotes and a slash) and
    /// a failed one, which no export lists. Constant samples: median and interval are
    /// the value itself.
    static func results() -> RunResults {
        let id = BenchmarkID(suite: "faulting", scenario: "posts-with-author")
        func result(_ configuration: String, _ status: CaseStatus, _ metrics: [(Metric, Double)])
            -> CaseResult
        {
            CaseResult(
                key: CaseKey(benchmark: id, configuration: configuration, size: 10_000),
                status: status, checksum: "0x00000000000000ff",
                iterations: ["timed": 8, "instrumented": 2],
                metrics: metrics.map {
                    MetricResult(metric: $0.0, samples: Array(repeating: $0.1, count: 4), seed: 1)
                }, errors: [])
        }
        return ReportFixtures.results([
            result(
                "faults", .passed,
                [
                    (.wallTime, 2000), (Metric(name: "sql.statements", unit: .count), 3),
                    (.allocations, 10), (throughput, 7.5),
                ]),
            result("say \"hi\"/now", .passed, [(.wallTime, 1500)]),
            result("broken", .failed, [(.wallTime, 1)]),
        ])
    }

    @Test("BMF: benchmarks by name, measures as slugs, value with its interval")
    func bmf() {
        #expect(
            ResultsExport(Self.results()).text(.bmf) == """
                {
                  "faulting/posts-with-author[faults]@10000": {
                    "walltime": {"value": 2000, "lower_value": 2000, "upper_value": 2000},
                    "sql-statements": {"value": 3, "lower_value": 3, "upper_value": 3},
                    "allocations": {"value": 10, "lower_value": 10, "upper_value": 10},
                    "rows-per-second": {"value": 7.5, "lower_value": 7.5, "upper_value": 7.5}
                  },
                  "faulting/posts-with-author[say \\"hi\\"/now]@10000": {
                    "walltime": {"value": 1500, "lower_value": 1500, "upper_value": 1500}
                  }
                }

                """)
    }

    @Test("github-action-benchmark: smaller-is-better entries only, the rest named")
    func githubActionBenchmark() {
        let export = ResultsExport(Self.results())
        #expect(
            export.text(.githubActionBenchmark) == """
                [
                  {"name": "faulting/posts-with-author[faults]@10000 - wallTime", "unit": "ns", "value": 2000, "range": "± 0", "extra": "median of 4 samples; 95% interval 2000–2000"},
                  {"name": "faulting/posts-with-author[faults]@10000 - sql.statements", "unit": "count", "value": 3, "range": "± 0", "extra": "median of 4 samples; 95% interval 3–3"},
                  {"name": "faulting/posts-with-author[faults]@10000 - allocations", "unit": "count", "value": 10, "range": "± 0", "extra": "median of 4 samples; 95% interval 10–10"},
                  {"name": "faulting/posts-with-author[say \\"hi\\"/now]@10000 - wallTime", "unit": "ns", "value": 1500, "range": "± 0", "extra": "median of 4 samples; 95% interval 1500–1500"}
                ]

                """)
        #expect(
            export.skipped(in: .githubActionBenchmark)
                == ["rows per second: larger is better, left out of a customSmallerIsBetter file"])
    }

    @Test(
        "benchfmt: unit lines with assume=exact on exact counters, one line per case, no spaces in names"
    )
    func benchfmt() {
        #expect(
            ResultsExport(Self.results()).text(.benchfmt) == """
                Unit ns/op better=lower
                Unit sql-statements/op better=lower assume=exact
                Unit allocations/op better=lower
                Unit rows_per_second/op better=higher assume=exact
                BenchmarkFaulting/posts-with-author/config=faults/size=10000 8 2000 ns/op 3 sql-statements/op 10 allocations/op 7.5 rows_per_second/op
                BenchmarkFaulting/posts-with-author/config=say_"hi"_now/size=10000 8 1500 ns/op

                """)
    }

    /// One case with SQLite's page-cache counters beside a statement count.
    static func cacheResults() -> RunResults {
        let id = BenchmarkID(suite: "materialize", scenario: "n-plus-one")
        let metrics: [(String, Double)] = [
            ("sql.statements", 2), ("sqlite.cache-hits", 34_580), ("sqlite.cache-misses", 3),
            ("sqlite.wal-commits", 1), ("sqlite.syncs", 0),
        ]
        return ReportFixtures.results([
            CaseResult(
                key: CaseKey(benchmark: id, configuration: "engine", size: 10_000),
                status: .passed, checksum: nil, iterations: ["instrumented": 1],
                metrics: metrics.map {
                    MetricResult(
                        metric: Metric(name: $0.0, unit: .count), samples: [$0.1], seed: 1)
                }, errors: [])
        ])
    }

    @Test("benchfmt: SQLite's cache and sync counters are never assume=exact")
    func benchfmtVaryingCounters() {
        #expect(
            ResultsExport(Self.cacheResults()).text(.benchfmt) == """
                Unit sql-statements/op better=lower assume=exact
                Unit sqlite-cache-hits/op better=lower
                Unit sqlite-cache-misses/op better=lower
                Unit sqlite-wal-commits/op better=lower assume=exact
                Unit sqlite-syncs/op better=lower
                BenchmarkMaterialize/n-plus-one/config=engine/size=10000 1 2 sql-statements/op 34580 sqlite-cache-hits/op 3 sqlite-cache-misses/op 1 sqlite-wal-commits/op 0 sqlite-syncs/op

                """)
    }

    @Test("benchfmt: exact only what the given thresholds gate exactly")
    func benchfmtUnderThresholds() {
        let reportOnly = GateThresholds(
            counters: GateRule(gate: true),
            metrics: ["sqlite.wal-commits": GateRule(gate: false)],
            benchmarks: ["materialize/n-plus-one": ["sql.statements": GateRule(tolerance: 0.1)]])
        let text = ResultsExport(Self.cacheResults(), thresholds: reportOnly).text(.benchfmt)
        #expect(!text.contains("assume=exact"))
        let allGated = ResultsExport(Self.cacheResults(), thresholds: GateThresholds())
            .text(.benchfmt)
        #expect(
            allGated.split(separator: "\n").filter { $0.hasSuffix("assume=exact") } == [
                "Unit sql-statements/op better=lower assume=exact",
                "Unit sqlite-wal-commits/op better=lower assume=exact",
            ])
    }

    @Test("an empty run exports empty documents")
    func empty() {
        let export = ResultsExport(ReportFixtures.results([]))
        #expect(export.text(.bmf) == "{}\n")
        #expect(export.text(.githubActionBenchmark) == "[]\n")
        #expect(export.text(.benchfmt) == "")
    }
}
