import BenchKit
import ObjectGraph
import SQLiteDB
import Synchronization
import Testing

@testable import BenchmarkSuites

/// An engine case's SQL log is what ObjectGraph's level-1 SQL debug log prints for the
/// same work (times aside), cut at 2,000 lines with the rest counted.
@Suite struct SQLLogLinesTests {
    /// What a level-1 log printed.
    final class Printed: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// `line` with its `0.0012s` timings masked: they differ between two runs.
    static func untimed(_ line: String) -> String {
        line.replacing(/\d+\.\d{4}s/, with: "…s")
    }

    @Test("faulting/posts-with-author no-property-values: the level-1 lines, 1 + N + D SELECTs")
    func engineLogIsLevelOne() throws {
        _ = SuiteRun.datasets
        let context = CaseContext(
            configuration: FaultingSuite.Variant.noPropertyValues.configuration,
            size: SuiteRun.size, seed: SuiteRun.seed)
        var state = try SuiteState(context)
        let container = try #require(state.store.container)
        let tracer = try SQLTraceBridge(container: container, planner: state.store.connection)
        tracer.startTrace()
        _ = try FaultingSuite.run(&state, .noPropertyValues)
        _ = tracer.finishTrace()
        let captured = tracer.sqlLog

        try state.resetContext()
        let printed = Printed()
        container.sqlDebugLog = SQLDebugLog(level: 1) { line in
            printed.lines.withLock { $0.append(line) }
        }
        _ = try FaultingSuite.run(&state, .noPropertyValues)
        container.sqlDebugLog = nil
        let expected = printed.lines.withLock { $0 }

        #expect(captured.totalLineCount == expected.count)
        #expect(captured.lines.count == SQLLog.lineLimit)
        #expect(
            captured.lines.map(Self.untimed) == expected.prefix(SQLLog.lineLimit).map(Self.untimed))
        let selects = expected.filter { $0.hasPrefix("ObjectGraph: sql: SELECT ") }.count
        let authors = try SuiteRun.count(StatementCountTests.recentAuthors)
        #expect(selects == 1 + FaultingSuite.limit + authors)
        #expect(
            captured.lines.first?.hasPrefix("ObjectGraph: sql: SELECT 0, t0.Z_PK FROM ZPOST t0")
                == true)
    }
}

/// A raw configuration's log: the engine's level-1 shape with the prefix `SQLiteDB:`,
/// formatted after the trace and cut at 2,000 lines.
@Suite struct SQLiteLogLinesTests {
    @Test("statements, times and transactions, the first 2,000 lines kept and the rest counted")
    func rawLog() throws {
        let connection = try Connection(location: .memory)
        let tracer = SQLTraceBridge(connection: connection)
        tracer.startTrace()
        try connection.transaction(.immediate) {
            _ = try connection.execute("CREATE TABLE t(x)")
            for value in 0..<1_500 { _ = try connection.execute("INSERT INTO t VALUES (\(value))") }
        }
        for _ in 0..<700 {
            _ = try connection.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) }
        }
        _ = tracer.finishTrace()
        let log = tracer.sqlLog
        #expect(
            Array(log.lines.prefix(4).map(SQLLogLinesTests.untimed)) == [
                "SQLiteDB: sql: BEGIN IMMEDIATE", "SQLiteDB: sql: CREATE TABLE t(x)",
                "SQLiteDB: annotation: sql execution time: …s",
                "SQLiteDB: sql: INSERT INTO t VALUES (?)",
            ])
        #expect(log.lines.count == SQLLog.lineLimit)
        #expect(log.totalLineCount == 1 + 2 + 1_500 + 1 + 700 * 2)
    }
}
