import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB

/// Brings a case's SQL to the harness as structured trace events, from the engine's
/// trace-sink hook (engine configurations) or from a raw SQLiteDB connection (`raw`
/// configurations): the one ``SQLTraceSource`` every suite registers.
///
/// Each statement event is recorded as it arrives (``SQLTraceRecorder``: groups by
/// fingerprint with SQLite's own time and rows, sample bound values), and each
/// transaction as its `BEGIN …` / `COMMIT` / `ROLLBACK` group. At the end of a
/// trace each distinct SELECT is planned with the arguments of its first execution,
/// on the raw connection itself or, for the engine, on a side connection to the same
/// file with the engine's SQL functions registered. The ``sqlLog`` is made from the
/// events after the trace, outside the case's allocation probes: engine lines as a
/// level-1 ``SQLDebugLog`` prints them (``SQLDebugLogFormat``), raw lines as
/// ``SQLiteLogLines``. Events are kept for it without their bound values (holding
/// them would make the connection copy its argument buffer at the next bind) and
/// only until their lines fill the log; the rest are counted.
///
/// The bridge is attached only between `startTrace()` and `finishTrace()`, so timed
/// iterations run untraced (one branch per step). So is an engine bridge's
/// ``debugLog``: the SQL debug log `FAULTLINE_SQL_DEBUG=1..4` asks for, which the lab
/// otherwise keeps off (it would slow every timed iteration). It prints each
/// instrumented iteration in Core Data's SQLDebug format to standard error, which
/// `bench run --in-process` shows (a child worker's standard error is kept only when
/// it crashes): `bench explain-log` reads it like a device's log. Register the bridge
/// from a benchmark's setup; a raw bridge also counts `sql.statements` and `sql.rows`:
///
/// ```swift
/// let bridge = SQLTraceBridge(connection: connection)
/// context.register(trace: bridge)
/// context.register(bridge)
/// ```
///
/// Invariant (the reason for `@unchecked Sendable`): engine events arrive on the
/// context's queue, so every mutable member is touched only while `lock` is held;
/// the connections are used only by the thread running the case, in `startTrace()`
/// and `finishTrace()`. Cost: one lock, one fingerprint lookup and the bound values
/// written as literals per statement while tracing; one `EXPLAIN QUERY PLAN` per
/// distinct SELECT per trace.
final class SQLTraceBridge: SQLTraceSource, CounterSource, TraceSink, EngineTraceSink,
    @unchecked Sendable
{
    /// Where the events come from.
    private enum Origin {
        case engine(PersistentContainer, planner: Connection)
        case connection(Connection)
    }

    private static let engineLines = SQLDebugLogFormat(level: 1)
    private let origin: Origin
    private let lock = NSLock()
    private var recorder = SQLTraceRecorder()
    private var firstArguments: [String: [SQLArgument]] = [:]
    private var keptEvents: [EngineTraceEvent] = []
    /// The engine's open causes, innermost last (``EngineTraceEvent/causeBegan(_:)``).
    private var causes: [StatementCause] = []
    /// The entity of the last fetch, where a fault's key path starts.
    private var fetchedEntity: String?
    /// Names fault key paths in the model's spelling (engine bridges only).
    private var keyPaths: FaultKeyPath?
    private var keptLines = 0
    private var omittedLines = 0
    private var log = SQLLog()
    /// The engine's SQL debug log, attached to the container while a trace runs (engine
    /// bridges only); by default the one `FAULTLINE_SQL_DEBUG` asks for.
    var debugLog: SQLDebugLog?
    private var statements = 0.0
    private var rows = 0.0
    /// The projection audit while an audit iteration runs (engine bridges only).
    private var audit: ProjectionAudit?

    /// Traces `container` through its engine trace hook; `planner`, a connection to
    /// the same store file, explains its SELECTs (the engine's SQL functions are
    /// registered on it).
    ///
    /// - Throws: `SQLiteError` when the functions cannot be registered.
    init(container: PersistentContainer, planner: Connection) throws {
        origin = .engine(container, planner: planner)
        keyPaths = FaultKeyPath(model: container.managedObjectModel)
        debugLog = SQLDebugLog.fromEnvironment()
        try StoreFunctions.register(on: planner)
        recorder = SQLTraceRecorder(planner: { [unowned self] sql in self.plan(sql) })
    }

    /// Whether it traces an engine container (not a raw connection).
    var isEngine: Bool {
        if case .engine = origin { return true }
        return false
    }

    /// Traces `connection` through its SQLite trace hook.
    init(connection: Connection) {
        origin = .connection(connection)
        recorder = SQLTraceRecorder(planner: { [unowned self] sql in self.plan(sql) })
    }

    // MARK: - SQLTraceSource

    func startTrace() {
        lock.withLock {
            firstArguments = [:]
            keptEvents.removeAll(keepingCapacity: true)
            keptEvents.reserveCapacity(SQLLog.lineLimit)
            keptLines = 0
            omittedLines = 0
            causes = []
            fetchedEntity = nil
            recorder.startTrace()
        }
        switch origin {
        case .engine(let container, _):
            container.addTraceSink(self)
            if let debugLog { container.sqlDebugLog = debugLog }
        case .connection(let connection): connection.addTraceSink(self)
        }
    }

    func finishTrace() -> SQLTrace {
        switch origin {
        case .engine(let container, _):
            container.removeTraceSink(self)
            container.sqlDebugLog = nil
        case .connection(let connection): connection.removeTraceSink(self)
        }
        return lock.withLock {
            log = SQLLog()
            for event in keptEvents {
                for line in lines(for: event) { log.append(line) }
            }
            log.countOmitted(omittedLines)
            return recorder.finishTrace()
        }
    }

    /// The log of the last trace, made by ``finishTrace()``.
    var sqlLog: SQLLog { lock.withLock { log } }

    // MARK: - Projection audit

    /// Engine bridges audit; raw connections have no objects to audit.
    var auditsProjections: Bool { isEngine }

    /// The audit the engine records into while attached; nil outside an audit
    /// iteration, so traced iterations make none.
    var projectionAudit: ProjectionAudit? { lock.withLock { audit } }

    func startAudit() {
        guard case .engine(let container, _) = origin else { return }
        lock.withLock { audit = ProjectionAudit() }
        container.addTraceSink(self)
    }

    func finishAudit() -> [FetchProjection] {
        guard case .engine(let container, _) = origin else { return [] }
        container.removeTraceSink(self)
        let reports = lock.withLock {
            defer { audit = nil }
            return audit?.finish() ?? []
        }
        return reports.map(Self.projection)
    }

    /// The engine's report in BenchKit's terms.
    private static func projection(_ report: FetchAuditReport) -> FetchProjection {
        FetchProjection(
            entity: report.entity, objects: report.objects, touched: report.touched,
            properties: report.properties.map {
                FetchProjection.Property(
                    name: $0.name, kind: $0.kind, isFetched: $0.isFetched, isRead: $0.isRead,
                    bytes: $0.bytes)
            },
            prefetched: report.prefetched, usesPropertiesToFetch: report.usesPropertiesToFetch,
            fetchLimit: report.fetchLimit, fetchBatchSize: report.fetchBatchSize,
            bytesKnown: report.bytesKnown)
    }

    // MARK: - CounterSource

    /// `sql.statements` and `sql.rows`: statements run and rows returned or changed
    /// while tracing (engine cases count with `EngineCounters` instead).
    let metrics = [
        Metric(name: "sql.statements", unit: .count), Metric(name: "sql.rows", unit: .count),
    ]

    func read() -> [Double] {
        lock.withLock { [statements, rows] }
    }

    // MARK: - Sinks

    /// An engine event: its statement recorded, its lines kept or counted.
    func receive(_ event: EngineTraceEvent) {
        lock.withLock {
            // An audit iteration records no SQL: its trace was the instrumented one's.
            guard audit == nil else { return }
            switch event {
            case .sql(let event): record(event)
            case .causeBegan(let cause):
                causes.append(Self.statementCause(cause))
                recorder.cause = causes.last
            case .causeEnded:
                _ = causes.popLast()
                recorder.cause = causes.last
            case .fetchCompleted(_, _, let entity): fetchedEntity = entity.isEmpty ? nil : entity
            case .prefetched(let keyPath, _, _):
                recorder.attributeLastStatement(
                    to: StatementCause(kind: .prefetch, entity: "", keyPath: keyPath))
            case .faultFulfilled, .toManyFaultFulfilled:
                // Worked out once per statement shape, not per fault: the key path
                // search allocates, and this runs inside the measured body.
                if recorder.lastStatementWantsCause, let cause = faultCause(event) {
                    recorder.attributeLastStatement(to: cause)
                }
            default: break
            }
            keepForLog(event, lines: Self.engineLines.lineCount(for: event))
        }
    }

    /// The engine's cause in BenchKit's terms.
    private static func statementCause(_ cause: TraceCause) -> StatementCause {
        switch cause {
        case .lookup(let entity): StatementCause(kind: .lookup, entity: entity)
        case .deleteRule(let entity, let relationship, let rule):
            StatementCause(
                kind: .deleteRule, entity: entity, relationship: relationship, rule: rule)
        }
    }

    /// The fault `event` reports as a cause of the statement before it, with the key
    /// path from the last fetch's entity; nil for other events.
    private func faultCause(_ event: EngineTraceEvent) -> StatementCause? {
        let fetched = fetchedEntity
        switch event {
        case .faultFulfilled(let row):
            let entity = row.objectID.entity.name
            let path = fetched.flatMap { keyPaths?.keyPath(from: $0, to: entity) }
            return StatementCause(
                kind: .objectFault, entity: entity, fetchedEntity: fetched,
                keyPath: path?.isEmpty == true ? nil : path)
        case .toManyFaultFulfilled(let relationship, let objectID, _):
            let owner = objectID.entity.name
            return StatementCause(
                kind: .toManyFault, entity: owner, relationship: relationship,
                fetchedEntity: fetched,
                keyPath: fetched.flatMap {
                    keyPaths?.toMany(from: $0, owner: owner, relationship: relationship)
                })
        default: return nil
        }
    }

    /// A raw connection's event: its statement recorded, its lines kept or counted.
    func receive(_ event: TraceEvent) {
        lock.withLock {
            record(event)
            keepForLog(.sql(event), lines: SQLiteLogLines.lineCount(for: event))
        }
    }

    /// Records a statement, or a transaction as its `BEGIN …`, `COMMIT` or `ROLLBACK`
    /// group with the time SQLiteDB measured; transactions are not counted in
    /// `sql.statements`.
    private func record(_ event: TraceEvent) {
        switch event {
        case .statement(let statement): record(statement)
        case .begin(_, let kind, let nanoseconds):
            recordTransaction("BEGIN \(kind.rawValue)", nanoseconds: nanoseconds)
        case .commit(_, let nanoseconds): recordTransaction("COMMIT", nanoseconds: nanoseconds)
        case .rollback(_, let nanoseconds): recordTransaction("ROLLBACK", nanoseconds: nanoseconds)
        case .open, .close: break
        }
    }

    private func recordTransaction(_ sql: String, nanoseconds: UInt64) {
        recorder.record(sql: sql, arguments: [], nanoseconds: Double(nanoseconds), rows: 0)
    }

    private func record(_ statement: StatementEvent) {
        let affected = statement.rowsReturned + statement.rowsChanged
        statements += 1
        rows += Double(affected)
        if firstArguments[statement.sql] == nil {
            firstArguments[statement.sql] = statement.arguments
        }
        recorder.record(
            sql: statement.sql, arguments: statement.arguments.map(\.description),
            nanoseconds: Double(statement.durationNanoseconds), rows: affected)
    }

    /// Keeps `event` while the kept events make fewer lines than the log keeps;
    /// counts its lines otherwise.
    private func keepForLog(_ event: EngineTraceEvent, lines: Int) {
        guard keptLines < SQLLog.lineLimit else {
            omittedLines += lines
            return
        }
        keptEvents.append(Self.withoutArguments(event))
        keptLines += lines
    }

    private func lines(for event: EngineTraceEvent) -> [String] {
        switch (origin, event) {
        case (.connection, .sql(let event)): SQLiteLogLines.lines(for: event)
        case (.connection, _): []
        case (.engine, _): Self.engineLines.lines(for: event)
        }
    }

    /// `event` without its bound values: a level-1 log does not print them.
    private static func withoutArguments(_ event: EngineTraceEvent) -> EngineTraceEvent {
        guard case .sql(.statement(let statement)) = event else { return event }
        return .sql(
            .statement(
                StatementEvent(
                    connectionID: statement.connectionID, sql: statement.sql,
                    kind: statement.kind, rowsReturned: statement.rowsReturned,
                    rowsChanged: statement.rowsChanged,
                    durationNanoseconds: statement.durationNanoseconds,
                    status: statement.status, error: statement.error)))
    }

    /// The plan of `sql` bound with its first execution's arguments; nil if SQLite
    /// refuses. Called by the recorder inside ``finishTrace()``, holding `lock`.
    private func plan(_ sql: String) -> [QueryPlanStep]? {
        let connection =
            switch origin {
            case .engine(_, let planner): planner
            case .connection(let connection): connection
            }
        let arguments = firstArguments[sql] ?? []
        return try? connection.explainQueryPlan(SQL(text: sql, arguments: arguments)).rows
    }
}
