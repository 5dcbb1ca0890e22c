import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// Which configuration the reports tell a reader to use, from planted results whose
/// medians and intervals are known (``ReportFixtures/result``: eight samples within
/// -2% and +1.5% of the time given).
@Suite struct ScenarioVerdictTests {
    static let id = BenchmarkID(suite: "fetch", scenario: "posts")

    /// A case of `configuration` at `size` taking `time` ns, of `kind`.
    static func planted(
        _ configuration: String, _ size: Int, _ time: Double,
        kind: BenchmarkConfiguration.Kind = .subject, statements: Int? = nil
    ) -> CaseResult {
        let trace = statements.map {
            SQLTrace(statements: [ReportFixtures.group(ReportFixtures.userFault, count: $0)])
        }
        return ReportFixtures.result(id, configuration, size: size, time: time, trace: trace)
            .recording(kind: kind)
    }

    @Test("a winner that changes between 10k and 100k is reported as a crossover")
    func crossover() throws {
        let cases = [
            Self.planted("prefetch", 10_000, 1e6), Self.planted("batch-size", 10_000, 2e6),
            Self.planted("prefetch", 100_000, 30e6), Self.planted("batch-size", 100_000, 20e6),
        ]
        let verdict = try #require(ScenarioVerdict(scenario: Self.id, cases: cases, seed: 1))
        #expect(verdict.sizes.map(\.winner) == ["prefetch", "batch-size"])
        #expect(verdict.crossovers.count == 1)
        #expect(
            verdict.headline.hasSuffix(
                "The winner changes between 10k and 100k: prefetch at 10k, batch-size at 100k."))
        let markdown = MarkdownReportWriter().render(ReportFixtures.results(cases))
        #expect(markdown.contains("The winner changes between 10k and 100k"))
    }

    @Test("configurations within each other's intervals tie, and a tie is no crossover")
    func tie() throws {
        let cases = [
            Self.planted("a", 10_000, 1e6), Self.planted("b", 10_000, 1.005e6),
            Self.planted("c", 10_000, 3e6), Self.planted("b", 100_000, 10e6),
            Self.planted("a", 100_000, 10.02e6), Self.planted("c", 100_000, 30e6),
        ]
        let verdict = try #require(ScenarioVerdict(scenario: Self.id, cases: cases, seed: 1))
        let small = verdict.sizes[0]
        #expect(small.winner == "a")
        #expect(small.tied == ["b"])
        #expect(small.runnerUp?.configuration == "c")
        #expect(
            small.sentence.hasPrefix("a and b tie at 10k within noise; a 998 µs (985 µs-1.01 ms)"))
        #expect(verdict.crossovers.isEmpty, "a and b swap places inside the noise")
    }

    @Test("the raw floor is never the winner, however fast; it is given for scale")
    func floorNeverWins() throws {
        let cases = [
            Self.planted("raw", 10_000, 0.1e6, kind: .raw),
            Self.planted("faults", 10_000, 2e6), Self.planted("prefetch", 10_000, 0.4e6),
        ]
        let size = try #require(ScenarioVerdict(scenario: Self.id, cases: cases, seed: 1)).largest
        #expect(size.winner == "prefetch")
        #expect(size.floor?.configuration == "raw")
        #expect(size.floor.map { abs($0.ratio - 0.25) < 0.01 } == true)
        #expect(size.runnerUp?.configuration == "faults")
    }

    @Test("the why names the counters that differ: statements from the traces")
    func why() throws {
        let cases = [
            Self.planted("faults", 10_000, 2e6, statements: 1_001),
            Self.planted("prefetch", 10_000, 0.4e6, statements: 2),
        ]
        let size = try #require(ScenarioVerdict(scenario: Self.id, cases: cases, seed: 1)).largest
        #expect(size.why == "prefetch runs 2 statements; faults runs 1,001")
        #expect(
            size.sentence
                == "prefetch wins at 10k: 399 µs (394 µs-404 µs), 5.00x faster than faults "
                + "(95% CI 4.92-5.09x); prefetch runs 2 statements; faults runs 1,001.")
    }

    @Test("the page and summary.md open with the verdict table, before the findings")
    func firstScreen() {
        let results = ReportFixtures.results(ReportFixtures.tracedCases())
        let page = HTMLReportWriter().render(results)
        let table = page.range(of: "id=\"verdicts\"")
        let findings = page.range(of: "id=\"findings\"") ?? page.range(of: "id=\"n-plus-one\"")
        #expect(table != nil)
        #expect(table.map { table in findings.map { table.lowerBound < $0.lowerBound } } == true)
        #expect(page.contains("<strong>prefetch-author</strong>"))
        let markdown = MarkdownReportWriter().render(results)
        let lines = markdown.split(separator: "\n").map(String.init)
        #expect(lines.firstIndex(of: "## Which configuration to use") == 1)
        #expect(markdown.contains("| faulting/posts-with-author | 100k | **prefetch-author** |"))
    }
}
