import Foundation
import ObjectGraph
import SQLiteDB

/// The raw side of writing a dataset store: creating it, the bulk-load connection,
/// dropping and restoring indexes, join-table rows.
enum StoreFile {
    /// Lets ObjectGraph create the tables, indexes and metadata of `model` at `path`, so
    /// writers start from exactly what the engine would open.
    static func create(at path: String, model: ManagedObjectModel) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatasetError.storeFailed(path: path, reason: "the file already exists")
        }
        let container = PersistentContainer(name: "Dataset", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
    }

    /// No journal and no fsync while loading: the file lives in a temporary directory
    /// that is renamed into place only once complete, so a crash loses nothing.
    static var bulkLoad: Connection.Configuration {
        var configuration = Connection.Configuration()
        configuration.journalMode = .off
        configuration.pragmas = [.init("synchronous", "OFF"), .init("cache_size", "-262144")]
        return configuration
    }

    /// Opens the bulk-load connection (the only one at that moment, so the file leaves
    /// WAL mode) and drops every index but the unique ones (uniqueness constraints, which
    /// batch inserts upsert against), returning each one's table and the SQL that
    /// creates it again.
    static func openForLoad(at path: String) throws -> (Connection, [(table: String, sql: String)])
    {
        let connection = try Connection(location: .file(path), configuration: bulkLoad)
        let indexes = try connection.fetchAll(
            "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL "
                + "AND sql NOT LIKE 'CREATE UNIQUE INDEX%'"
        ) { ($0.string(at: 0), $0.string(at: 1), $0.string(at: 2)) }
        for (name, _, _) in indexes {
            try connection.execute(SQL(text: "DROP INDEX \"\(name)\""))
        }
        return (connection, indexes.map { (table: $0.1, sql: $0.2) })
    }

    /// Creates the indexes again, leaves the file in rollback-journal mode (one
    /// self-contained file, ready to hash and copy) and closes the connection.
    static func finishLoad(_ connection: Connection, indexes: [String]) throws {
        for sql in indexes { try connection.execute(script: sql) }
        try connection.execute(script: "PRAGMA journal_mode = DELETE")
        try connection.close()
    }

    /// Inserts join-table rows (primary keys of both sides) in one transaction.
    static func insertLinks(
        _ keys: [(Int64, Int64)], into table: ResolvedRelationship.JoinTable,
        on connection: Connection
    ) throws {
        try connection.transaction(.immediate) {
            let statement = try connection.prepare(
                WriteSQL.link(table, source: 0, destination: 0).text)
            for (source, destination) in keys {
                try statement.bind(.integer(source), at: 1)
                try statement.bind(.integer(destination), at: 2)
                try statement.run()
                statement.reset()
            }
        }
    }

    /// Sets to-one keys after the rows are in: `UPDATE <table> SET <key> = ?[, <entity
    /// column> = ?] WHERE Z_PK = ?`, one step per (source, destination) key pair, in one
    /// transaction. For to-ones whose destinations were not yet written when their rows
    /// were (a tree's parent, a cycle, the second side of a one-to-one).
    static func setForeignKeys(
        _ keys: [(Int64, Int64)], table: String, key: ResolvedRelationship.ForeignKey,
        destinationEntityID: Int64, on connection: Connection
    ) throws {
        let entityColumn = key.entityColumn.map { ", \($0.sql) = ?" } ?? ""
        let sql = "UPDATE \(table) SET \(key.column.sql) = ?\(entityColumn) WHERE Z_PK = ?"
        try connection.transaction(.immediate) {
            let statement = try connection.prepare(sql)
            for (source, destination) in keys {
                try statement.bind(.integer(destination), at: 1)
                if key.entityColumn != nil {
                    try statement.bind(.integer(destinationEntityID), at: 2)
                }
                try statement.bind(.integer(source), at: key.entityColumn == nil ? 2 : 3)
                try statement.run()
                statement.reset()
            }
        }
    }
}
