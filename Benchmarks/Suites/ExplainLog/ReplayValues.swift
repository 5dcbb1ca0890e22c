import Foundation
import SQLiteDB

/// Values to bind when replaying a logged statement: the log's own where it printed them
/// (level 2 and above), else representative ones drawn from the generated store.
///
/// Names reaching SQL are validated identifiers, double-quoted; every value is bound.
/// Cost: one sampling query per column (cached).
final class ReplayValues {
    private let connection: Connection
    private var samples: [String: SQLiteValue] = [:]
    private var counts: [String: Int] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    /// A logged value as SQLite takes it: `18`, `"Maui"`, `(int64)42`,
    /// `(timestamp)732042345.0`, `nil`; nil for what cannot be rebuilt (`<12 bytes>`,
    /// a key list).
    static func logged(_ text: String) -> SQLiteValue? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value == "nil" || value == "NULL" { return .null }
        if value.hasPrefix("(int64)"), let number = Int64(value.dropFirst(7)) {
            return .integer(number)
        }
        if value.hasPrefix("(timestamp)"), let number = Double(value.dropFirst(11)) {
            return .real(number)
        }
        if value.count >= 2, value.first == "\"", value.last == "\"" {
            return .text(String(value.dropFirst().dropLast()))
        }
        if let number = Int64(value) { return .integer(number) }
        if let number = Double(value), number.isFinite { return .real(number) }
        if value.hasPrefix("<") { return nil }
        return .text(value)
    }

    /// Whether a logged value is the engine's key list (`<1000 keys: 1, 2, …>`).
    static func isKeyList(_ text: String) -> Bool {
        text.hasPrefix("<") && text.contains(" keys")
    }

    /// A value of `column` of `table` from the middle of the table, or 1 when the table
    /// is empty or the names are not plain identifiers.
    func sample(table: String, column: String) -> SQLiteValue {
        let key = "\(table).\(column)"
        if let value = samples[key] { return value }
        var value = SQLiteValue.integer(1)
        if Self.isIdentifier(table), Self.isIdentifier(column) {
            let rows = rowCount(table)
            let sql = SQL(
                text: "SELECT \"\(column)\" FROM \"\(table)\" WHERE \"\(column)\" IS NOT NULL "
                    + "LIMIT 1 OFFSET ?",
                arguments: [.value(.integer(Int64(rows / 2)))])
            if let found = try? connection.fetchOne(sql, { $0.value(at: 0) }) { value = found }
        }
        samples[key] = value
        return value
    }

    /// The smallest value of `column`, for a range that replaces `!= nil`.
    func minimum(table: String, column: String) -> SQLiteValue {
        guard Self.isIdentifier(table), Self.isIdentifier(column) else { return .integer(0) }
        let sql = SQL(text: "SELECT MIN(\"\(column)\") FROM \"\(table)\"")
        return (try? connection.fetchOne(sql, { $0.value(at: 0) })) ?? .integer(0)
    }

    /// Rows of `table` (0 when it cannot be counted).
    func rowCount(_ table: String) -> Int {
        if let count = counts[table] { return count }
        var count = 0
        if Self.isIdentifier(table) {
            count =
                (try? connection.fetchOne(SQL(text: "SELECT COUNT(*) FROM \"\(table)\"")) {
                    Int($0.int64(at: 0))
                }) ?? 0
        }
        counts[table] = count
        return count
    }

    /// A plain SQL name: a letter or underscore, then letters, digits, underscores.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
            first.properties.isAlphabetic || first == "_"
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_")
        }
    }
}

@available(*, unavailable, message: "confined to the replay's thread")
extension ReplayValues: Sendable {}
