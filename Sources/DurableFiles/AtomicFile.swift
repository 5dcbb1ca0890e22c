import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that readers and crashes see either the old content or the new,
/// never a mix or a truncated file.
///
/// The bytes go to `.<name>.tmp-<pid>-<UUID>` in the destination's own directory (a
/// rename is atomic only within one file system), are flushed with `fsync`, and the file
/// is renamed over the destination; the directory is then synced so the rename itself
/// survives a power loss. On any failure the temporary file is removed and the
/// destination is untouched. A process killed between creating its temporary file and
/// renaming it cannot remove it; the next write of the same destination does, once no
/// process with that pid runs (``removeAbandonedTemporaries(of:)``). Foundation's `write(to:options: .atomic)` on Linux also
/// renames a synced temporary file, but names it `.dat.nosync*` (which no sweep can
/// tell from user files) and does not sync the directory; every file the tool writes
/// goes through this type instead, so there is one behaviour to test.
///
/// ```swift
/// try AtomicFile.write(Data(json.utf8), to: URL(fileURLWithPath: "results.json"))
/// ```
///
/// Cost: one extra `fsync` of the file and one of its directory per write, and one
/// listing of the directory.
public enum AtomicFile {
    /// The prefix of every temporary file this type creates.
    public static let temporaryPrefix = ".tmp-"

    /// Replaces (or creates) `url` with `data`.
    /// - Throws: ``FileWriteError`` naming the file and the system's reason (no space,
    ///   permission denied, not a directory ...); the old file is then still intact.
    public static func write(_ data: Data, to url: URL) throws(FileWriteError) {
        removeAbandonedTemporaries(of: url)
        let temporary = try writeTemporary(data, for: url)
        try moveTemporary(temporary, over: url)
    }

    /// The first half of ``write(_:to:)-(Data,_)``: writes `data` to a new temporary
    /// file beside `url` and syncs it; `url` itself is not touched. Returns the
    /// temporary file's path, for ``moveTemporary(_:over:)``. Callers that split the
    /// write (a test simulating a crash between the halves) use it; others call
    /// ``write(_:to:)-(Data,_)``.
    /// - Throws: ``FileWriteError``; the temporary file is then removed.
    public static func writeTemporary(_ data: Data, for url: URL) throws(FileWriteError)
        -> String
    {
        let temporary =
            url.deletingLastPathComponent().path + "/" + temporaryNamePrefix(of: url)
            + "\(getpid())-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: url.path, errno: errno) }
        do throws(FileWriteError) {
            try writeAll(data, to: descriptor, path: url.path)
            guard fsync(descriptor) == 0 else { throw FileWriteError(path: url.path, errno: errno) }
            guard close(descriptor) == 0 else { throw FileWriteError(path: url.path, errno: errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// The second half of ``write(_:to:)-(Data,_)``: renames the synced temporary file
    /// over `url`, then syncs the directory.
    /// - Throws: ``FileWriteError``; the temporary file is then removed and `url` is
    ///   untouched.
    public static func moveTemporary(_ temporary: String, over url: URL) throws(FileWriteError) {
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileWriteError(path: url.path, errno: code)
        }
        syncDirectory(url.deletingLastPathComponent().path)
    }

    /// Replaces (or creates) `url` with `text` in UTF-8.
    /// - Throws: ``FileWriteError``, as ``write(_:to:)-(Data,_)``.
    public static func write(_ text: String, to url: URL) throws(FileWriteError) {
        try write(Data(text.utf8), to: url)
    }

    /// Removes the temporary files that writes of `url` left behind in processes that no
    /// longer run (killed between creating the file and renaming it). A temporary file
    /// of a live process, or of a name this type did not make, is left alone; a pid
    /// reused by an unrelated process only postpones the removal. Best effort: an entry
    /// that cannot be removed stays. Cost: one directory listing.
    public static func removeAbandonedTemporaries(of url: URL) {
        let directory = url.deletingLastPathComponent().path
        let prefix = temporaryNamePrefix(of: url)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = writer(ofTemporary: name.dropFirst(prefix.count)),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(directory + "/" + name)
        }
    }

    /// The pid in a temporary file's name after its prefix (`<pid>-<UUID>`); nil for a
    /// name this type did not make.
    private static func writer(ofTemporary rest: Substring) -> pid_t? {
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0,
            UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil
        else { return nil }
        return pid
    }

    /// Removes every temporary file of `url` this type made, whichever process made it.
    /// Only for a caller that holds an exclusive lock every writer of `url` takes (a
    /// binary store's lock file), so that no write can be under way: then each such file
    /// is what a crash left. Best effort. Cost: one directory listing.
    public static func removeTemporaries(of url: URL) {
        let directory = url.deletingLastPathComponent().path
        let prefix = temporaryNamePrefix(of: url)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names
        where name.hasPrefix(prefix) && writer(ofTemporary: name.dropFirst(prefix.count)) != nil {
            unlink(directory + "/" + name)
        }
    }

    /// `.<name>.tmp-`: what every temporary file of `url` starts with.
    private static func temporaryNamePrefix(of url: URL) -> String {
        "." + url.lastPathComponent + "." + temporaryPrefix.dropFirst()
    }

    /// Flushes a directory's entries (a rename into it) to disk; best effort, since
    /// some file systems refuse to sync directories and the rename already happened.
    public static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String)
        throws(FileWriteError)
    {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(
                    descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written == 0 ? ENOSPC : errno }
                offset += written
            }
            return nil
        }
        if let failure { throw FileWriteError(path: path, errno: failure) }
    }
}

extension AtomicFile {
    /// Creates `url` and its missing parents (mode 0755), like `mkdir -p`, but throws
    /// the failing call's `errno` naming the component at fault: `ENOTDIR` for a file
    /// in the way, `EACCES` for a parent that cannot be written. Foundation's
    /// `createDirectory` reports some of these as other codes (`EEXIST` for a file in
    /// the way; on Linux, `EIO` for a permission problem), which made unclear messages.
    /// An existing directory (or a link to one) is fine. Cost: one `mkdir` per
    /// missing component.
    /// - Throws: ``FileWriteError``.
    public static func createDirectory(_ url: URL) throws(FileWriteError) {
        let path = url.standardizedFileURL.path
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 { continue }
            let code = errno
            var status = stat()
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw FileWriteError(path: prefix, errno: ENOTDIR)
                }
                continue
            }
            throw FileWriteError(path: prefix, errno: code == EEXIST ? ENOTDIR : code)
        }
    }
}
