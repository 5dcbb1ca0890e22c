import SQLBasics

/// One row of `EXPLAIN QUERY PLAN`, as a trace carries it.
///
/// Engine-agnostic copy of SQLiteDB's plan row, so results can hold plans without
/// BenchKit linking SQLite. Reports flag full scans and temporary B-trees: the two
/// usual reasons a fetch is slow. Cost: a string and two integers.
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

    /// Whether the step reads a whole table (see ``QueryPlanDetail/isFullScan(_:)``).
    public var isFullScan: Bool { QueryPlanDetail.isFullScan(detail) }

    /// Whether the step builds a temporary B-tree (an ORDER BY or DISTINCT no index serves).
    public var usesTempBTree: Bool { QueryPlanDetail.usesTempBTree(detail) }
}
