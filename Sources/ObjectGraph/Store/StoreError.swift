import SQLiteDB

/// A persistent store could not be opened or used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store was made with another model version; lists the entities whose version
    /// hashes differ (added, removed or changed).
    case modelMismatch(entities: [String], path: String)
    /// A store Core Data wrote does not have the tables and columns the model needs;
    /// lists every difference, table and column named (`SchemaDifference`).
    case schemaMismatch(path: String, differences: [String])
    /// The store's metadata could not be read.
    case unreadableMetadata(path: String, reason: String)
    /// The container has no loaded store yet.
    case notLoaded
    /// SQLite could not open, read or set up the store file: not a database, damaged,
    /// locked by another process, on a full or failing disk, or not a file.
    case cannotOpen(path: String, error: SQLiteError)
    /// The directory the store file goes in could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// A binary store's file is not a store image: not a SQLite database, truncated,
    /// damaged, or a database without Core Data's tables. The file is left as it was.
    case notAStoreImage(path: String, reason: String)
    /// A binary store's file could not be read.
    case cannotReadImage(path: String, reason: String)
    /// A binary store's file could not be written; the write's transaction was rolled
    /// back, so the file and the store still hold what they held before.
    case cannotWriteImage(path: String, reason: String)
    /// Another container (in this process or another) has the binary store open.
    case inUse(path: String)
    /// A binary store's description has no file URL.
    case binaryStoreWithoutURL

    /// One line: what failed and where.
    public var description: String {
        switch self {
        case .modelMismatch(let entities, let path):
            return "store \(path) was made with another model version: entities "
                + entities.map { "\"\($0)\"" }.joined(separator: ", ") + " differ; open it "
                + "with the model it was made with, migrate it, or move it away to start empty"
        case .schemaMismatch(let path, let differences):
            let shown = differences.prefix(8).joined(separator: "; ")
            let more = differences.count > 8 ? "; and \(differences.count - 8) more" : ""
            return "store \(path) was written by Core Data for another model: \(shown)\(more); "
                + "open it with the model version it was made with, or give that version as a "
                + "source model to migrate it (`bench store inspect` lists what differs)"
        case .unreadableMetadata(let path, let reason):
            return "store \(path): cannot read Z_METADATA: \(reason)"
        case .notLoaded:
            return "no persistent store is loaded; call loadPersistentStores() first"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the store's directory \(path): \(reason); choose a store URL "
                + "in a writable directory"
        case .notAStoreImage(let path, let reason):
            return "binary store \(path) is not a store image: \(reason); the file was left "
                + "as it is: restore it from a backup, or move it away to start an empty store"
        case .cannotReadImage(let path, let reason):
            return "cannot read binary store \(path): \(reason); make the file readable"
        case .cannotWriteImage(let path, let reason):
            return "cannot write binary store \(path): \(reason); nothing was written: the "
                + "file and the store are as before the write, and a failed save keeps the "
                + "context's changes for a retry"
        case .binaryStoreWithoutURL:
            return "a binary store needs a file: its description has no url; make it with "
                + "PersistentStoreDescription.binary(url:)"
        case .inUse(let path):
            return "binary store \(path) is open in another container (its lock file "
                + "\(path).lock is held): close that container first; a binary store has "
                + "one writer"
        case .cannotOpen(let path, let error):
            return "cannot open store \(path): \(error)"
                + (Self.remedy(for: error.code).map { "; \($0)" } ?? "")
        }
    }

    /// What to do about a store SQLite refused, by result code.
    private static func remedy(for code: ResultCode) -> String? {
        switch code.primary {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            "the file is not a sound SQLite store: restore it from a backup, or move it away "
                + "to start an empty store"
        case .SQLITE_CANTOPEN: "the path must name a file in a directory that exists"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            "another connection holds the store locked: let it finish, then try again"
        case .SQLITE_READONLY, .SQLITE_PERM: "make the store and its directory writable"
        case .SQLITE_FULL: "the disk is full: free some space, then try again"
        case .SQLITE_IOERR: "the disk failed a read or write: check it, then try again"
        default: nil
        }
    }
}
