import BenchKit
import CoreDataLog
import Foundation
import SQLiteDB

/// The mechanical fixes of a replayed statement, each a statement to run beside the
/// original (and an index to create for it first, dropped after):
/// - a lookup repeated per object → one statement for all its keys (`IN` a key list,
///   the form a prefetch or a batched fetch takes);
/// - a full scan, a temporary sort or the hierarchy's `Z_ENT` index → an index on the
///   predicate's (or sort's) columns;
/// - `IS NOT NULL` on an indexed column read by a full scan → `>=` its smallest value;
/// - `COUNT(DISTINCT t0.Z_PK) … JOIN` → a count through the foreign key;
/// - a correlated subquery whose inner column has no index → that index;
/// - a wide fetch → the object IDs alone.
///
/// Cost: string rewriting; nothing runs here.
struct ReplayFixes {
    /// One fixed form.
    struct Form {
        let kind: FindingKind
        let name: String
        let description: String
        let replaces: Int
        let sql: String
        let arguments: [SQLArgument]
        /// Index columns to create first (table, columns).
        var index: (table: String, columns: [String])?
    }

    let group: LogStatementGroup
    let replay: ReplaySQL
    let names: StoreNames
    let values: ReplayValues
    /// The lookup finding kind of the group (the lab's rule), if it is one.
    let lookup: FindingKind?

    /// The fixes that apply to the statement, given its plan at this size.
    func forms(plan: [QueryPlanStep]) -> [Form] {
        let clauses = SQLClauses(replay.text)
        return [
            lookupForm(clauses), indexForm(clauses, plan: plan), nilTestForm(clauses, plan: plan),
            countForm(), correlatedForm(), idsForm(),
        ].compactMap { $0 }
    }

    // MARK: - Forms

    private func lookupForm(_ clauses: SQLClauses) -> Form? {
        guard let lookup else { return nil }
        let parameters = clauses.parameterColumns(replay.text)
        guard
            let index = parameters.indices.first(where: { index in
                parameters[index] != nil && isEquality(parameter: index)
            }), let column = parameters[index]
        else { return nil }
        let count = min(group.count, ReplaySQL.keyListSize)
        var arguments = replay.arguments
        let list: String
        if column.column == "Z_PK" || column.column.hasPrefix("Z_") || isForeignKey(column) {
            list = "IN (SELECT * FROM _Z_intarray0(?))"
            arguments[index] = .integerList(IntegerList((1...Int64(count)).map { $0 }))
        } else {
            guard ReplayValues.isIdentifier(column.table), ReplayValues.isIdentifier(column.column)
            else { return nil }
            list = "IN (SELECT \"\(column.column)\" FROM \"\(column.table)\" LIMIT ?)"
            arguments[index] = .value(.integer(Int64(count)))
        }
        guard let sql = replacingParameter(index, in: replay.text, with: list) else { return nil }
        return Form(
            kind: lookup, name: "one statement for \(count) keys",
            description:
                "`\(column.column) = ?` run once per key becomes `\(column.column) IN (…)` "
                + "with \(count) keys: the form of a prefetch or of one batched fetch.",
            replaces: count, sql: sql, arguments: arguments)
    }

    private func indexForm(_ clauses: SQLClauses, plan: [QueryPlanStep]) -> Form? {
        if let scan = plan.fullScans.first, let table = LogFindings.table(of: scan, in: clauses) {
            let columns = LogFindings.indexable(clauses, table: table)
            if !columns.isEmpty, !hasIndex(table, leading: columns[0]) {
                return index(.fullScan, table: table, columns: columns)
            }
        }
        if plan.contains(where: { $0.detail.contains("TEMP B-TREE FOR ORDER BY") }),
            let first = clauses.orderColumns.first, !replay.text.contains("COLLATE NSCollate")
        {
            let columns = clauses.orderColumns.filter { $0.table == first.table }.map(\.column)
            if !hasIndex(first.table, leading: columns[0]) {
                return index(.tempSort, table: first.table, columns: columns)
            }
        }
        for step in plan where step.detail.contains("(Z_ENT=?)") {
            guard let table = LogFindings.table(of: step, in: clauses),
                let selective = LogFindings.indexable(clauses, table: table).first,
                !hasIndex(table, leading: selective)
            else { continue }
            return index(.wrongIndex, table: table, columns: [selective])
        }
        return nil
    }

    private func index(_ kind: FindingKind, table: String, columns: [String]) -> Form? {
        guard ReplayValues.isIdentifier(table), columns.allSatisfy(ReplayValues.isIdentifier) else {
            return nil
        }
        var form = Form(
            kind: kind, name: "index on \(table)(\(columns.joined(separator: ", ")))",
            description:
                "The same statement with an index on \(table)(\(columns.joined(separator: ", "))).",
            replaces: 1, sql: replay.text, arguments: replay.arguments)
        form.index = (table, columns)
        return form
    }

    private func nilTestForm(_ clauses: SQLClauses, plan: [QueryPlanStep]) -> Form? {
        for comparison in clauses.comparisons where comparison.comparison == "IS NOT NULL" {
            guard names.isIndexed(table: comparison.table, column: comparison.column),
                plan.fullScans.contains(where: {
                    LogFindings.table(of: $0, in: clauses) == comparison.table
                }),
                let alias = clauses.tables.first(where: { $0.value == comparison.table })?.key,
                let range = replay.text.range(of: "\(alias).\(comparison.column) IS NOT NULL")
            else { continue }
            let before = replay.text[..<range.lowerBound].filter { $0 == "?" }.count
            var arguments = replay.arguments
            arguments.insert(
                .value(values.minimum(table: comparison.table, column: comparison.column)),
                at: before)
            let sql = replay.text.replacingCharacters(
                in: range, with: "\(alias).\(comparison.column) >= ?")
            return Form(
                kind: .nullTestOnIndex, name: "range instead of IS NOT NULL",
                description:
                    "`\(comparison.column) IS NOT NULL` becomes `\(comparison.column) >= ?` "
                    + "bound with its smallest value.",
                replaces: 1, sql: sql, arguments: arguments)
        }
        return nil
    }

    /// `SELECT COUNT(DISTINCT t0.Z_PK) FROM X t0 JOIN Y t1 ON t0.FK = t1.Z_PK WHERE <t1
    /// only>` → `SELECT COUNT(*) FROM X t0 WHERE t0.FK IN (SELECT t1.Z_PK FROM Y t1
    /// WHERE …)`.
    private func countForm() -> Form? {
        let words = replay.text.split(separator: " ", omittingEmptySubsequences: true).map(
            String.init)
        guard words.count > 12,
            replay.text.uppercased().hasPrefix("SELECT COUNT(DISTINCT T0.Z_PK) FROM "),
            words[5] == "t0", words[6].uppercased() == "JOIN", words[8] == "t1",
            words[9].uppercased() == "ON",
            words[10].hasPrefix("t0."), words[11] == "=", words[12] == "t1.Z_PK",
            let whereIndex = words.firstIndex(where: { $0.uppercased() == "WHERE" }),
            whereIndex == 13
        else { return nil }
        let condition = words[(whereIndex + 1)...].joined(separator: " ")
        guard !condition.contains("t0.") else { return nil }
        let sql =
            "SELECT COUNT(*) FROM \(words[4]) t0 WHERE \(words[10]) IN "
            + "(SELECT t1.Z_PK FROM \(words[7]) t1 WHERE \(condition))"
        return Form(
            kind: .countViaJoin, name: "count through the foreign key",
            description: "COUNT(DISTINCT) over the JOIN becomes a count of \(words[4]) whose "
                + "\(words[10].dropFirst(3)) is in the matching \(words[7]) keys.",
            replaces: 1, sql: sql, arguments: replay.arguments)
    }

    private func correlatedForm() -> Form? {
        guard SQLClauses(replay.text).hasCorrelatedSubquery,
            let inner = LogFindings.innerColumn(replay.text),
            !hasIndex(inner.table, leading: inner.column)
        else { return nil }
        return index(.correlatedSubquery, table: inner.table, columns: [inner.column])
    }

    private func idsForm() -> Form? {
        guard let columns = SQLText.selectedColumns(replay.text),
            columns.count >= LogFindings.wideColumns,
            let from = replay.text.range(of: " FROM ")
        else { return nil }
        return Form(
            kind: .wideFetch, name: "object IDs only",
            description: "The same rows with t0.Z_PK alone instead of \(columns.count) columns.",
            replaces: 1, sql: "SELECT t0.Z_PK" + replay.text[from.lowerBound...],
            arguments: replay.arguments)
    }

    // MARK: - Helpers

    private func hasIndex(_ table: String, leading column: String) -> Bool {
        column == "Z_PK" || names.isIndexLeader(table: table, column: column)
    }

    private func isForeignKey(_ column: SQLClauses.Column) -> Bool {
        names.tables[column.table]?.toOnes[column.column] != nil
    }

    /// Whether the `index`-th `?` follows `=`.
    private func isEquality(parameter index: Int) -> Bool {
        guard let range = parameterRange(index, in: replay.text) else { return false }
        let before = replay.text[..<range.lowerBound].reversed().drop { $0 == " " }
        return before.first == "=" && before.dropFirst().first != "<"
            && before.dropFirst().first != ">"
            && before.dropFirst().first != "!"
    }

    /// The text with `= ?` of the `index`-th parameter replaced by `replacement`.
    private func replacingParameter(_ index: Int, in sql: String, with replacement: String)
        -> String?
    {
        guard let range = parameterRange(index, in: sql) else { return nil }
        let head = sql[..<range.lowerBound]
        guard let equals = head.lastIndex(of: "=") else { return nil }
        return String(sql[..<equals]) + replacement + String(sql[range.upperBound...])
    }

    private func parameterRange(_ index: Int, in sql: String) -> Range<String.Index>? {
        var seen = 0
        var cursor = sql.startIndex
        while let found = sql[cursor...].firstIndex(of: "?") {
            if seen == index { return found..<sql.index(after: found) }
            seen += 1
            cursor = sql.index(after: found)
        }
        return nil
    }
}
