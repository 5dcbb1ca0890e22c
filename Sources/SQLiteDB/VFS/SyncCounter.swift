import CSQLite
import Foundation
import Synchronization

/// How many times SQLite asked the file system to sync (`xSync`: fsync or fdatasync)
/// in this process, for the bench's `sqlite.syncs` counter: the durable-write cost that
/// a commit, a checkpoint or a journal pays and that SQLite's own status counters do
/// not show.
///
/// ``install()`` registers a VFS (`faultline-syncs`) as SQLite's default that opens
/// files with the previous default VFS and swaps each file's method table for a copy
/// whose `xSync` counts first: every other call goes straight to the original
/// methods, with no wrapper in between. Files opened before are not counted. Unlike
/// the test-only `FaultInjector`'s VFS it never fails a call. Cost: a table lookup per
/// file open, an atomic increment per sync.
package enum SyncCounter {
    private static let syncs = Atomic<Int>(0)

    /// Installs the counting VFS as SQLite's default, once per process.
    package static func install() {
        _ = SyncCountingVFS.shared
    }

    /// Syncs so far, since the process started (monotonic).
    package static var count: Int { syncs.load(ordering: .relaxed) }

    fileprivate static func record() {
        syncs.add(1, ordering: .relaxed)
    }
}

/// The VFS behind ``SyncCounter``.
private final class SyncCountingVFS: Sendable {
    static let shared = SyncCountingVFS()
    private static let name: StaticString = "faultline-syncs"

    /// A copy of an original method table with `xSync` counting, followed by the
    /// original table, which that `xSync` calls.
    private struct CountingTable {
        var methods: sqlite3_io_methods
        let original: UnsafePointer<sqlite3_io_methods>
    }

    nonisolated(unsafe) private let vfs: UnsafeMutablePointer<sqlite3_vfs>
    /// Counting tables by original table: one per kind of file SQLite opens (the
    /// unix VFS has a few), made on first use and kept for the process's life. Behind
    /// an NSLock (a pthread mutex, which ThreadSanitizer sees).
    private let lock = NSLock()
    nonisolated(unsafe) private var tables:
        [UnsafeRawPointer: UnsafeMutablePointer<CountingTable>] =
            [:]

    private init() {
        vfs = ShimVFS.copyOfDefault(named: Self.name)
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            let real = ShimVFS.real(vfs)
            let code = real.pointee.xOpen(real, name, file, flags, outFlags)
            if let methods = file?.pointee.pMethods {
                file!.pointee.pMethods = SyncCountingVFS.shared.countingTable(for: methods)
            }
            return code
        }
        ShimVFS.register(vfs)
    }

    /// The counting copy of `original`, made once.
    private func countingTable(for original: UnsafePointer<sqlite3_io_methods>)
        -> UnsafePointer<sqlite3_io_methods>
    {
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[UnsafeRawPointer(original)] {
            return UnsafeRawPointer(table).assumingMemoryBound(to: sqlite3_io_methods.self)
        }
        var methods = original.pointee
        methods.xSync = { file, flags in
            SyncCounter.record()
            // The file's table is a CountingTable: its original follows the copy.
            let table = UnsafeRawPointer(file!.pointee.pMethods!)
                .assumingMemoryBound(to: CountingTable.self)
            return table.pointee.original.pointee.xSync(file, flags)
        }
        let table = UnsafeMutablePointer<CountingTable>.allocate(capacity: 1)
        table.initialize(to: CountingTable(methods: methods, original: original))
        tables[UnsafeRawPointer(original)] = table
        return UnsafeRawPointer(table).assumingMemoryBound(to: sqlite3_io_methods.self)
    }
}
