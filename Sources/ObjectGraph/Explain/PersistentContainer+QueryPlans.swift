import SQLiteDB

extension PersistentContainer {
    /// The query plan of each statement, planned on the store's connection after the
    /// fact: what a test-assertion library needs to say which index a recorded
    /// statement uses, for file and in-memory stores alike.
    ///
    /// Cost: one `EXPLAIN QUERY PLAN` per statement; the store's statistics and trace
    /// sinks see none of them.
    /// - Parameter statements: The SQL with its arguments, as a trace recorded it.
    /// - Returns: One plan per statement, in order.
    /// - Throws: ``StoreError/notLoaded`` before ``loadPersistentStores()``,
    ///   `SQLiteError` when a statement no longer prepares (a table dropped since).
    package func queryPlans(of statements: [SQL]) throws -> [QueryPlan] {
        try loadedCoordinator().queryPlans(of: statements)
    }
}
