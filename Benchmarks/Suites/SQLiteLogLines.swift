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
        case .begin(_, let kind): [line("sql", "BEGIN \(kind.rawValue)")]
        case .commit: [line("sql", "COMMIT")]
        case .rollback: [line("sql", "ROLLBACK")]
        case .open, .close: []
        }
    }

    private static func lines(for statement: StatementEvent) -> [String] {
        var lines = [line("sql", statement.sql)]
        let seconds = String(format: "%.4f", Double(statement.durationNanoseconds) / 1e9)
        switch statement.kind {
        case .select: lines.append(line("annotation", "sql connection fetch time: \(seconds)s"))
        case .pragma, .schema, .other:
            lines.append(line("annotation", "sql execution time: \(seconds)s"))
        default: break
        }
        if let error = statement.error { lines.append(line("error", error.description)) }
        return lines
    }

    private static func line(_ category: String, _ text: String) -> String {
        "SQLiteDB: \(category): \(text)"
    }
}
