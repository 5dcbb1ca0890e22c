import SQLiteDB

/// The tables, columns and indexes a store actually has, read from `sqlite_master` and
/// `pragma_table_info`: what a migration changes from.
///
/// Cost: one query on `sqlite_master`, then one `pragma_table_info` per table asked.
struct StoreTables {
    /// Table names.
    private(set) var tables: Set<String>
    /// Index name to its table and `CREATE` text (automatic indexes left out).
    private(set) var indexes: [String: (table: String, sql: String)]
    private let connection: Connection
    private var columnCache: [String: [String: String]] = [:]

    init(_ connection: Connection) throws {
        self.connection = connection
        var tables: Set<String> = []
        var indexes: [String: (table: String, sql: String)] = [:]
        try connection.forEachRow(CatalogSQL.schemaObjects) { row in
            switch row.string(at: 0) {
            case "table": tables.insert(row.string(at: 1))
            case "index": indexes[row.string(at: 1)] = (row.string(at: 2), row.string(at: 3))
            default: break
            }
        }
        self.tables = tables
        self.indexes = indexes
    }

    /// Column name to declared type of `table`; empty when there is no such table.
    mutating func columns(of table: String) throws -> [String: String] {
        if let known = columnCache[table] { return known }
        var columns: [String: String] = [:]
        try connection.forEachRow(CatalogSQL.columnTypes(of: table)) {
            columns[$0.string(at: 0)] = $0.string(at: 1)
        }
        columnCache[table] = columns
        return columns
    }
}
