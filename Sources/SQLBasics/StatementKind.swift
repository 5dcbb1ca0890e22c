/// The kind of a statement, read from its first keyword; statistics count by it.
public enum StatementKind: String, Hashable, Sendable, Codable, CaseIterable {
    case select
    case insert
    case update
    case delete
    case transaction
    case pragma
    case schema
    case other

    /// Classifies SQL text by its first keyword (`WITH` counts as a select).
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
