/// The output of `EXPLAIN QUERY PLAN` for one statement, as structured rows.
///
/// Reports flag ``fullScans`` (a table read from start to end) and ``tempBTrees`` (a
/// sort or DISTINCT no index could serve): the two usual reasons a fetch is slow.
///
/// Related: https://www.sqlite.org/eqp.html
public struct QueryPlan: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One node of the plan tree (the type lives in SQLBasics, shared with the harness).
    public typealias Row = QueryPlanStep

    /// The nodes in SQLite's order.
    public let rows: [Row]

    /// Wraps plan rows.
    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Nodes that scan a whole table (``QueryPlanStep/isFullScan(in:)``).
    public var fullScans: [Row] { rows.fullScans }

    /// Nodes that build a temporary B-tree.
    public var tempBTrees: [Row] { rows.filter(\.usesTempBTree) }

    /// The plan drawn as an indented tree, one node per line.
    public var description: String {
        var depth: [Int: Int] = [0: -1]
        return rows.map { row in
            let level = (depth[row.parent] ?? -1) + 1
            depth[row.id] = level
            return String(repeating: "  ", count: level) + row.detail
        }.joined(separator: "\n")
    }
}

extension Connection {
    /// Runs `EXPLAIN QUERY PLAN` on `sql` (with its arguments bound, since they can
    /// change the plan) and returns the rows. Nothing of `sql` itself is executed.
    public func explainQueryPlan(_ sql: SQL) throws -> QueryPlan {
        let explain = SQL(text: "EXPLAIN QUERY PLAN " + sql.text, arguments: sql.arguments)
        let statement = try prepare(explain.text)
        try statement.bind(explain.arguments)
        var rows: [QueryPlan.Row] = []
        while try statement.step() {
            rows.append(
                QueryPlan.Row(
                    id: Int(statement.int64(at: 0)), parent: Int(statement.int64(at: 1)),
                    detail: statement.string(at: 3)))
        }
        return QueryPlan(rows: rows)
    }
}
