import Foundation
import SQLiteDB

/// What a store file holds, read through a fresh connection: every table's rows as
/// sorted text, so two states compare with `==`.
///
/// `Z_METADATA` is left out: it holds the store's UUID, which differs between stores
/// made the same way, and no save or batch request writes it.
public struct StoreSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// Rows per table name.
    public let tables: [String: [String]]

    /// Reads the store at `path` (its WAL included).
    /// - Throws: ``SQLiteError`` when the file cannot be opened or read.
    public init(path: String) throws {
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        let names = try connection.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name != 'Z_METADATA'"
        ) { $0.string(at: 0) }
        var tables: [String: [String]] = [:]
        for name in names {
            let rows = try connection.fetchAll(SQL(text: "SELECT * FROM \"\(name)\"")) {
                $0.row().map { "\($0)" }.joined(separator: "|")
            }
            tables[name] = rows.sorted()
        }
        self.tables = tables
    }

    /// `PRAGMA integrity_check`'s answer for the store at `path`: "ok" when sound.
    public static func integrity(path: String) throws -> String {
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        return try connection.fetchAll("PRAGMA integrity_check") { $0.string(at: 0) }
            .joined(separator: "; ")
    }

    /// The store as a process that died now would find it: the database and WAL files
    /// copied (without the shared-memory index) and opened, so SQLite recovers the WAL
    /// from the file alone. Returns the snapshot and the copy's integrity check.
    public static func afterCrash(path: String, scratch: URL) throws -> (StoreSnapshot, String) {
        let files = FileManager.default
        try files.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("crash.sqlite").path
        for suffix in ["", "-wal", "-journal"] where files.fileExists(atPath: path + suffix) {
            try files.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        return (try StoreSnapshot(path: copy), try integrity(path: copy))
    }

    /// The snapshot without `Z_PRIMARYKEY`, whose `Z_MAX` a failed save may leave
    /// advanced when even giving its reserved keys back fails (a disk still full).
    public var withoutKeyCounters: StoreSnapshot {
        StoreSnapshot(tables: tables.filter { $0.key != "Z_PRIMARYKEY" })
    }

    /// The `Z_PRIMARYKEY` rows: which keys are taken.
    public var keyCounters: [String] { tables["Z_PRIMARYKEY"] ?? [] }

    private init(tables: [String: [String]]) { self.tables = tables }

    public var description: String {
        tables.keys.sorted().map { "\($0): \(tables[$0]!.joined(separator: ", "))" }
            .joined(separator: "\n")
    }
}
