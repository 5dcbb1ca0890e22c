import BenchKit
import Testing

@testable import BenchReports

/// The cost line under each `explain-log` finding: counts read as English.
@Suite struct ExplainFindingCostTests {
    @Test("one execution is singular, more are plural; the log's scale follows")
    func executions() {
        let one = FindingEvidence(statementCount: 1, totalStatements: 12, rows: 1, seconds: 0)
        #expect(
            ExplainFindingsSection.cost(one)
                == "1 execution of 12 statements · 1 row · under 0.1 ms logged")
        let many = FindingEvidence(statementCount: 2_000, totalStatements: 2_406)
        #expect(ExplainFindingsSection.cost(many) == "2,000 executions of 2,406 statements")
        let single = FindingEvidence(statementCount: 1, totalStatements: 1)
        #expect(ExplainFindingsSection.cost(single) == "1 execution of 1 statement")
        #expect(ExplainFindingsSection.cost(FindingEvidence()) == "Cost not logged.")
    }
}
