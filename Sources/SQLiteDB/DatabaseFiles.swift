import Foundation

/// The files of one SQLite database on disk: the database and the files SQLite keeps
/// beside it (`-wal`, `-shm`, `-journal`), removed together so that no stale WAL or
/// journal is ever applied to a later file of the same name.
///
/// Cost: one `unlink` per file; a missing file is skipped.
package enum DatabaseFiles {
    /// The suffixes of the files SQLite keeps beside a database.
    package static let sideSuffixes = ["-wal", "-shm", "-journal"]

    /// Removes the database at `path` and the files beside it, whichever exist.
    package static func remove(_ path: String) {
        removeItems(path, suffixes: [""] + sideSuffixes)
    }

    /// Removes only the files beside the database at `path` (after a checkpoint, before
    /// the database file is moved).
    package static func removeSideFiles(of path: String) {
        removeItems(path, suffixes: sideSuffixes)
    }

    private static func removeItems(_ path: String, suffixes: [String]) {
        for suffix in suffixes {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
