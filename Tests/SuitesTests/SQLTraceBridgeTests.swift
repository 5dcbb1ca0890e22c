import BenchKit
import Testing

@testable import BenchmarkSuites

/// The bridge records the engine's statements from its trace events: real time and
/// rows per group, bound values, plans with the bound key list not taken for a full
/// scan.
@Suite struct SQLTraceBridgeTests {
    /// One traced iteration of `faulting/posts-with-author` in `variant`.
    private func trace(_ variant: FaultingSuite.Variant) throws -> SQLTrace {
        _ = SuiteRun.datasets
        let context = CaseContext(
            configuration: variant.configuration, size: SuiteRun.size, seed: SuiteRun.seed)
        var state = try SuiteState(context)
        let container = try #require(state.store.container)
        let bridge = try SQLTraceBridge(container: container, planner: state.store.connection)
        bridge.startTrace()
        _ = try FaultingSuite.run(&state, variant)
        return bridge.finishTrace()
    }

    @Test("prefetch-author: two engine SELECTs with SQLite's time and their rows")
    func engineGroups() throws {
        let trace = try trace(.prefetchAuthor)
        let authors = try SuiteRun.count(StatementCountTests.recentAuthors)
        #expect(trace.statements.map(\.count) == [1, 1])
        #expect(trace.statements.map(\.rows) == [FaultingSuite.limit, authors])
        #expect(trace.statements.allSatisfy { $0.totalNanoseconds > 0 })
        let prefetch = try #require(trace.statements.last)
        #expect(prefetch.fingerprint.contains("_Z_intarray0"))
        #expect(prefetch.sampleArguments.first?.first?.hasPrefix("<") == true)
        let plan = try #require(prefetch.queryPlan)
        #expect(plan.contains { $0.detail.hasPrefix("SCAN _Z_intarray0 VIRTUAL TABLE") })
        #expect(!prefetch.hasFullScan)
    }

    @Test("no-property-values: every fault's SELECT is one group with N executions and N rows")
    func faultGroup() throws {
        let trace = try trace(.noPropertyValues)
        let faults = try #require(
            trace.statements.first { $0.fingerprint.hasSuffix("t0.Z_PK = ?") })
        #expect(faults.count == FaultingSuite.limit)
        #expect(faults.rows == FaultingSuite.limit)
        #expect(faults.totalNanoseconds > 0)
        #expect(faults.distinctArgumentLists == FaultingSuite.limit)
        #expect(
            faults.queryPlan?.first?.detail.hasPrefix("SEARCH t0 USING INTEGER PRIMARY KEY") == true
        )
    }

    @Test("an audit iteration: the posts' title and author read, the rest unread; no SQL recorded")
    func audit() throws {
        _ = SuiteRun.datasets
        let variant = FaultingSuite.Variant.prefetchAuthor
        let context = CaseContext(
            configuration: variant.configuration, size: SuiteRun.size, seed: SuiteRun.seed)
        var state = try SuiteState(context)
        let container = try #require(state.store.container)
        let bridge = try SQLTraceBridge(container: container, planner: state.store.connection)
        #expect(bridge.auditsProjections)
        bridge.startTrace()
        _ = try FaultingSuite.run(&state, variant)
        let traced = bridge.finishTrace()
        #expect(bridge.projectionAudit == nil, "a traced iteration is not audited")
        try state.resetContext()
        bridge.startAudit()
        _ = try FaultingSuite.run(&state, variant)
        let projections = bridge.finishAudit()
        let posts = try #require(projections.first { $0.entity == "Post" })
        #expect(posts.objects == FaultingSuite.limit)
        #expect(posts.touched == FaultingSuite.limit)
        #expect(posts.prefetched == ["author"])
        #expect(posts.prefetchedNeverRead.isEmpty)
        #expect(posts.properties.filter(\.isRead).map(\.name).sorted() == ["author", "title"])
        #expect(posts.fetchedBytes > 0)
        // The audit recorded no statement: a trace after it sees the same SQL as before.
        try state.resetContext()
        bridge.startTrace()
        _ = try FaultingSuite.run(&state, variant)
        let after = bridge.finishTrace()
        #expect(after.statements.map(\.fingerprint) == traced.statements.map(\.fingerprint))
        #expect(after.statements.map(\.count) == traced.statements.map(\.count))
    }
}
