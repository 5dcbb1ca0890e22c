/// Builds an ``SQLTrace`` from statement executions: the ``SQLTraceSource`` suites use.
///
/// A suite forwards each statement event of its engine (SQL text, bound values written
/// as literals, time, rows) to ``record(sql:arguments:nanoseconds:rows:)`` while
/// recording is on; executions are grouped by ``SQLFingerprint``. An optional planner
/// is asked once per fingerprint for the query plan of its first SELECT. The suite
/// also hands it the log lines it prints (``appendLogLine(_:)``), kept as the
/// ``sqlLog``.
///
/// ```swift
/// let recorder = SQLTraceRecorder(planner: { sql in try? plan(of: sql) })
/// context.register(trace: recorder)
/// connection.addTraceSink(ForwardingSink(recorder))  // calls recorder.record(…)
/// ```
///
/// Confined to the thread running the case. Cost: one normalization per execution
/// while recording, up to ``SQLLog/lineLimit`` log lines kept; one planner call per
/// distinct SELECT at the end.
public final class SQLTraceRecorder: SQLTraceSource {
    private let planner: ((String) -> [QueryPlanStep]?)?
    private var isRecording = false
    private var groups: [StatementGroup] = []
    private var indexByFingerprint: [String: Int] = [:]
    private var firstSQL: [String] = []
    private var argumentLists: [Set<[String]>] = []
    private var lastIndex: Int?
    /// The log lines of the current or last trace.
    public private(set) var sqlLog = SQLLog()

    /// Makes a recorder.
    /// - Parameter planner: Returns `EXPLAIN QUERY PLAN` rows for raw SQL text (its
    ///   parameters unbound), or nil; called once per distinct SELECT per trace.
    public init(planner: ((String) -> [QueryPlanStep]?)? = nil) {
        self.planner = planner
    }

    /// Why the engine runs the statements recorded from now on, when it said so; the
    /// suite sets and clears it around the work the engine attributes.
    public var cause: StatementCause?

    /// Whether executions are being recorded now.
    public var isActive: Bool { isRecording }

    /// Records one execution; ignored unless recording.
    /// - Parameters:
    ///   - sql: The SQL text as prepared, with its placeholders.
    ///   - arguments: The bound values written as SQL literals (`42`, `'Alice'`, `NULL`).
    ///   - nanoseconds: Time spent preparing and stepping.
    ///   - rows: Rows returned, or changed for a write.
    public func record(sql: String, arguments: [String], nanoseconds: Double, rows: Int) {
        guard isRecording else { return }
        let fingerprint = SQLFingerprint.normalize(sql)
        let index = indexByFingerprint[fingerprint] ?? addGroup(fingerprint, sql: sql)
        lastIndex = index
        groups[index].count += 1
        groups[index].totalNanoseconds += nanoseconds
        groups[index].rows += rows
        if let cause {
            if groups[index].cause == nil { groups[index].cause = cause }
            groups[index].causedCount = (groups[index].causedCount ?? 0) + 1
        }
        guard argumentLists[index].count < 1_000, !arguments.isEmpty else { return }
        if argumentLists[index].insert(arguments).inserted {
            groups[index].distinctArgumentLists = argumentLists[index].count
            if groups[index].sampleArguments.count < StatementGroup.maximumSamples {
                groups[index].sampleArguments.append(arguments)
            }
        }
    }

    /// Whether ``attributeLastStatement(to:)`` would keep a cause now: recording, and
    /// the last statement's group has none yet. Lets a caller skip working out a cause
    /// (a key path search) on every repeat of a statement inside a measured body.
    public var lastStatementWantsCause: Bool {
        guard isRecording, let index = lastIndex else { return false }
        return groups[index].cause == nil
    }

    /// Tags the group of the statement recorded last with `cause`, when it has none:
    /// for annotations that follow their statement (a fault's). Ignored unless
    /// recording or before any statement.
    public func attributeLastStatement(to cause: StatementCause) {
        guard isRecording, let index = lastIndex, groups[index].cause == nil else { return }
        groups[index].cause = cause
    }

    /// Keeps one log line (see ``SQLLog``); ignored unless recording.
    /// - Parameter line: A line as the engine's SQL log prints it, such as
    ///   `ObjectGraph: sql: SELECT …`.
    public func appendLogLine(_ line: String) {
        guard isRecording else { return }
        sqlLog.append(line)
    }

    /// Clears the groups and the log and starts recording.
    public func startTrace() {
        sqlLog = SQLLog()
        groups = []
        indexByFingerprint = [:]
        firstSQL = []
        argumentLists = []
        lastIndex = nil
        cause = nil
        isRecording = true
    }

    /// Stops recording, asks the planner for each SELECT's plan, returns the trace.
    public func finishTrace() -> SQLTrace {
        isRecording = false
        if let planner {
            for index in groups.indices where groups[index].kind == .select {
                groups[index].queryPlan = planner(firstSQL[index])
            }
        }
        return SQLTrace(statements: groups)
    }

    private func addGroup(_ fingerprint: String, sql: String) -> Int {
        groups.append(StatementGroup(fingerprint: fingerprint, kind: SQLStatementKind(sql: sql)))
        firstSQL.append(sql)
        argumentLists.append([])
        indexByFingerprint[fingerprint] = groups.count - 1
        return groups.count - 1
    }
}

@available(*, unavailable, message: "a recorder is confined to the thread running the case")
extension SQLTraceRecorder: Sendable {}
