import BenchKit
import DurableFiles
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Publishes `Reports/<timestamp>-<label>/` for a run and points `Reports/latest` at it.
///
/// The timestamp is UTC, `yyyyMMdd-HHmmss`, so directories sort by time. A run
/// directory is written under a temporary name (`.tmp-<name>-<UUID>`) and renamed into
/// place only when complete, over a name claimed with an exclusive `mkdir` (so two
/// runs never share a directory; a taken name gets `-2`, `-3` ...). `latest` is a
/// relative symbolic link replaced by rename, last. A process killed mid-write leaves
/// only a `.tmp-*` entry, which the next publish into the same root removes: a shared
/// lock on `<root>/.lock` marks publishes in progress, and the sweep runs only when it
/// can take that lock exclusively. Cost: a few file system calls plus the writes.
public struct ReportDirectory: Sendable {
    /// The directory holding all runs, such as `Reports`.
    public let root: URL

    /// Makes a handle on `root`; nothing is created until ``publish(label:date:write:)``.
    public init(root: URL) {
        self.root = root
    }

    /// The directory name for a run: `<timestamp>-<label>`, the run's ID
    /// (``RunResults/runID(label:date:)``).
    public static func name(label: String, date: Date) -> String {
        RunResults.runID(label: label, date: date)
    }

    /// Checks, before anything runs, that `root` is (or can become) a directory this
    /// process can create files in.
    /// - Throws: ``FileWriteError`` naming `root`: not a directory, read-only, no
    ///   permission.
    ///   A `latest` that is not a symbolic link (a user's file or directory) is refused
    ///   as `EEXIST` naming it: publishing would replace it.
    public func checkWritable() throws(FileWriteError) {
        try makeRoot()
        try checkLatest()
        let probe = root.appendingPathComponent(".tmp-probe-\(UUID().uuidString)").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: root.path, errno: errno) }
        close(descriptor)
        unlink(probe)
    }

    /// Writes a run directory and publishes it: `write` fills a temporary directory
    /// (given with the final name, which the run's ID should carry); then it is renamed
    /// into place and `latest` is pointed at it.
    /// - Returns: The published directory.
    /// - Throws: ``FileWriteError`` or whatever `write` throws; nothing is published then.
    public func publish(
        label: String, date: Date, write: (_ directory: URL, _ name: String) throws -> Void
    ) throws -> URL {
        try makeRoot()
        try checkLatest()
        let lock = try lockAndSweep()
        defer { lock.release() }
        let base = Self.name(label: label, date: date)
        let temporary = root.appendingPathComponent(
            "\(AtomicFile.temporaryPrefix)\(base)-\(UUID().uuidString)")
        try makeDirectory(temporary)
        let final = try claim(base)
        do {
            try write(temporary, final.lastPathComponent)
            guard rename(temporary.path, final.path) == 0 else {
                throw FileWriteError(path: final.path, errno: errno)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            rmdir(final.path)
            throw error
        }
        AtomicFile.syncDirectory(root.path)
        try updateLatest(to: final)
        return final
    }

    /// Throws `EEXIST` naming `root/latest` when it exists and is not a symbolic link:
    /// a user's file or directory there is never replaced by the link.
    public func checkLatest() throws(FileWriteError) {
        let latest = root.appendingPathComponent("latest").path
        var status = stat()
        guard lstat(latest, &status) == 0 else { return }
        if status.st_mode & S_IFMT != S_IFLNK {
            throw FileWriteError(path: latest, errno: EEXIST)
        }
    }

    /// Points `root/latest` at `directory` (which must be inside `root`).
    /// - Throws: ``FileWriteError`` naming `latest`; `EEXIST` when `latest` is not a
    ///   symbolic link (it is left alone).
    public func updateLatest(to directory: URL) throws(FileWriteError) {
        try checkLatest()
        let latest = root.appendingPathComponent("latest").path
        let temporary = root.appendingPathComponent(".latest-\(UUID().uuidString)").path
        guard symlink(directory.lastPathComponent, temporary) == 0 else {
            throw FileWriteError(path: latest, errno: errno)
        }
        guard rename(temporary, latest) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileWriteError(path: latest, errno: code)
        }
        AtomicFile.syncDirectory(root.path)
    }

    /// Takes the root's lock shared, after removing what killed publishes left behind
    /// when no other publish is in progress.
    private func lockAndSweep() throws(FileWriteError) -> FileLock {
        let path = root.appendingPathComponent(".lock").path
        guard let lock = FileLock.tryLock(path: path) else {
            return try FileLock(path: path, shared: true)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names
        where name.hasPrefix(AtomicFile.temporaryPrefix) || name.hasPrefix(".latest-") {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        lock.downgrade()
        return lock
    }

    /// Creates the first free name of `base`, `base-2`, ... exclusively.
    private func claim(_ base: String) throws(FileWriteError) -> URL {
        var attempt = 1
        while true {
            let url = root.appendingPathComponent(attempt == 1 ? base : "\(base)-\(attempt)")
            if mkdir(url.path, 0o755) == 0 { return url }
            guard errno == EEXIST else { throw FileWriteError(path: url.path, errno: errno) }
            attempt += 1
        }
    }

    private func makeRoot() throws(FileWriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw FileWriteError(path: root.path, errno: ENOTDIR)
            }
            return
        }
        try AtomicFile.createDirectory(root)
    }

    private func makeDirectory(_ url: URL) throws(FileWriteError) {
        guard mkdir(url.path, 0o755) == 0 else {
            throw FileWriteError(path: url.path, errno: errno)
        }
    }
}
