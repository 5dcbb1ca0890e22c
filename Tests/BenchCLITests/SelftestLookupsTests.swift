import BenchKit
import Testing

@testable import BenchmarkSuites

/// `selftest-sql/author-lookups` traced through SQLiteDB: statement counts per
/// configuration, query plans, and the N+1 detector flagging only the per-row reads.
@Suite struct SelftestLookupsTests {
    static func run() -> [CaseResult] {
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 1)
        let runner = Runner(limits: limits, seed: 42, isolation: .inProcess)
        let plan = RunPlan(benchmarks: SelftestLookups.suite.benchmarks, sizes: [200, 2_000])
        return runner.run(plan).cases
    }

    @Test("statement counts are 1 + authors, 2 and 1, and every configuration agrees")
    func counts() throws {
        let cases = Self.run()
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        func statements(_ configuration: String, _ size: Int) -> Int? {
            cases.first { $0.key.configuration == configuration && $0.key.size == size }?
                .sqlTrace?.statementCount
        }
        #expect(statements("per-row", 2_000) == 201)
        #expect(statements("batched", 2_000) == 2)
        #expect(statements("join", 2_000) == 1)
        let perRow = try #require(cases.first { $0.key.configuration == "per-row" })
        #expect(perRow.metric(named: "sql.statements")?.summary.median == 21)
        let lookup = try #require(perRow.sqlTrace?.statements.last)
        #expect(lookup.queryPlan?.first?.detail.hasPrefix("SEARCH t0") == true)
    }

    @Test("the N+1 detector flags per-row only, naming the User objects")
    func nPlusOne() throws {
        let findings = NPlusOneDetector().findings(in: Self.run())
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.key.configuration == "per-row")
        #expect(finding.relationship == "User")
        #expect(finding.growth.map(\.count) == [20, 200])
    }
}
