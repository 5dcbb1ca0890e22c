import BenchKit
import Testing

@testable import BenchmarkSuites

/// `batch-size` and `indexes`: statement counts from the recorded metrics, query plans
/// from the SQL traces, and checksum agreement.
@Suite struct FetchShapeTests {
    @Test("batch-size: 1 + ⌈N/B⌉ when scanning, 1 + ⌈50/B⌉ when scrolling, 1 with B = 0")
    func batchSize() throws {
        let cases = SuiteRun.run(BatchSizeSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(cases.allSatisfy { ($0.sqlLog?.totalLineCount ?? 0) > 0 })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let published = try SuiteRun.count("SELECT COUNT(*) FROM ZPOST WHERE ZSTATUS = 'published'")
        for variant in BatchSizeSuite.Variant.allCases {
            guard let size = variant.batchSize else { continue }
            let name = variant.configuration.name
            let scan = size == 0 ? 1 : 1 + (published + size - 1) / size
            let scroll = size == 0 ? 1 : 1 + (50 + size - 1) / size
            #expect(SuiteRun.metric(cases, "scan", name, "sql.selects") == scan, "\(name)")
            #expect(SuiteRun.metric(cases, "scroll", name, "sql.selects") == scroll, "\(name)")
        }
        #expect(SuiteRun.metric(cases, "scan", "raw", "sql.statements") == 1)
    }

    @Test("indexes: one SELECT each; equality and range search the index, string searches scan")
    func indexes() throws {
        let cases = SuiteRun.run(IndexesSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(cases.allSatisfy { ($0.sqlLog?.totalLineCount ?? 0) > 0 })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        for scenario in ["equality", "range", "prefix", "contains"] {
            #expect(SuiteRun.metric(cases, scenario, "indexed", "sql.selects") == 1)
            #expect(SuiteRun.metric(cases, scenario, "unindexed", "sql.selects") == 1)
            #expect(SuiteRun.metric(cases, scenario, "raw-indexed", "sql.statements") == 1)
            let indexed = SuiteRun.plan(cases, scenario, "indexed")
            let searches =
                indexed.contains("USING INDEX") || indexed.contains("USING COVERING INDEX")
            #expect(
                searches == ["equality", "range"].contains(scenario), "\(scenario): \(indexed)")
            let raw = SuiteRun.plan(cases, scenario, "raw-indexed").contains("USING INDEX")
            #expect(raw == (scenario != "contains"), "\(scenario)")
            #expect(SuiteRun.plan(cases, scenario, "unindexed").contains("SCAN"), "\(scenario)")
        }
    }
}
