import Foundation
import SQLiteDB

/// The log lines of a raw SQLiteDB connection, shaped like ObjectGraph's level-1 SQL
/// debug log so a raw configuration's `sql/…log` reads like an engine one.
///
/// Per statement: `SQLiteDB: sql: <SQL with ? placeholders>` (no bound values, as at
/// level 1), then the time as the engine words it (`sql connection fetch time:` for a
/// SELECT, `sql execution time:` for pragmas, schema and other statements) and the
/// error if it failed; transactions print `BEGIN …`, `COMMIT`, `ROLLBACK`. The prefix
/// names SQLiteDB, not the engine, because no engine issued these statements.
/// Cost: a few strings per event.
enum SQLiteLogLines {
    /// The lines for one trace event; none for open and close (level 2 in the engine).
    static func lines(for event: TraceEvent) -> [String] {
        switch event {
        case .statement(let statement): lines(for: statement)
        case .begin(_, let kind, _): [line("sql", "BEGIN \(kind.rawValue)")]
        case .commit: [line("sql", "COMMIT")]
        case .rollback: [line("sql", "ROLLBACK")]
        case .open, .close: []
        }
    }

    /// How many lines ``lines(for:)`` makes for `event`, without making them.
    static func lineCount(for event: TraceEvent) -> Int {
        switch event {
        case .statement(let statement):
            return 1 + (isTimed(statement.kind) ? 1 : 0) + (statement.error == nil ? 0 : 1)
        case .begin, .commit, .rollback: return 1
        case .open, .close: return 0
        }
    }

    private static func lines(for statement: StatementEvent) -> [String] {
        var lines = [line("sql", statement.sql)]
        if isTimed(statement.kind) {
            let seconds = String(format: "%.4f", Double(statement.durationNanoseconds) / 1e9)
            let what =
                statement.kind == .select ? "sql connection fetch time" : "sql execution time"
            lines.append(line("annotation", "\(what): \(seconds)s"))
        }
        if let error = statement.error { lines.append(line("error", error.description)) }
        return lines
    }

    /// Whether the engine prints a time after this kind: reads, pragmas, schema, other.
    private static func isTimed(_ kind: StatementKind) -> Bool {
        switch kind {
        case .select, .pragma, .schema, .other: true
        default: false
        }
    }

    private static func line(_ category: String, _ text: String) -> String {
        "SQLiteDB: \(category): \(text)"
    }
}
