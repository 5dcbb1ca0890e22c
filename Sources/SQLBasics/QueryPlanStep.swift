/// One row of `EXPLAIN QUERY PLAN`: SQLiteDB's `QueryPlan.Row`, and what traces and
/// results carry, without BenchKit linking SQLite.
///
/// Reports flag full scans and temporary B-trees: the two usual reasons a fetch is
/// slow. Cost: a string and two integers.
///
/// Related: https://www.sqlite.org/eqp.html
public struct QueryPlanStep: Hashable, Sendable, Codable {
    /// The node's ID.
    public let id: Int
    /// The parent node's ID, 0 at the top.
    public let parent: Int
    /// SQLite's text, such as `SCAN t0` or `SEARCH t0 USING INDEX ZPOST_ZAUTHOR (ZAUTHOR=?)`.
    public let detail: String

    /// Makes a step.
    public init(id: Int, parent: Int, detail: String) {
        self.id = id
        self.parent = parent
        self.detail = detail
    }

    /// Whether the step reads a whole table (`SCAN x` without an index). A scan of a
    /// virtual table such as the bound key list `_Z_intarray0` reads the list, not a
    /// table, so it is not one.
    public var isFullScan: Bool {
        detail.hasPrefix("SCAN ") && !detail.contains(" USING ")
            && !detail.contains("VIRTUAL TABLE")
    }

    /// Whether the step builds a temporary B-tree (an ORDER BY or DISTINCT no index serves).
    public var usesTempBTree: Bool { detail.contains("USE TEMP B-TREE") }
}
