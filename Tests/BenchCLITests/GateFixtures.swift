import BenchKit
import Foundation

/// Synthetic results for the gate tests: cases with chosen samples and SQL traces.
enum GateFixtures {
    static let lookups = BenchmarkID(suite: "fixture", scenario: "lookups")

    /// The key of `configuration` at 10k.
    static func key(_ configuration: String = "batched") -> CaseKey {
        CaseKey(benchmark: lookups, configuration: configuration, size: 10_000)
    }

    /// Twenty wall-time samples around `median` with ±2% deterministic jitter; `phase`
    /// changes the order and values so two calls are two runs of the same build.
    static func times(median: Double, phase: Int = 0) -> [Double] {
        (0..<20).map { index in
            median * (1 + 0.02 * sin(Double(index * 7 + phase * 13)))
        }
    }

    /// A trace: one SELECT of all authors, plus `perRow` single-author SELECTs.
    static func trace(perRow: Int = 0) -> SQLTrace {
        var batch = StatementGroup(
            fingerprint: "SELECT Z_PK, ZNAME FROM ZAUTHOR WHERE Z_PK IN (…)", kind: .select)
        batch.count = 1
        batch.queryPlan = [
            QueryPlanStep(
                id: 2, parent: 0, detail: "SEARCH ZAUTHOR USING INTEGER PRIMARY KEY (rowid=?)")
        ]
        var single = StatementGroup(
            fingerprint: "SELECT Z_PK, ZNAME FROM ZAUTHOR WHERE Z_PK = ?", kind: .select)
        single.count = perRow
        return SQLTrace(statements: perRow == 0 ? [batch] : [batch, single])
    }

    /// One case: wall time around `time`, `statements` SQL statements, its trace.
    static func caseResult(
        _ configuration: String = "batched", time: Double = 1_000_000, phase: Int = 0,
        statements: Int = 1, trace: SQLTrace? = nil, checksum: String = "0x00000000000000ff"
    ) -> CaseResult {
        let metrics = [
            MetricResult(metric: .wallTime, samples: times(median: time, phase: phase), seed: 42),
            MetricResult(
                metric: Metric(name: "sql.statements", unit: .count),
                samples: [Double(statements)], seed: 42),
        ]
        return CaseResult(
            key: key(configuration), status: .passed, checksum: checksum,
            iterations: ["timed": 20], metrics: metrics, errors: [],
            sqlTrace: trace ?? self.trace(perRow: statements - 1))
    }

    /// A run holding `cases`, with one dataset of content hash `hash`.
    static func run(_ cases: [CaseResult], hash: String = "abc") -> RunResults {
        let dataset = DatasetRecord(name: "fixture", size: 10_000, seed: 42, contentHash: hash)
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 20, maxTime: 60, instrumentedIterations: 1)
        let settings = RunSettings(
            profile: .quick, limits: limits, seed: 42, isolated: false, suites: ["fixture"])
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        return RunResults(
            runID: "test", label: "fixture", startedAt: date, finishedAt: date, gitCommit: nil,
            commandLine: ["bench", "run"], environment: .capture(sqliteVersion: nil),
            settings: settings,
            outcome: RunOutcome(cases: cases, datasets: [dataset], wasInterrupted: false))
    }

    /// `results` written to a fresh file in `directory`.
    static func write(_ results: RunResults, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try results.jsonData().write(to: url)
        return url.path
    }
}
