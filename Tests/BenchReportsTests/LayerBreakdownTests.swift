import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// The layer lab's sentence: where the slowest configuration's time goes, from its SQL
/// trace and counters, in the Markdown and HTML reports.
@Suite struct LayerBreakdownTests {
    /// `layers/fetch-wide` at 100k: swiftdata 12 ms, coredata 10 ms, raw 2 ms; one
    /// SELECT of 100,000 rows taking 3 ms.
    static func results(configurations: [String] = ["coredata", "swiftdata", "raw"])
        -> RunResults
    {
        let id = BenchmarkID(suite: "layers", scenario: "fetch-wide")
        let times = ["coredata": 10e6, "swiftdata": 12e6, "raw": 2e6, "other": 1e6]
        let select = ReportFixtures.group(
            "SELECT 0, t0.Z_PK FROM ZPOST t0", count: 1, rows: 100_000, nanoseconds: 3e6)
        let cases = configurations.map { name in
            let time = times[name]!
            return CaseResult(
                key: CaseKey(benchmark: id, configuration: name, size: 100_000),
                status: .passed, checksum: "0x00000000000000ff",
                iterations: ["timed": 8, "instrumented": 2],
                metrics: [
                    MetricResult(
                        metric: .wallTime, samples: (0..<8).map { time * (1 + 0.001 * Double($0)) },
                        seed: 1),
                    MetricResult(
                        metric: Metric(name: "sql.rows", unit: .count),
                        samples: [100_000, 100_000], seed: 3),
                ], errors: [], sqlTrace: SQLTrace(statements: [select]))
        }
        return ReportFixtures.results(cases, label: "layers")
    }

    @Test("the slowest layer's time is split into SQLite's and the API layer's, in words")
    func sentence() throws {
        let scenario = try #require(ScenarioView.suites(of: Self.results()).first?.scenarios.first)
        let sentence = try #require(LayerBreakdown(scenario: scenario).sentence)
        #expect(sentence.hasPrefix("swiftdata is the slowest API layer at 100k ("))
        #expect(sentence.contains("SQLite 3.00 ms ("))
        #expect(sentence.contains("in 1 statement returning 100,000 rows"))
        #expect(sentence.contains("are the API layer: materializing 100,000 rows."))
    }

    @Test("the raw floor is never the slowest layer named, even when it is slowest")
    func floorExcluded() throws {
        var results = Self.results()
        results = ReportFixtures.results(
            results.cases.map { result in
                guard result.key.configuration == "raw" else { return result }
                return CaseResult(
                    key: result.key, status: .passed, checksum: result.checksum,
                    iterations: result.iterations,
                    metrics: [
                        MetricResult(
                            metric: .wallTime, samples: Array(repeating: 50e6, count: 8), seed: 1)
                    ],
                    errors: [], sqlTrace: result.sqlTrace)
            }, label: "layers")
        let scenario = try #require(ScenarioView.suites(of: results).first?.scenarios.first)
        #expect(LayerBreakdown(scenario: scenario).sentence?.hasPrefix("swiftdata is") == true)
    }

    @Test("scenarios without coredata and swiftdata configurations get no sentence")
    func onlyLayerScenarios() throws {
        let results = Self.results(configurations: ["coredata", "other", "raw"])
        let scenario = try #require(ScenarioView.suites(of: results).first?.scenarios.first)
        #expect(LayerBreakdown(scenario: scenario).sentence == nil)
    }

    @Test("both reports carry the sentence")
    func reports() {
        let markdown = MarkdownReportWriter().render(Self.results())
        #expect(markdown.contains("- swiftdata is the slowest API layer at 100k"))
        let page = HTMLReportWriter().render(Self.results())
        #expect(page.contains("<p class=\"breakdown\">swiftdata is the slowest API layer at 100k"))
    }
}
