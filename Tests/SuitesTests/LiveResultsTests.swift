import BenchKit
import Testing

@testable import BenchmarkSuites

/// `live-results` and `history`: every configuration agrees, and the statements match
/// docs/LIVE-RESULTS.md and docs/HISTORY.md.
@Suite struct LiveResultsTests {
    @Test("a controller's diff after a save runs no SELECT; a refetch runs one")
    func liveResults() throws {
        let cases = SuiteRun.run(LiveResultsSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let metric = { SuiteRun.metric(cases, $0, $1, $2) }
        let changes = LiveResultsSuite.changes
        for scenario in ["update", "update-outside"] {
            for configuration in ["batch-20", "batch-0"] {
                #expect(metric(scenario, configuration, "sql.selects") == 0)
                #expect(metric(scenario, configuration, "sql.updates") == changes)
            }
            #expect(metric(scenario, "refetch", "sql.selects") == 1)
            #expect(metric(scenario, "raw", "sql.statements") == changes + 1)
        }
    }
}
