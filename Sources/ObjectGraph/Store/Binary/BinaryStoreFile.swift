import DurableFiles
import Foundation
import SQLiteDB

/// The file of a binary store (``StoreType/binary``): read whole into the store's
/// in-memory database when it opens, written whole and atomically before every
/// commit that wrote.
///
/// It holds the store's lock file (`<name>.lock`, `flock`) while open, so no other
/// container writes the same file; that is also why temporary files a crash left
/// beside the store can be removed at open: no write of the file can be under way.
///
/// Cost: opening reads the file once and runs `PRAGMA quick_check` over it; each write
/// serializes the whole database and writes it with two `fsync`s.
final class BinaryStoreFile {
    /// The store file.
    let url: URL
    private let lock: FileLock
    private let writer: BinaryImageWriter

    /// Takes the store's lock and removes temporary files an interrupted write left.
    ///
    /// - Throws: ``StoreError/inUse(path:)`` when another container holds the lock
    ///   for more than a second,
    ///   ``StoreError/cannotWriteImage(path:reason:)`` when the directory is not
    ///   writable (the lock file cannot be made, and no save could succeed).
    init(url: URL, writer: BinaryImageWriter) throws {
        self.url = url
        self.writer = writer
        let lockPath = url.path + ".lock"
        guard FileManager.default.isWritableFile(atPath: url.deletingLastPathComponent().path)
        else {
            throw StoreError.cannotWriteImage(
                path: url.path, reason: FileWriteError(path: lockPath, errno: EACCES).reason)
        }
        self.lock = try Self.lock(lockPath, of: url)
        AtomicFile.removeTemporaries(of: url)
    }

    /// Takes the lock, waiting up to a second for a holder that is letting go: a
    /// container released on another thread, or a process this one is spawning, which
    /// holds a copy of the lock's descriptor from `fork` until its `exec` closes it
    /// (seen under the parallel test run: a reopen refused right after a close).
    private static func lock(_ path: String, of url: URL) throws -> FileLock {
        for _ in 0..<200 {
            if let lock = FileLock.tryLock(path: path) { return lock }
            usleep(5_000)
        }
        throw StoreError.inUse(path: url.path)
    }

    /// While true, commits do not write the file: key reservations
    /// (``StoreCoordinator/reservePrimaryKeys(_:)``), which reach the file with the
    /// save that uses them, as Core Data's binary store writes only at save. Touched
    /// under the coordinator's lock.
    var isDeferringWrites = false

    /// Whether the store file exists.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Copies the file's image into `connection` (an empty in-memory database), after
    /// checking it: a SQLite database, sound (`PRAGMA quick_check`), with `Z_METADATA`.
    /// The file is only read.
    ///
    /// - Throws: ``StoreError/notAStoreImage(path:reason:)``,
    ///   ``StoreError/cannotReadImage(path:reason:)``.
    func load(into connection: Connection) throws {
        let image: Data
        do {
            image = try Data(contentsOf: url)
        } catch {
            throw StoreError.cannotReadImage(path: url.path, reason: ErrorText.describe(error))
        }
        guard !image.isEmpty else {
            throw StoreError.notAStoreImage(path: url.path, reason: "the file is empty")
        }
        if Self.size(of: url.path + "-journal") > 0 {
            throw StoreError.notAStoreImage(
                path: url.path,
                reason: "a SQLite file with a hot journal (\(url.path)-journal): a write to it "
                    + "did not finish; open it once as a SQLite store "
                    + "(PersistentStoreDescription(url:)), which rolls the write back")
        }
        do {
            let source = try Connection(image: try rollbackJournalImage(image))
            try Self.check(source, path: url.path)
            try source.backup(to: connection)
        } catch let error as SQLiteError {
            throw StoreError.notAStoreImage(
                path: url.path, reason: "\(error.code.name): \(error.message)")
        }
    }

    /// Writes `connection`'s whole database, including the open transaction's
    /// uncommitted pages, as the file.
    ///
    /// - Throws: ``StoreError/cannotWriteImage(path:reason:)``; the file is then as it was.
    func write(_ connection: Connection) throws {
        do {
            try writer.write(try connection.serializedImage(), url)
        } catch let error as FileWriteError {
            throw StoreError.cannotWriteImage(
                path: url.path, reason: error.reason + (error.remedy.map { "; \($0)" } ?? ""))
        } catch {
            throw StoreError.cannotWriteImage(path: url.path, reason: "\(error)")
        }
    }

    /// `image` marked as a rollback-journal database (header bytes 18 and 19 set to 1,
    /// what `PRAGMA journal_mode = DELETE` writes), since an in-memory database cannot
    /// use WAL: a SQLite store (WAL mode) opened as a binary store loads this way.
    /// Only when no `-wal` file beside it holds frames the file lacks.
    private func rollbackJournalImage(_ image: Data) throws -> Data {
        guard image.count > 19, image[18] == 2 || image[19] == 2 else { return image }
        let wal = url.path + "-wal"
        guard Self.size(of: wal) == 0 else {
            throw StoreError.notAStoreImage(
                path: url.path,
                reason: "a SQLite file in WAL mode whose \(wal) holds changes the file lacks: "
                    + "open it once as a SQLite store (PersistentStoreDescription(url:)) and "
                    + "close it, which moves them into the file")
        }
        var converted = image
        converted[18] = 1
        converted[19] = 1
        return converted
    }

    /// The size of the file at `path`; 0 when there is none.
    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }

    private static func check(_ source: Connection, path: String) throws {
        let damage = try source.fetchAll("PRAGMA quick_check") { $0.string(at: 0) }
        guard damage == ["ok"] else {
            throw StoreError.notAStoreImage(
                path: path,
                reason: "PRAGMA quick_check found damage: "
                    + damage.prefix(3).joined(separator: "; "))
        }
        let tables = try source.fetchOne(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_METADATA'"
        ) { $0.int64(at: 0) }
        guard tables == 1 else {
            throw StoreError.notAStoreImage(
                path: path, reason: "a SQLite database without Z_METADATA, so not a store")
        }
    }
}
