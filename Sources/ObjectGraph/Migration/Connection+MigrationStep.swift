import SQLiteDB

extension Connection {
    /// Runs one migration statement on the store at `path`; SQLite's refusal becomes
    /// ``MigrationError/storeRefused(path:step:reason:)`` naming the statement.
    func migrationStep(_ sql: SQL, path: String) throws {
        do {
            _ = try execute(sql)
        } catch let error as SQLiteError {
            throw MigrationError.storeRefused(path: path, step: sql.text, reason: error.description)
        }
    }
}
