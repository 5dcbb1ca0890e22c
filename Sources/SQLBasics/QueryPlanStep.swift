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

    /// Whether this step of `plan` reads every row of a stored table: the one
    /// definition of a full scan that `bench explain`, the reports and the gates
    /// (`sql.fullScans`) share.
    ///
    /// A full scan is `SCAN <table>` with no index. Not full scans:
    /// - `SCAN … VIRTUAL TABLE`: a table-valued function such as the bound key list
    ///   `_Z_intarray0` of every batched fetch and prefetch reads its own rows (the
    ///   keys bound), not a table;
    /// - `SCAN … USING [COVERING] INDEX`: an index walk in index order, usually for an
    ///   ORDER BY, that stops at the LIMIT (the newest 100 posts read 100 entries of
    ///   10,000); what it really stepped is in the `fullScanSteps` counter
    ///   (`SQLITE_STMTSTATUS_FULLSCAN_STEP`), measured per execution;
    /// - `SCAN CONSTANT ROW` and the scan of a subquery or CTE the plan materializes
    ///   (`MATERIALIZE p` or `CO-ROUTINE p`, then `SCAN p`): their rows come from steps
    ///   judged on their own.
    ///
    /// Cost: a few prefix checks; one pass over `plan` for a `SCAN` of a bare name.
    public func isFullScan(in plan: [QueryPlanStep]) -> Bool {
        guard detail.hasPrefix("SCAN "), !detail.contains(" USING "),
            !detail.contains(" VIRTUAL TABLE"), detail != "SCAN CONSTANT ROW"
        else { return false }
        let name = detail.dropFirst("SCAN ".count).prefix { $0 != " " }
        guard !name.hasPrefix("(") else { return false }
        return !plan.contains {
            $0.detail == "MATERIALIZE \(name)" || $0.detail == "CO-ROUTINE \(name)"
        }
    }

    /// Whether the step builds a temporary B-tree (an ORDER BY or DISTINCT no index serves).
    public var usesTempBTree: Bool { detail.contains("USE TEMP B-TREE") }
}

extension Array where Element == QueryPlanStep {
    /// The steps of this plan that are full scans (``QueryPlanStep/isFullScan(in:)``).
    public var fullScans: [QueryPlanStep] { filter { $0.isFullScan(in: self) } }
}
