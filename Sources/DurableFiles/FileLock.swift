import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive advisory lock (`flock(2)`) on a lock file, held until released.
///
/// Used where two `bench` processes may work on the same files at once: a dataset
/// cache entry, a report root's temporary directories. The kernel drops the lock
/// when the process dies, even by SIGKILL, so a lock is never left stale; the lock
/// file itself stays (it is empty). Opened close-on-exec, so worker processes never
/// inherit it.
///
/// ```swift
/// let lock = try FileLock(path: "datasets/social-10000-s42-g2.lock")
/// defer { lock.release() }
/// ```
///
/// Cost: one `open` and one `flock`; blocks while another process holds the lock.
public final class FileLock {
    private var descriptor: Int32

    /// Waits for and takes the lock on `path`, creating the file if needed.
    /// - Parameter shared: Take a shared lock (many holders, none exclusive) instead.
    /// - Throws: ``FileWriteError`` when the lock file cannot be created.
    public init(path: String, shared: Bool = false) throws(FileWriteError) {
        descriptor = try Self.openLockFile(path)
        while flock(descriptor, shared ? LOCK_SH : LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw FileWriteError(path: path, errno: code)
            }
        }
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock on `path` only if nobody holds it; nil when someone does (or the
    /// file cannot be opened).
    public static func tryLock(path: String) -> FileLock? {
        guard let descriptor = try? openLockFile(path) else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return FileLock(descriptor: descriptor)
    }

    deinit { release() }

    /// Turns a held exclusive lock into a shared one (the kernel may let another
    /// exclusive holder in between, as `flock(2)` says).
    public func downgrade() {
        while flock(descriptor, LOCK_SH) != 0 && errno == EINTR {}
    }

    /// Releases the lock (also done on deinit). Calling it twice does nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    private static func openLockFile(_ path: String) throws(FileWriteError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: path, errno: errno) }
        return descriptor
    }
}
