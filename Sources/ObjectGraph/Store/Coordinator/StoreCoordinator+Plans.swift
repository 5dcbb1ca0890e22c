import SQLiteDB

extension StoreCoordinator {
    /// The `EXPLAIN QUERY PLAN` of each of `statements` on the store's own connection,
    /// bound with the statement's recorded arguments (they can change the plan).
    ///
    /// The store's statistics and its engine trace skip `EXPLAIN` statements, so what
    /// the caller recorded is unchanged; unlike a side connection this also works for
    /// in-memory stores. Nothing of the statements themselves runs.
    ///
    /// Cost: one lock and one prepared `EXPLAIN QUERY PLAN` per statement.
    func queryPlans(of statements: [SQL]) throws -> [QueryPlan] {
        try withConnection { connection in
            try statements.map { try connection.explainQueryPlan($0) }
        }
    }
}
