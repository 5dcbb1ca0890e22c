/// What one `details:` line says: a bound value or a query plan.
///
/// - `SQLite bind[0] = 18`, `= "Maui"`, `= (int64)42`, `= (timestamp)732042345.000000`,
///   `= nil`: one bound value per line, at level 2 and above (Core Data binds are logged
///   when its debug level is 2 or more, as the engine's are).
/// - `SQLite: EXPLAIN QUERY PLAN SELECT …` (Core Data, level 4; later releases write
///   `SQLite: SELECT …`), followed by unprefixed rows `     3 0 0 SCAN t0`.
/// - `query plan: SCAN t0` (the engine, level 4): one plan node per line, indented two
///   spaces per level.
public enum LogDetail: Hashable, Sendable {
    /// A bound value, as logged (quotes and type tags kept).
    case bind(index: Int, value: String)
    /// The start of Core Data's plan for `sql`; its rows follow on their own lines.
    case planHeader(sql: String)
    /// One node of the engine's plan, with its depth in the tree.
    case planNode(depth: Int, detail: String)
    /// Any other detail.
    case other(String)

    /// Reads one detail's text (after `details: `).
    public init(_ text: String) {
        let body = Substring(text)
        if let rest = body.after("SQLite bind["), let close = rest.firstIndex(of: "]"),
            let index = Int(rest[..<close]), let equals = rest.after("] = ") ?? rest.after("]=")
        {
            self = .bind(index: index, value: String(equals))
        } else if let rest = body.after("SQLite: "), body.hasPrefix("SQLite: ") {
            let sql = rest.after("EXPLAIN QUERY PLAN ") ?? rest
            self = .planHeader(sql: String(sql))
        } else if let rest = body.after("query plan: "), body.hasPrefix("query plan: ") {
            let spaces = rest.prefix { $0 == " " }.count
            self = .planNode(depth: spaces / 2, detail: String(rest.dropFirst(spaces)))
        } else {
            self = .other(text)
        }
    }
}

/// One row of Core Data's level-4 plan: `     3 0 0 SCAN TABLE ZITEM AS t0` (id, parent,
/// unused, detail), as SQLite's `EXPLAIN QUERY PLAN` columns are printed.
enum PlanRow {
    /// The step, or nil when `text` is not a plan row.
    static func parse(_ text: String) -> QueryPlanStep? {
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" }
        var numbers: [Int] = []
        for _ in 0..<3 {
            let word = rest.prefix { $0 != " " && $0 != "\t" && $0 != "|" }
            guard let number = Int(word) else { return nil }
            numbers.append(number)
            rest = rest.dropFirst(word.count).drop { $0 == " " || $0 == "\t" || $0 == "|" }
        }
        guard !rest.isEmpty else { return nil }
        return QueryPlanStep(id: numbers[0], parent: numbers[1], detail: String(rest))
    }
}
