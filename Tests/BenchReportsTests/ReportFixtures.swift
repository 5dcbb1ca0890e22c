import Foundation

@testable import BenchKit

/// Hand-made results with SQL traces, shaped like the engine suites' (Core Data SQL),
/// so reports can be tested without the engine.
enum ReportFixtures {
    /// A statement group of `count` executions with changing values.
    static func group(
        _ sql: String, count: Int, rows: Int = 1, nanoseconds: Double = 20_000,
        plan: [QueryPlanStep]? = nil
    ) -> StatementGroup {
        var group = StatementGroup(
            fingerprint: SQLFingerprint.normalize(sql), kind: SQLStatementKind(sql: sql))
        group.count = count
        group.rows = rows * count
        group.totalNanoseconds = nanoseconds * Double(count)
        group.sampleArguments = (1...min(count, 3)).map { ["\($0)"] }
        group.distinctArgumentLists = count
        group.queryPlan = plan
        return group
    }

    static let fetchPosts =
        "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE, t0.ZAUTHOR FROM ZPOST t0 ORDER BY t0.ZCREATEDAT DESC LIMIT 1000"
    static let userFault =
        "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ?"
    static let prefetchUsers =
        "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))"
    static let postsOfUser =
        "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = ?"

    static let scanPlan = [
        QueryPlanStep(id: 2, parent: 0, detail: "SCAN t0"),
        QueryPlanStep(id: 7, parent: 0, detail: "USE TEMP B-TREE FOR ORDER BY"),
    ]

    /// The trace of `configuration` of `faulting/posts-with-author` at `size`: the fault
    /// configuration fires one user fault per post (1 + N), prefetch runs 2 statements.
    static func trace(_ configuration: String, size: Int) -> SQLTrace {
        let users = size / 10
        let fetch = group(fetchPosts, count: 1, rows: 1_000, plan: scanPlan)
        switch configuration {
        case "faults": return SQLTrace(statements: [fetch, group(userFault, count: users)])
        case "prefetch-author":
            return SQLTrace(statements: [fetch, group(prefetchUsers, count: 1, rows: users)])
        default: return SQLTrace(statements: [fetch])
        }
    }

    /// A case whose wall time is `time` nanoseconds give or take 2%.
    static func result(
        _ benchmark: BenchmarkID, _ configuration: String, size: Int, time: Double,
        trace: SQLTrace? = nil, status: CaseStatus = .passed, errors: [String] = []
    ) -> CaseResult {
        let samples = (0..<8).map { time * (0.98 + 0.005 * Double($0)) }
        let memory = (0..<2).map { _ in time / 10 }
        return CaseResult(
            key: CaseKey(benchmark: benchmark, configuration: configuration, size: size),
            status: status, checksum: "0x00000000000000ff",
            iterations: ["timed": 8, "instrumented": 2],
            metrics: [
                MetricResult(metric: .wallTime, samples: samples, seed: 1),
                MetricResult(metric: .peakAllocated, samples: memory, seed: 2),
            ], errors: errors, sqlTrace: trace)
    }

    /// `faulting/posts-with-author` at 10k and 100k: faults, prefetch-author, raw.
    static func tracedCases() -> [CaseResult] {
        let id = BenchmarkID(suite: "faulting", scenario: "posts-with-author")
        let times = ["faults": 2e6, "prefetch-author": 0.2e6, "raw": 0.1e6]
        return [10_000, 100_000].flatMap { size in
            ["faults", "prefetch-author", "raw"].map { name in
                result(
                    id, name, size: size, time: times[name]! * Double(size) / 10_000,
                    trace: trace(name, size: size))
            }
        }
    }

    /// Results holding `cases`, analysed.
    static func results(
        _ cases: [CaseResult], label: String = "faulting", comparison: BaselineComparison? = nil
    ) -> RunResults {
        let limits = RunProfile.quick.limits
        let settings = RunSettings(
            profile: .quick, limits: limits, seed: 42, isolated: true, suites: [label])
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        var results = RunResults(
            runID: "20270115-080000-\(label)", label: label, startedAt: date, finishedAt: date,
            gitCommit: "0123456789abcdef", commandLine: ["bench", "run"],
            environment: .capture(sqliteVersion: "3.40.1"), settings: settings,
            outcome: RunOutcome(
                cases: cases,
                datasets: [
                    DatasetRecord(name: "social", size: 10_000, seed: 42, contentHash: "0xab")
                ],
                wasInterrupted: false))
        results.comparison = comparison
        return results
    }
}
