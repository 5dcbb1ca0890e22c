/// The kind of an SQL statement, read from its first keyword; traces count by it.
///
/// BenchKit does not link SQLite, so it classifies text itself; the rules match
/// SQLiteDB's `StatementKind`, so counts agree with the engine's statistics.
/// Cost: reads the first word.
public enum SQLStatementKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// `SELECT`, `WITH`, `VALUES`.
    case select
    /// `INSERT`, `REPLACE`.
    case insert
    /// `UPDATE`.
    case update
    /// `DELETE`.
    case delete
    /// `BEGIN`, `COMMIT`, `END`, `ROLLBACK`, `SAVEPOINT`, `RELEASE`.
    case transaction
    /// `PRAGMA`.
    case pragma
    /// `CREATE`, `DROP`, `ALTER`.
    case schema
    /// Anything else.
    case other

    /// Classifies `sql` by its first keyword.
    public init(sql: String) {
        let keyword = sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }
            .prefix { $0.isLetter }.uppercased()
        switch keyword {
        case "SELECT", "WITH", "VALUES": self = .select
        case "INSERT", "REPLACE": self = .insert
        case "UPDATE": self = .update
        case "DELETE": self = .delete
        case "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE": self = .transaction
        case "PRAGMA": self = .pragma
        case "CREATE", "DROP", "ALTER": self = .schema
        default: self = .other
        }
    }
}
