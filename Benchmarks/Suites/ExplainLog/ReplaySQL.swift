import BenchKit
import CoreDataLog
import Foundation
import SQLiteDB

/// A logged SELECT made runnable on a generated store: Core Data's bound key list
/// (`_Z_intarray0`, bound out of band) becomes the engine's `_Z_intarray0(?)` bound with
/// the first keys of the table, and every `?` gets the logged value or a value drawn
/// from the data.
///
/// Cost: string rewriting and a sample per column.
struct ReplaySQL {
    /// The SQL to run.
    let text: String
    /// Its arguments, one per `?`.
    let arguments: [SQLArgument]
    /// `log`, `generated data`, or both.
    let valuesFrom: String

    /// Keys bound for a key list: the statement's LIMIT, else this many.
    static let keyListSize = 1_000

    /// Why a statement is not replayed.
    struct Refusal: Error {
        let reason: String
    }

    /// The runnable form of `group`.
    /// - Throws: ``Refusal`` for a statement that is not a SELECT or was cut off.
    static func make(_ group: LogStatementGroup, values: ReplayValues) throws(Refusal) -> ReplaySQL
    {
        guard group.kind == .select else { throw Refusal(reason: "only SELECTs are replayed") }
        guard group.truncatedCount < group.count else {
            throw Refusal(reason: "the statement is cut off in the log")
        }
        let (text, keyLists) = rewritingKeyLists(group.sql)
        let columns = SQLClauses(text).parameterColumns(text)
        let logged = group.sampleBindings.first ?? []
        var arguments: [SQLArgument] = []
        var fromLog = 0
        var fromData = 0
        var loggedIndex = 0
        let keys = IntegerList((1...Int64(limit(of: text) ?? keyListSize)).map { $0 })
        for (index, column) in columns.enumerated() {
            if let wasParameter = keyLists[index] {
                if wasParameter { loggedIndex += 1 }
                arguments.append(.integerList(keys))
                continue
            }
            if loggedIndex < logged.count, let value = ReplayValues.logged(logged[loggedIndex]) {
                arguments.append(.value(value))
                fromLog += 1
            } else {
                arguments.append(
                    .value(
                        column.map { values.sample(table: $0.table, column: $0.column) }
                            ?? .integer(1)))
                fromData += 1
            }
            loggedIndex += 1
        }
        let source =
            fromData == 0 ? "log" : (fromLog == 0 ? "generated data" : "log and generated data")
        return ReplaySQL(text: text, arguments: arguments, valuesFrom: source)
    }

    /// `sql` with each `_Z_intarrayN` (with or without its `(?)`) as `_Z_intarray0(?)`,
    /// and the indexes of those parameters among all `?`s, each with whether it was a
    /// parameter of the logged text (the engine's form) or is new (Core Data's).
    static func rewritingKeyLists(_ sql: String) -> (String, [Int: Bool]) {
        var output = ""
        var keyLists: [Int: Bool] = [:]
        var parameters = 0
        var rest = Substring(sql)
        while let range = rest.range(of: "_Z_intarray") {
            let before = rest[..<range.lowerBound]
            parameters += before.filter { $0 == "?" }.count
            output += before
            var after = rest[range.upperBound...].drop { $0.isNumber }
            let wasParameter = after.hasPrefix("(?)")
            if wasParameter { after = after.dropFirst(3) }
            output += "_Z_intarray0(?)"
            keyLists[parameters] = wasParameter
            parameters += 1
            rest = after
        }
        return (output + rest, keyLists)
    }

    /// The statement's `LIMIT n`, if a literal.
    static func limit(of sql: String) -> Int? {
        guard let range = sql.range(of: " LIMIT ", options: [.caseInsensitive, .backwards]) else {
            return nil
        }
        let digits = sql[range.upperBound...].prefix { $0.isNumber }
        return Int(digits).flatMap { $0 > 0 ? min($0, 100_000) : nil }
    }
}
