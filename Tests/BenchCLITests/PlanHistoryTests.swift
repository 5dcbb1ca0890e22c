import BenchKit
import Foundation
import TestSupport
import Testing

@testable import bench

/// `bench plan --history FILE`: shards costed by the median elapsed time of each case's
/// recent runs in a `bench history add` file, and the refusals.
@Suite struct PlanHistoryTests {
    /// One history line: `cases` as (benchmark, configuration, seconds or nil).
    static func line(_ environment: String, _ cases: [(String, String, Double?)]) -> String {
        let items = cases.map { benchmark, configuration, seconds in
            let elapsed = seconds.map { #","elapsedNanoseconds":\#(UInt64($0 * 1e9))"# } ?? ""
            return
                #"{"key":{"benchmark":"\#(benchmark)","configuration":"\#(configuration)","size":10},"medians":{"wallTime":1}\#(elapsed)}"#
        }
        return
            #"{"cases":[\#(items.joined(separator: ","))],"date":"2026-12-01T00:00:00Z","environment":"\#(environment)","label":"x","schemaVersion":1}"#
    }

    /// A history written as `bench history add` writes it, oldest first.
    static func write(_ lines: [String], in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("history.ndjson")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    @Test("each case the median of its last 5 timed runs on the newest environment; balanced")
    func balance() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.write(
            [
                // Another machine's runs: not counted (s/d would cost 50 here).
                Self.line("laptop", [("s/a", "x", 70), ("s/d", "x", 50)]),
                // s/a's oldest run on this environment: the sixth from last, not counted.
                Self.line("ci", [("s/a", "x", 1_000)]),
                Self.line("ci", [("s/a", "x", 3), ("s/b", "x", 2), ("s/b", "y", 1)]),
                Self.line("ci", [("s/a", "x", 100), ("s/b", "x", 2), ("s/d", "x", 1)]),
                Self.line("laptop", [("s/d", "x", 50)]),
                // A record from before elapsed times were kept: counts for nothing.
                Self.line("ci", [("s/a", "x", nil), ("s/b", "y", nil)]),
                Self.line("ci", [("s/a", "x", 3), ("s/b", "y", 3)]),
                Self.line("ci", [("s/a", "x", 2), ("s/b", "x", 2), ("s/b", "y", 2)]),
                Self.line("ci", [("s/a", "x", 4)]),
            ], in: directory)
        let history = try HistoryFile.read(from: URL(fileURLWithPath: path))
        let costs = ShardCosts(
            history: history,
            caseCounts: ["s/a@10": 1, "s/b@10": 2, "s/c@10": 1, "s/d@10": 1])
        #expect(costs.unit == "measured seconds")
        // s/a: median of 4, 2, 3, 100, 3 = 3; s/b: x 2 + y 2 = 4; s/d: 1; s/c (not in
        // the history): the mean of the groups that have a time, (3 + 4 + 1) / 3.
        #expect(costs.cost(benchmark: "s/a", size: 10) == 3)
        #expect(costs.cost(benchmark: "s/b", size: 10) == 4)
        #expect(costs.cost(benchmark: "s/d", size: 10) == 1)
        #expect(costs.cost(benchmark: "s/c", size: 10) == 8.0 / 3)
        let plan = ShardPlan(
            groups: [("s/a", 10), ("s/b", 10), ("s/c", 10), ("s/d", 10)], count: 2, costs: costs)
        // Longest first to the least loaded: b (4) -> 1, a (3) -> 2, c (2.67) -> 2, d -> 1.
        #expect(plan.entries.map(\.shard) == [2, 1, 2, 1])
        let totals: [Double] = [5, 3 + 8.0 / 3]
        #expect(plan.predictedTotals == totals)
        let fewer = ShardCosts(history: history, caseCounts: [:], runs: 1)
        #expect(fewer.cost(benchmark: "s/a", size: 10) == 4)
    }

    @Test("a history without elapsed times costs by case count, as without --history")
    func withoutTimes() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.write([Self.line("ci", [("s/a", "x", nil)])], in: directory)
        let costs = ShardCosts(
            history: try HistoryFile.read(from: URL(fileURLWithPath: path)),
            caseCounts: ["s/a@10": 2, "s/b@10": 5])
        #expect(costs.unit == "cases")
        #expect(costs.cost(benchmark: "s/b", size: 10) == 5)
    }

    @Test("bench plan --history prints the plan costed by the history and how to run it")
    func command() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.write(
            [
                Self.line(
                    "ci", [("selftest/sort", "in-place", 30), ("selftest/sort", "allocating", 31)]),
                Self.line(
                    "ci",
                    [
                        ("selftest-sql/author-lookups", "a", 20),
                        ("faulting/posts-with-author", "faults", 10),
                    ]),
            ].map { $0.replacingOccurrences(of: #""size":10"#, with: #""size":10000"#) },
            in: directory)
        let (status, text) = BenchToolTests.main(
            ["plan", "--shards", "2", "--history", path] + ShardPlanFileTests.selection)
        #expect(status == 0, "\(text)")
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "shard plan: 3 groups over 2 shards, costed by measured seconds (median of "
                    + "history \(path))",
                "shard 1/2: 61 s, 1 groups", "  selftest/sort @10k  61",
                "shard 2/2: 30 s, 2 groups", "  faulting/posts-with-author @10k  10",
                "  selftest-sql/author-lookups @10k  20", "",
                "# GitHub Actions", "strategy:", "  matrix:", "    shard: [1, 2]",
                "# then: add --out FILE, and bench run … --shard-plan FILE --shard "
                    + "${{ matrix.shard }}",
            ])
    }

    @Test("--from with --history, a damaged line, a missing file: exit 2, said plainly")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        let both = BenchToolTests.main(
            "plan", "--shards", "2", "--from", "r.json", "--history", "h.ndjson")
        #expect(both.status == 2)
        #expect(
            both.text.hasPrefix(
                "error: --from and --history exclude each other: give --from RESULTS (one run's "
                    + "measured times) or --history FILE (the median of recent runs)"))
        let path = try Self.write(
            [Self.line("ci", [("s/a", "x", 1)]), #"{"cases": [}"#], in: directory)
        let broken = BenchToolTests.main("plan", "--shards", "2", "--history", path)
        #expect(broken.status == 2)
        #expect(broken.text.hasPrefix("error: --history: \(path): line 2: "), "\(broken.text)")
        let missing = BenchToolTests.main(
            "plan", "--shards", "2", "--history", directory.path("none.ndjson"))
        #expect(missing.status == 2)
        #expect(missing.text.hasPrefix("error: --history: "))
        #expect(missing.text.contains("none.ndjson"))
    }
}
