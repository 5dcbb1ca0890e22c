import DurableFiles
import Foundation

extension DatasetCache {
    /// The lock file of the entry `key`: `<key>.lock` beside it.
    func lockPath(for key: String) -> String {
        directory.appendingPathComponent("\(key).lock").path
    }

    /// Removes the temporary directories of generations that no process is running:
    /// those of `key` (whose lock the caller holds) and those of any key whose lock is
    /// free. Cost: one directory listing and one `flock` attempt per other key.
    func sweepTemporaries(holding key: String) {
        for (name, temporary) in temporaries() {
            if temporary.key == key {
                remove(name)
            } else if let lock = FileLock.tryLock(path: lockPath(for: temporary.key)) {
                remove(name)
                lock.release()
            }
        }
    }

    /// Removes the temporary directories this process (`pid`) is generating into: for a
    /// signal handler that is about to exit, so an interrupted `bench generate` leaves
    /// nothing behind. Cost: one directory listing.
    public func removeTemporaries(ofProcess pid: Int32) {
        for (name, temporary) in temporaries() where temporary.pid == pid { remove(name) }
    }

    private func temporaries() -> [(String, TemporaryName)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in TemporaryName(parsing: name).map { (name, $0) } }
    }

    private func remove(_ name: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
}

/// The name of a generation's temporary directory: `.tmp-<key>-<pid>-<UUID>`, so a
/// sweep knows whose it is and which lock guards it.
struct TemporaryName {
    let key: String
    let pid: Int32
    let id: UUID

    /// A fresh name for this process.
    init(key: String) {
        self.key = key
        pid = getpid()
        id = UUID()
    }

    /// Parses a directory name; nil for anything else.
    init?(parsing name: String) {
        guard name.hasPrefix(AtomicFile.temporaryPrefix) else { return nil }
        let body = name.dropFirst(AtomicFile.temporaryPrefix.count)
        guard body.count > 38, let id = UUID(uuidString: String(body.suffix(36))) else {
            return nil
        }
        let rest = body.dropLast(37)
        guard let dash = rest.lastIndex(of: "-"), let pid = Int32(rest[rest.index(after: dash)...])
        else { return nil }
        key = String(rest[..<dash])
        self.pid = pid
        self.id = id
    }

    /// The directory name.
    var text: String { "\(AtomicFile.temporaryPrefix)\(key)-\(pid)-\(id.uuidString)" }
}
