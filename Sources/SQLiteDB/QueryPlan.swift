/// The output of `EXPLAIN QUERY PLAN` for one statement, as structured rows.
///
/// Reports flag ``fullScans`` (a table read from start to end) and ``tempBTrees`` (a
/// sort or DISTINCT no index could serve): the two usual reasons a fetch is slow.
///
/// Related: https://www.sqlite.org/eqp.html
public struct QueryPlan: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One node of the plan tree.
    public struct Row: Hashable, Sendable, Codable {
        /// The node's ID.
        public let id: Int
        /// The parent node's ID, 0 at the top.
        public let parent: Int
        /// SQLite's text, for example `SCAN t0` or `SEARCH t0 USING INDEX …`.
        public let detail: String

        /// Builds a row.
        public init(id: Int, parent: Int, detail: String) {
            self.id = id
            self.parent = parent
            self.detail = detail
        }

        /// Whether this node reads a whole table (see ``QueryPlanDetail/isFullScan(_:)``).
        public var isFullScan: Bool { QueryPlanDetail.isFullScan(detail) }

        /// Whether this node builds a temporary B-tree (`USE TEMP B-TREE FOR …`).
        public var usesTempBTree: Bool { QueryPlanDetail.usesTempBTree(detail) }
    }

    /// The nodes in SQLite's order.
    public let rows: [Row]

    /// Wraps plan rows.
    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Nodes that scan a whole table.
    public var fullScans: [Row] { rows.filter(\.isFullScan) }

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
