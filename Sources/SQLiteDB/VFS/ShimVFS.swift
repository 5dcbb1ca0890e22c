import CSQLite

/// What the package's VFS shims share (``SyncCounter``'s, and `FaultInjectingVFS` of the
/// test-only target SQLiteFaultInjection): a renamed copy of the VFS that is SQLite's
/// default when the shim is made, whose path calls go to that VFS. Each shim then sets its own `xOpen` (and file size) and
/// registers the copy with ``register(_:)``.
///
/// Cost: one allocation per shim, kept for the process's life.
package enum ShimVFS {
    /// A copy of the default VFS named `name` (a NUL-terminated static string), its
    /// `pAppData` pointing at the original (``real(_:)``), `xDelete`, `xAccess` and
    /// `xFullPathname` forwarding to it. The other calls (randomness, sleep, time,
    /// dynamic loading) are the original's, which do not look at their VFS argument.
    package static func copyOfDefault(named name: StaticString) -> UnsafeMutablePointer<sqlite3_vfs>
    {
        guard let real = sqlite3_vfs_find(nil) else {
            preconditionFailure("SQLite has no default VFS")
        }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: real.pointee)
        vfs.pointee.zName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        vfs.pointee.pNext = nil
        vfs.pointee.pAppData = UnsafeMutableRawPointer(real)
        vfs.pointee.xDelete = { vfs, name, syncDirectory in
            let real = ShimVFS.real(vfs)
            return real.pointee.xDelete(real, name, syncDirectory)
        }
        vfs.pointee.xAccess = { vfs, name, flags, result in
            let real = ShimVFS.real(vfs)
            return real.pointee.xAccess(real, name, flags, result)
        }
        vfs.pointee.xFullPathname = { vfs, name, size, output in
            let real = ShimVFS.real(vfs)
            return real.pointee.xFullPathname(real, name, size, output)
        }
        return vfs
    }

    /// The VFS a shim copied (its `pAppData`).
    package static func real(_ vfs: UnsafeMutablePointer<sqlite3_vfs>?) -> UnsafeMutablePointer<
        sqlite3_vfs
    > {
        vfs!.pointee.pAppData.assumingMemoryBound(to: sqlite3_vfs.self)
    }

    /// Registers `vfs` as SQLite's default.
    package static func register(_ vfs: UnsafeMutablePointer<sqlite3_vfs>) {
        let code = sqlite3_vfs_register(vfs, 1)
        precondition(code == SQLITE_OK, "cannot register the VFS shim: \(code)")
    }
}
