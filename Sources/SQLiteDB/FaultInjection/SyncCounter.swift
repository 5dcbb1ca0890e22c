import Synchronization

/// How many times SQLite asked the file system to sync (`xSync`: fsync or fdatasync)
/// in this process, for the bench's `sqlite.syncs` counter: the durable-write cost
/// that a commit, a checkpoint or a journal pays and that SQLite's own status
/// counters do not show.
///
/// Counts the files opened after ``install()`` (which makes the fault-injecting VFS
/// SQLite's default, passing every call through while no ``FaultInjector`` is armed),
/// on every connection of the process. Cost: an atomic increment per sync; with the
/// VFS installed, every file operation also goes through one more function and an
/// atomic load (the armed check), a few instructions against the system call behind it.
package enum SyncCounter {
    private static let syncs = Atomic<Int>(0)

    /// Installs the counting VFS as SQLite's default, once per process; files opened
    /// before keep their VFS and are not counted.
    package static func install() {
        FaultInjector.install()
    }

    /// Syncs so far, since the process started (monotonic).
    package static var count: Int { syncs.load(ordering: .relaxed) }

    /// Called by the VFS's `xSync`.
    static func record() {
        syncs.add(1, ordering: .relaxed)
    }
}
