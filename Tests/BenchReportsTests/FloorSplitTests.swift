import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// The engine against its own SQL (docs/FLOOR.md): for a scenario with both floors,
/// each engine configuration's ratio to `raw` split into `raw-same-sql / raw` and
/// `engine / raw-same-sql`, with intervals, in `summary.md` and `index.html`.
@Suite struct FloorSplitTests {
    static let readTwo = BenchmarkID(suite: "materialize", scenario: "read-two")

    /// A case measured with `--instructions`: two equal counts, plus wall times.
    static func counted(
        _ benchmark: BenchmarkID, _ configuration: String, _ kind: BenchmarkConfiguration.Kind,
        instructions: Double, statements: Int = 1, size: Int = 10_000
    ) -> CaseResult {
        let select = ReportFixtures.group("SELECT 0, t0.Z_PK FROM ZPOST t0", count: statements)
        return CaseResult(
            key: CaseKey(benchmark: benchmark, configuration: configuration, size: size),
            status: .passed, checksum: "0x00000000000000ff",
            iterations: ["timed": 2, "instrumented": 2],
            metrics: [
                MetricResult(
                    metric: .wallTime, samples: [instructions / 10, instructions / 10], seed: 1),
                MetricResult(
                    metric: .instructions, samples: [instructions, instructions], seed: 2),
            ], errors: [], sqlTrace: SQLTrace(statements: [select])
        ).recording(kind: kind)
    }

    /// `read-two`: typed 97M instructions, kvc 112M in 2 statements, raw 28M, the
    /// same-SQL floor 56M; plus a `faulting` scenario without the second floor.
    static func results(engineName: String = "typed") -> RunResults {
        let faulting = BenchmarkID(suite: "faulting", scenario: "posts-with-author")
        return ReportFixtures.results(
            [
                counted(readTwo, engineName, .subject, instructions: 97e6),
                counted(readTwo, "kvc", .subject, instructions: 112e6, statements: 2),
                counted(readTwo, "raw", .raw, instructions: 28e6),
                counted(readTwo, "raw-same-sql", .raw, instructions: 56e6),
                counted(faulting, "faults", .subject, instructions: 20e6),
                counted(faulting, "raw", .raw, instructions: 6e6),
            ], label: "materialize")
    }

    @Test("each engine configuration's ratio splits into the statement shape's and the engine's")
    func rows() throws {
        let rows = FloorSplit.rows(of: Self.results())
        #expect(rows.map(\.configuration) == ["typed", "kvc"])
        let typed = try #require(rows.first)
        #expect(typed.scenario == Self.readTwo)
        #expect(typed.size == 10_000)
        #expect(typed.metric == .instructions)
        #expect(abs(typed.whole.value - 97.0 / 28.0) < 1e-12)
        #expect(abs(typed.shape.value - 2.0) < 1e-12)
        #expect(abs(typed.engine.value - 97.0 / 56.0) < 1e-12)
        #expect(abs(typed.shape.value * typed.engine.value - typed.whole.value) < 1e-12)
        #expect(typed.whole.text == "3.46x (3.46-3.46x)")
        #expect(typed.shape.text == "2.00x (2.00-2.00x)")
        #expect(typed.engine.text == "1.73x (1.73-1.73x)")
        #expect(typed.statementsNote.isEmpty)
        #expect(rows[1].engine.text == "2.00x (2.00-2.00x)")
        #expect(rows[1].statementsNote == "differs: 2 vs 1")
        let single = FloorSplit.Row(
            scenario: Self.readTwo, configuration: "batch-0", size: 10_000, metric: .instructions,
            whole: typed.whole, shape: typed.shape, engine: typed.engine,
            differentStatements: (1, 853))
        #expect(single.statementsNote == "differs: 1 vs 853")
    }

    @Test("without counted instructions the split is of wall time, with the bootstrap interval")
    func wallTime() throws {
        let cases = [
            ("typed", 30e6, BenchmarkConfiguration.Kind.subject), ("raw", 10e6, .raw),
            ("raw-same-sql", 20e6, .raw),
        ].map { name, time, kind in
            ReportFixtures.result(Self.readTwo, name, size: 100_000, time: time).recording(
                kind: kind)
        }
        let row = try #require(FloorSplit.rows(of: ReportFixtures.results(cases)).first)
        #expect(row.metric == .wallTime)
        #expect(abs(row.whole.value - 3) < 1e-9)
        #expect(abs(row.shape.value - 2) < 1e-9)
        #expect(abs(row.engine.value - 1.5) < 1e-9)
        // Samples spread by 3.5%: the interval is not a point, and holds the ratio.
        #expect(row.engine.interval.low < row.engine.interval.high)
        #expect(row.engine.interval.contains(1.5))
        #expect(!row.engine.interval.contains(1))
    }

    @Test("a scenario missing either floor, or a failed case, has no row")
    func missingFloor() {
        let failed = ReportFixtures.result(
            Self.readTwo, "raw-same-sql", size: 10_000, time: 1e6, status: .failed
        ).recording(kind: .raw)
        let cases = [
            ReportFixtures.result(Self.readTwo, "typed", size: 10_000, time: 3e6)
                .recording(kind: .subject),
            ReportFixtures.result(Self.readTwo, "raw", size: 10_000, time: 1e6)
                .recording(kind: .raw), failed,
        ]
        #expect(FloorSplit.rows(of: ReportFixtures.results(cases)).isEmpty)
        #expect(FloorSplit.rows(of: ReportFixtures.results(Array(cases.prefix(2)))).isEmpty)
        let markdown = MarkdownReportWriter().render(ReportFixtures.results(cases))
        #expect(!markdown.contains("The engine against its own SQL"))
        #expect(!HTMLReportWriter().render(ReportFixtures.results(cases)).contains("floor-split"))
    }

    @Test("summary.md has a row per engine configuration with the three ratios")
    func markdown() {
        let text = MarkdownReportWriter().render(Self.results())
        #expect(text.contains("## The engine against its own SQL"))
        #expect(
            text.contains(
                "| materialize/read-two | typed | 10k | instructions | 3.46x (3.46-3.46x) | "
                    + "2.00x (2.00-2.00x) | 1.73x (1.73-1.73x) | same |"))
        #expect(
            text.contains(
                "| materialize/read-two | kvc | 10k | instructions | 4.00x (4.00-4.00x) | "
                    + "2.00x (2.00-2.00x) | 2.00x (2.00-2.00x) | differs: 2 vs 1 |"))
        #expect(!text.contains("| faulting/posts-with-author | faults | 10k | instructions"))
    }

    @Test("index.html has the section, its rows, and escapes a hostile configuration name")
    func html() {
        let page = HTMLReportWriter().render(Self.results(engineName: "<b>t|y_p*e</b>"))
        #expect(
            page.contains("<section id=\"floor-split\"><h2>The engine against its own SQL</h2>"))
        #expect(page.contains("<td class=\"text\">&lt;b&gt;t|y_p*e&lt;/b&gt;</td>"))
        #expect(!page.contains("<b>t|y"))
        #expect(page.contains("<td><strong>1.73x (1.73-1.73x)</strong></td>"))
        #expect(page.contains("href=\"#materialize-read-two\""))
        let markdown = MarkdownReportWriter().render(Self.results(engineName: "<b>t|y_p*e</b>"))
        #expect(
            markdown.contains(
                "| materialize/read-two | &lt;b&gt;t\\|y\\_p\\*e&lt;/b&gt; | 10k | instructions |"))
    }
}
