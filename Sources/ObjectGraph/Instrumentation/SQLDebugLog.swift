import Foundation
import SQLiteDB

/// Core Data's `-com.apple.CoreData.SQLDebug` log, with the prefix `ObjectGraph:`.
///
/// Levels, as in Core Data:
/// - 1: each statement (`sql: …`), fetch timings, fault and to-many fault annotations;
/// - 2: adds bound values (`details: SQLite bind[0] = 18`) and connection events;
/// - 3: adds the row values of fulfilled faults;
/// - 4: adds `EXPLAIN QUERY PLAN` for each fetch.
///
/// Turn it on with the environment variable `FAULTLINE_SQL_DEBUG=N`, or in code:
/// ```swift
/// container.sqlDebugLog = SQLDebugLog(level: 2) { line in print(line) }
/// ```
///
/// Cost: nothing when off; when on, string formatting per statement (level 4 also
/// runs one `EXPLAIN QUERY PLAN` per fetch).
///
/// Related: https://developer.apple.com/documentation/coredata/accessing_data_when_the_store_changes
public final class SQLDebugLog: TraceSink, Sendable {
    /// How much is logged, 1 to 4.
    public let level: Int
    private let output: @Sendable (String) -> Void

    /// A log at `level` (clamped to 1...4) writing each line to `output` (standard
    /// error by default).
    public init(
        level: Int, output: @escaping @Sendable (String) -> Void = SQLDebugLog.standardError
    ) {
        self.level = min(max(level, 1), 4)
        self.output = output
    }

    /// The log asked for by `FAULTLINE_SQL_DEBUG`, or nil when it is unset or not 1...4.
    public static func fromEnvironment() -> SQLDebugLog? {
        guard let text = ProcessInfo.processInfo.environment["FAULTLINE_SQL_DEBUG"],
            let level = Int(text), (1...4).contains(level)
        else { return nil }
        return SQLDebugLog(level: level)
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: - Lines

    func line(_ category: String, _ text: String) {
        output("ObjectGraph: \(category): \(text)")
    }

    static func seconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.4f", Double(nanoseconds) / 1e9)
    }

    public func receive(_ event: TraceEvent) {
        switch event {
        case .statement(let statement):
            guard !statement.sql.hasPrefix("EXPLAIN") else { return }
            log(statement)
        case .begin(_, let kind):
            line("sql", "BEGIN \(kind.rawValue)")
        case .commit:
            line("sql", "COMMIT")
        case .rollback:
            line("sql", "ROLLBACK")
        case .open(_, let path):
            if level >= 2 {
                line("annotation", "Connecting to sqlite database file at \"\(path)\"")
            }
        case .close:
            if level >= 2 { line("annotation", "Disconnecting from sqlite database.") }
        }
    }

    private func log(_ statement: StatementEvent) {
        if statement.arguments.contains(where: { if case .integerList = $0 { true } else { false } }
        ) {
            line("annotation", "Bound intarray \(IntegerList.tableFunction)")
            line("annotation", "Bound intarray values.")
        }
        line("sql", statement.sql)
        if level >= 2 {
            for (index, argument) in statement.arguments.enumerated() {
                line("details", "SQLite bind[\(index)] = \(Self.bindText(argument))")
            }
        }
        switch statement.kind {
        case .select:
            line(
                "annotation",
                "sql connection fetch time: \(Self.seconds(statement.durationNanoseconds))s")
        case .pragma, .schema, .other:
            line(
                "annotation", "sql execution time: \(Self.seconds(statement.durationNanoseconds))s")
        default:
            break
        }
        if let error = statement.error { line("error", error.description) }
    }

    static func bindText(_ argument: SQLArgument) -> String {
        switch argument {
        case .value(.null): return "nil"
        case .value(.text(let text)): return "\"\(text)\""
        case .value(.blob(let data)): return "<\(data.count) bytes>"
        case .value(let value): return value.description
        case .integerList(let list): return list.description
        }
    }
}
