/// What a row of `EXPLAIN QUERY PLAN` says, read from its detail text: the one place
/// both SQLiteDB's plans and the harness's recorded plans decide what to flag.
///
/// Related: https://www.sqlite.org/eqp.html
public enum QueryPlanDetail {
    /// Whether the node reads a whole table (`SCAN x` without an index). A scan of a
    /// virtual table such as the bound key list `_Z_intarray0` reads the list, not a
    /// table, so it is not one.
    public static func isFullScan(_ detail: String) -> Bool {
        detail.hasPrefix("SCAN ") && !detail.contains(" USING ")
            && !detail.contains("VIRTUAL TABLE")
    }

    /// Whether the node builds a temporary B-tree (`USE TEMP B-TREE FOR …`): a sort or
    /// DISTINCT no index could serve.
    public static func usesTempBTree(_ detail: String) -> Bool {
        detail.contains("USE TEMP B-TREE")
    }
}
