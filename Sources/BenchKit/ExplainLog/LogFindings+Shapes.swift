import CoreDataLog
import Foundation

/// Findings read from the shape of the SQL and the rows it returned.
extension LogFindings {
    /// Columns from which a fetch counts as wide.
    public static let wideColumns = 16

    /// Correlated subqueries, wide fetches and counts through a JOIN.
    func shapeFindings() -> [Finding] {
        summary.statements.flatMap { group -> [Finding] in
            guard group.kind == .select, !group.bindsKeyList else { return [] }
            let clauses = SQLClauses(group.sql)
            return [
                correlated(group, clauses: clauses), wide(group, clauses: clauses),
                countViaJoin(group, clauses: clauses),
            ].compactMap { $0 }
        }
    }

    private func correlated(_ group: LogStatementGroup, clauses: SQLClauses) -> Finding? {
        guard clauses.hasCorrelatedSubquery, let table = clauses.mainTable else { return nil }
        let entity = names.entity(table)
        let inner = Self.innerColumn(group.sql)
        let innerName = inner.map { names.keyPath(table: $0.table, column: $0.column) }
        let rows = group.rowCountedCount > 0 ? " (\(Self.count(group.rows)) rows returned)" : ""
        return finding(
            .correlatedSubquery,
            title: "A fetch of \(entity) runs a subquery once per \(entity) row\(rows).",
            group: group, subject: FindingSubject(entity: entity, table: table),
            fix: FindingFixes.correlatedSubquery(entity: entity, inner: innerName))
    }

    /// The inner table and column a correlated subquery matches with `t0.Z_PK`
    /// (`t0.Z_PK = t1.ZITEM` → ZATTACHMENT.ZITEM).
    public static func innerColumn(_ sql: String) -> SQLClauses.Column? {
        guard let match = sql.range(of: "t0.Z_PK = t") else { return nil }
        let rest = sql[sql.index(match.upperBound, offsetBy: -1)...]
        let token = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        let parts = token.split(separator: ".")
        guard parts.count == 2 else { return nil }
        let alias = String(parts[0])
        let words = sql.split(separator: " ")
        guard let index = words.firstIndex(where: { $0 == alias }), index > 0 else { return nil }
        return SQLClauses.Column(table: String(words[index - 1]), column: String(parts[1]))
    }

    private func wide(_ group: LogStatementGroup, clauses: SQLClauses) -> Finding? {
        guard let columns = SQLText.selectedColumns(group.sql), columns.count >= Self.wideColumns,
            let table = clauses.mainTable
        else { return nil }
        let maximumRows =
            summary.operations.filter { $0.mainFingerprint == group.fingerprint }
            .map(\.maximumRows).max() ?? 0
        guard maximumRows >= 1_000 || group.count >= threshold else { return nil }
        let entity = names.entity(table)
        let reason =
            maximumRows >= 1_000
            ? "for up to \(Self.count(maximumRows)) rows at once"
            : "\(Self.count(group.count)) times"
        return finding(
            .wideFetch,
            title: "\(columns.count) columns of \(entity) were fetched \(reason).",
            group: group, subject: FindingSubject(entity: entity, table: table),
            fix: FindingFixes.narrowFetch(entity: entity))
    }

    /// `SELECT COUNT(DISTINCT t0.Z_PK) FROM ZWORD t0 JOIN ZWORDCATEGORY t1 ON
    /// t0.ZWORDCATEGORY = t1.Z_PK WHERE …`.
    private func countViaJoin(_ group: LogStatementGroup, clauses: SQLClauses) -> Finding? {
        let upper = group.sql.uppercased()
        guard upper.hasPrefix("SELECT COUNT(DISTINCT"), upper.contains(" JOIN "),
            let table = clauses.mainTable,
            let joined = clauses.tables.first(where: { $0.key != "t0" && $0.value != table })?.value
        else { return nil }
        let entity = names.entity(table)
        let destination = names.entity(joined)
        let foreignKey = Self.foreignKey(group.sql) ?? "?"
        let relationship = names.property(table: table, column: foreignKey)
        return finding(
            .countViaJoin,
            title: "Counting \(entity) through \(relationship) joins \(destination) and counts "
                + "distinct rows.",
            group: group,
            subject: FindingSubject(
                entity: entity, keyPath: relationship, table: table, column: foreignKey),
            fix: FindingFixes.countThroughForeignKey(
                entity: entity, relationship: relationship, destination: destination))
    }

    /// `ON t0.ZWORDCATEGORY = t1.Z_PK` → `ZWORDCATEGORY`.
    static func foreignKey(_ sql: String) -> String? {
        guard let on = sql.range(of: " ON t0.") else { return nil }
        let column = sql[on.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return column.isEmpty ? nil : String(column)
    }
}
