import Foundation
import SQLiteDB

/// The lines of Core Data's `-com.apple.CoreData.SQLDebug` log for one
/// ``EngineTraceEvent``, at one level, each prefixed `ObjectGraph: <category>: `.
///
/// ``SQLDebugLog`` prints them; the lab writes the level-1 lines of a traced case to
/// its `sql/…log` file. ``lineCount(for:)`` says how many lines an event makes
/// without making them, so a recorder can stop formatting once its log is full.
/// Wording follows Core Data where it has a line for the event (`sql connection fetch
/// time:`, `fault fulfilled from database for :`, `Bound intarray`).
///
/// Cost: string formatting per line; ``lineCount(for:)`` formats nothing.
package struct SQLDebugLogFormat: Sendable {
    /// The level, 1 to 4 (see ``SQLDebugLog``).
    package let level: Int

    /// The format of a log at `level` (clamped to 1...4).
    package init(level: Int) {
        self.level = min(max(level, 1), 4)
    }

    /// The lines `event` prints, in order; none for an event this level leaves out.
    package func lines(for event: EngineTraceEvent) -> [String] {
        switch event {
        case .sql(let event): return lines(for: event)
        case .fetchCompleted(let rows, let nanoseconds, _):
            return [
                annotation(
                    "total fetch execution time: \(Self.seconds(nanoseconds))s for \(rows) rows.")
            ]
        case .countCompleted(let request, let count, let nanoseconds):
            let total = annotation(
                "total count request execution time: \(Self.seconds(nanoseconds))s "
                    + "for count of \(count).")
            return level >= 3
                ? [annotation("count request \(request) returned \(count)"), total] : [total]
        case .faultFulfilled(let row):
            return [annotation(faultText(row))]
        case .toManyFaultFulfilled(let relationship, let objectID, let rows):
            return [
                annotation(
                    "to-many relationship fault \"\(relationship)\" for objectID \(objectID) "
                        + "fulfilled from database.  Got \(rows) rows")
            ]
        case .batchLoaded(let batch, let count, let rows):
            return [
                annotation(
                    "batch fault fulfilled from database: batch \(batch + 1) of \(count).  "
                        + "Got \(rows) rows.")
            ]
        case .prefetched(let keyPath, _, let rows):
            return [annotation("Prefetching with key '\(keyPath)'.  Got \(rows) rows.")]
        case .batchRequestCompleted(let kind, let table, let rows, let nanoseconds):
            return [
                annotation(
                    "batch \(kind) of \(table): \(rows) rows in \(Self.seconds(nanoseconds))s.")
            ]
        case .queryPlan(let plan):
            guard level >= 4 else { return [] }
            return plan.description.split(separator: "\n").map {
                line("details", "query plan: \($0)")
            }
        case .savePhase(let phase):
            return level >= 2 ? [annotation("save: \(Self.text(phase))")] : []
        case .causeBegan, .causeEnded:
            return []
        }
    }

    /// How many lines ``lines(for:)`` returns for `event`, without formatting them.
    package func lineCount(for event: EngineTraceEvent) -> Int {
        switch event {
        case .sql(.statement(let statement)): return lineCount(for: statement)
        case .sql(.open), .sql(.close), .savePhase: return level >= 2 ? 1 : 0
        case .sql: return 1
        case .countCompleted: return level >= 3 ? 2 : 1
        case .queryPlan(let plan): return level >= 4 ? plan.rows.count : 0
        case .causeBegan, .causeEnded: return 0
        case .fetchCompleted, .faultFulfilled, .toManyFaultFulfilled, .batchLoaded, .prefetched,
            .batchRequestCompleted:
            return 1
        }
    }

    // MARK: - SQLite events

    private func lines(for event: TraceEvent) -> [String] {
        switch event {
        case .statement(let statement): return lines(for: statement)
        case .begin(_, let kind, _): return [line("sql", "BEGIN \(kind.rawValue)")]
        case .commit: return [line("sql", "COMMIT")]
        case .rollback: return [line("sql", "ROLLBACK")]
        case .open(_, let path):
            return level >= 2
                ? [annotation("Connecting to sqlite database file at \"\(path)\"")] : []
        case .close:
            return level >= 2 ? [annotation("Disconnecting from sqlite database.")] : []
        }
    }

    private func lines(for statement: StatementEvent) -> [String] {
        var lines: [String] = []
        if Self.bindsIntegerList(statement) {
            lines += [
                annotation("Bound intarray \(IntegerList.tableFunction)"),
                annotation("Bound intarray values."),
            ]
        }
        lines.append(line("sql", statement.sql))
        if level >= 2 {
            for (index, argument) in statement.arguments.enumerated() {
                lines.append(line("details", "SQLite bind[\(index)] = \(Self.bindText(argument))"))
            }
        }
        if let label = Self.timeLabel(statement.kind) {
            lines.append(annotation("\(label): \(Self.seconds(statement.durationNanoseconds))s"))
        }
        if let error = statement.error { lines.append(line("error", error.description)) }
        return lines
    }

    private func lineCount(for statement: StatementEvent) -> Int {
        (Self.bindsIntegerList(statement) ? 3 : 1)
            + (level >= 2 ? statement.arguments.count : 0)
            + (Self.timeLabel(statement.kind) == nil ? 0 : 1) + (statement.error == nil ? 0 : 1)
    }

    /// Whether the statement reads a bound key list. Judged from its SQL, not its
    /// arguments, so an event recorded without its bound values logs the same lines;
    /// a byte search, so counting lines allocates nothing.
    private static func bindsIntegerList(_ statement: StatementEvent) -> Bool {
        var sql = statement.sql
        var function = IntegerList.tableFunction
        return sql.withUTF8 { text in
            function.withUTF8 { word in
                guard let head = word.first, text.count >= word.count else { return false }
                for start in 0...(text.count - word.count)
                where text[start] == head
                    && memcmp(text.baseAddress! + start, word.baseAddress!, word.count) == 0
                {
                    return true
                }
                return false
            }
        }
    }

    /// Core Data's words for a statement's time; writes and transactions print none.
    private static func timeLabel(_ kind: StatementKind) -> String? {
        switch kind {
        case .select: "sql connection fetch time"
        case .pragma, .schema, .other: "sql execution time"
        default: nil
        }
    }

    // MARK: - Text

    private func faultText(_ row: FulfilledRow) -> String {
        var text = "fault fulfilled from database for : \(row.objectID)"
        if level >= 3 {
            let values = zip(row.objectID.entity.columns, row.values)
                .map { "\($0) = \($1)" }.joined(separator: ", ")
            text += " with row values: {\(values)}"
        }
        return text
    }

    private static func text(_ phase: SavePhase) -> String {
        switch phase {
        case .reservingKeys(let objects): "reserving primary keys for \(objects) inserted objects"
        case .writing(let inserted, let updated, let deleted):
            "writing \(inserted) inserted, \(updated) updated, \(deleted) deleted objects"
        case .saved: "saved"
        case .failed: "failed; nothing was written"
        }
    }

    private func annotation(_ text: String) -> String {
        line("annotation", text)
    }

    private func line(_ category: String, _ text: String) -> String {
        "ObjectGraph: \(category): \(text)"
    }

    /// `0.0012`: seconds with four decimals, as Core Data prints times.
    package static func seconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.4f", Double(nanoseconds) / 1e9)
    }

    /// A bound value as the log prints it: `"text"`, `nil`, `<12 bytes>`, `42`.
    package static func bindText(_ argument: SQLArgument) -> String {
        switch argument {
        case .value(.null): return "nil"
        case .value(.text(let text)): return "\"\(text)\""
        case .value(.blob(let data)): return "<\(data.count) bytes>"
        case .value(let value): return value.description
        case .integerList(let list): return list.description
        }
    }
}
