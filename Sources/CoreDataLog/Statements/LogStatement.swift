/// One SQL statement as the log shows it, with what the lines around it add.
///
/// The text is the `sql:` line joined with its continuation lines (a console or a blog
/// wraps long statements); bound values come from `details: SQLite bind[…]` lines
/// (level 2 and above), the time from `sql connection fetch time:` or
/// `sql execution time:`, the rows from the fetch summary or the operation's total, the
/// plan from level 4. Anything the log does not say is nil or empty.
///
/// Cost: the text and the values.
public struct LogStatement: Hashable, Sendable {
    /// The SQL, continuation lines joined with single spaces.
    public private(set) var sql: String
    /// The statement's shape with values out (``SQLFingerprint``), computed once per text.
    public private(set) var fingerprint: String
    /// The first line.
    public let line: Int
    /// The last line of the statement and of what the log attached to it.
    public var lastLine: Int
    /// Bound values in parameter order, as logged (`18`, `"Maui"`, `(int64)42`, `nil`).
    public var bindings: [String] = []
    /// Query plan rows (level 4).
    public var plan: [QueryPlanStep] = []
    /// SQLite's time for the statement, in seconds, when logged.
    public var seconds: Double?
    /// Rows it returned, when the log says.
    public var rows: Int?
    /// The text looks cut off (a truncated paste or an over-long line): it is counted
    /// but not replayed.
    public var isTruncated = false
    /// A key list (`_Z_intarray`) was bound for it: a batch or a prefetch by design.
    public var bindsKeyList = false
    /// Who wrote it: Core Data, the engine, the raw floor, or bare SQL with no prefix.
    public let origin: ConsoleLine.Origin

    /// A statement first seen at `line`.
    public init(sql: String, line: Int, origin: ConsoleLine.Origin) {
        self.sql = sql
        fingerprint = SQLFingerprint.normalize(sql)
        self.line = line
        lastLine = line
        self.origin = origin
    }

    /// The statement's kind, from its first keyword.
    public var kind: StatementKind { StatementKind(sql: sql) }

    /// Adds a continuation line of the text (the fingerprint follows).
    mutating func continueText(with text: String) {
        sql += " " + text
        fingerprint = SQLFingerprint.normalize(sql)
    }
}
