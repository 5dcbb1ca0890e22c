/// One thing the log says, in order: a statement with what was attached to it, an
/// annotation, a plan that matched no statement, or another Core Data message.
public enum LogEvent: Hashable, Sendable {
    /// A statement, complete with its bound values, time, rows and plan as logged.
    case statement(LogStatement)
    /// An annotation at `line` (times attach to their statement and are not repeated).
    case annotation(LogAnnotation, line: Int)
    /// A level-4 plan whose statement was not open when it was printed.
    case plan(sql: String, steps: [QueryPlanStep], line: Int)
    /// An `error:`, `warning:`, `debug:`, `fault:`, `info:` line, or a Core Data line
    /// without a category.
    case message(LogCategory, String, line: Int)
}

/// How the lines of a log were understood, counted as they were read.
public struct LineCounts: Hashable, Sendable, Codable {
    /// Every line read.
    public var lines = 0
    /// Lines of Core Data (or the engine) with a category.
    public var coreData = 0
    /// Lines that continued the entry before them (wrapped SQL, plan rows, values).
    public var continuations = 0
    /// Statements pasted without any prefix.
    public var bareStatements = 0
    /// Lines of the app's own output, interleaved.
    public var output = 0
    /// Core Data lines whose annotation or detail this parser does not know.
    public var unparsed = 0
    /// Lines longer than ``LogLineReader/maximumLineBytes``, cut.
    public var cut = 0
    /// Lines with bytes that were not UTF-8.
    public var invalidBytes = 0

    /// No counts yet.
    public init() {}
}

/// A line the parser kept to show: a Core Data line it did not understand, or a sample
/// of the app's output.
public struct NotedLine: Hashable, Sendable, Codable {
    /// The line number.
    public let line: Int
    /// Its text (at most 300 characters).
    public let text: String

    /// A noted line; long text is shortened to 300 characters.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text.count > 300 ? String(text.prefix(299)) + "…" : text
    }
}

/// What the log's lines show of the `SQLDebug` level it was captured at: bound values
/// need 2, row values and count request descriptions 3, query plans 4.
public struct LevelEvidence: Hashable, Sendable, Codable {
    /// `details: SQLite bind[…]` lines.
    public var bindLines = 0
    /// `fetch using NSSQLiteStatement …` lines (level 2 and above).
    public var fetchSummaries = 0
    /// `with values:` / `with row values:` / `count request …` (level 3).
    public var valueLines = 0
    /// Plan rows (level 4).
    public var planRows = 0
    /// Core Data's `details: SQLite: EXPLAIN QUERY PLAN …` headers (level 4), counted on
    /// their own: a pasted log often keeps the header and cuts the rows after it.
    public var planHeaders = 0

    /// No evidence yet.
    public init() {}

    /// The lowest level that explains what was seen: 1 to 4.
    public var level: Int {
        if planRows > 0 || planHeaders > 0 { return 4 }
        if valueLines > 0 { return 3 }
        if bindLines > 0 || fetchSummaries > 0 { return 2 }
        return 1
    }
}
