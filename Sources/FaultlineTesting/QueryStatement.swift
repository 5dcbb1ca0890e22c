import CoreDataLog

/// One statement a block ran (from the engine's trace) or a log shows (from SQLDebug
/// text), with what the assertions read: its SQL and fingerprint, bound values, rows
/// and query plan.
///
/// Values, not references: a ``QueryLog`` holds them after the block is over, so a
/// failure message can list them.
public struct QueryStatement: Hashable, Sendable {
    /// The SQL text with `?` placeholders, as run or as logged.
    public let sql: String
    /// The statement's shape without its values (`SQLFingerprint` of SQLBasics): what
    /// ``QueryExpectation/noRepeatedStatement(_:sourceLocation:)`` groups by.
    public let fingerprint: String
    /// The kind, from the first keyword.
    public let kind: StatementKind
    /// The bound values as text (`42`, `'a title'`; a log's `SQLite bind[…]` lines).
    public let arguments: [String]
    /// Rows returned (reads) or changed (writes); nil when a log does not say.
    public let rows: Int?
    /// The `EXPLAIN QUERY PLAN` rows: planned after the block for a trace's SELECTs,
    /// as logged (SQLDebug level 4) for a log; nil when unknown.
    public let plan: [QueryPlanStep]?
    /// The line of the log the statement starts on; nil for a trace.
    public let line: Int?

    /// A statement; the fingerprint and kind are computed from `sql`.
    public init(
        sql: String, arguments: [String] = [], rows: Int? = nil, plan: [QueryPlanStep]? = nil,
        line: Int? = nil
    ) {
        self.sql = sql
        self.fingerprint = SQLFingerprint.normalize(sql)
        self.kind = StatementKind(sql: sql)
        self.arguments = arguments
        self.rows = rows
        self.plan = plan
        self.line = line
    }

    /// The same statement with `plan`.
    func planned(_ plan: [QueryPlanStep]?) -> QueryStatement {
        QueryStatement(sql: sql, arguments: arguments, rows: rows, plan: plan, line: line)
    }

    /// The columns this SELECT reads from `table` (the alias prefix removed), nil when
    /// it is not a SELECT or does not read `table`.
    func columns(readFrom table: String) -> [String]? {
        guard kind == .select, let selected = SQLText.selectedColumns(sql) else { return nil }
        let aliases = SQLClauses(sql).tables.filter { $0.value == table }.map(\.key)
        guard !aliases.isEmpty else { return nil }
        return selected.compactMap { expression in
            let parts = expression.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, aliases.contains(parts[0]) else { return nil }
            return parts[1]
        }
    }

    /// The indexes the plan names (`USING INDEX x`, `USING COVERING INDEX x`).
    var indexesUsed: [String] {
        (plan ?? []).compactMap { step in
            guard let range = step.detail.range(of: " INDEX ") else { return nil }
            let name = step.detail[range.upperBound...].prefix { $0 != " " }
            return name.isEmpty ? nil : String(name)
        }
    }
}
