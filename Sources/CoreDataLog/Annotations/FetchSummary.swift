import Foundation

/// Core Data's level-2 summary of a fetch: `fetch using NSSQLiteStatement <0x…> on
/// entity 'Person' with sql text 'SELECT … ' returned 688187 rows`, and at level 3 the
/// same line followed by ` with values: (` and one object description per row.
///
/// The SQL in the quotes may itself contain quotes (`'Z_METADATA'`), so it ends at the
/// last `' returned `. Cost: a few substring searches.
enum FetchSummary {
    static func parse(_ text: Substring) -> LogAnnotation? {
        guard let entity = text.after(" on entity ")?.quoted(by: "'"),
            let sqlStart = text.range(of: " with sql text '"),
            let end = text.range(of: "' returned ", options: .backwards),
            sqlStart.upperBound <= end.lowerBound,
            let rows = LogNumber.integer(text[end.upperBound...])
        else { return nil }
        let sql = text[sqlStart.upperBound..<end.lowerBound]
        return .fetchSummary(
            entity: String(entity), sql: sql.trimmingCharacters(in: .whitespaces), rows: rows)
    }
}
