import CSQLite
import SQLiteDB
import Synchronization

/// The VFS behind ``FaultInjector``: a shim over the default (unix) VFS that forwards
/// every call and asks ``FaultRegistry`` before each read, write, sync, truncate, lock
/// and file-size call whether to fail it instead.
///
/// A file of this VFS is laid out as `[sqlite3_file header][token][the unix file]`:
/// the header points at this VFS's methods, the token names the file in the registry,
/// and the unix VFS opens its own file object in the rest.
final class FaultInjectingVFS: Sendable {
    /// Registered as the default VFS when first touched (by ``FaultInjector/install()``).
    static let shared = FaultInjectingVFS()
    /// The registered name (static strings end in a NUL byte, as C needs).
    private static let name: StaticString = "faultline-faults"
    private static let installed = Atomic<Bool>(false)

    static var isInstalled: Bool { installed.load(ordering: .acquiring) }

    /// The registered `sqlite3_vfs`; it lives as long as the process.
    nonisolated(unsafe) private let vfs: UnsafeMutablePointer<sqlite3_vfs>

    private init() {
        vfs = ShimVFS.copyOfDefault(named: Self.name)
        vfs.pointee.szOsFile = Int32(FileLayout.innerOffset) + ShimVFS.real(vfs).pointee.szOsFile
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            let real = ShimVFS.real(vfs)
            let inner = FileLayout.inner(file!)
            let code = real.pointee.xOpen(real, name, inner, flags, outFlags)
            guard let innerMethods = inner.pointee.pMethods else {
                file!.pointee.pMethods = nil
                return code
            }
            let path = name.map { String(cString: $0) } ?? ""
            FileLayout.setToken(FaultRegistry.shared.open(path: path), of: file!)
            file!.pointee.pMethods = IOMethods.table(version: innerMethods.pointee.iVersion)
            return code
        }
        ShimVFS.register(vfs)
        Self.installed.store(true, ordering: .releasing)
    }
}

/// Where the token and the unix file sit inside a file of the fault-injecting VFS.
enum FileLayout {
    static let tokenOffset = MemoryLayout<sqlite3_file>.stride
    static let innerOffset = tokenOffset + MemoryLayout<Int>.stride

    static func inner(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<
        sqlite3_file
    > {
        (UnsafeMutableRawPointer(file) + innerOffset).assumingMemoryBound(to: sqlite3_file.self)
    }

    static func token(of file: UnsafeMutablePointer<sqlite3_file>?) -> Int {
        (UnsafeMutableRawPointer(file!) + tokenOffset).load(as: Int.self)
    }

    static func setToken(_ token: Int, of file: UnsafeMutablePointer<sqlite3_file>) {
        (UnsafeMutableRawPointer(file) + tokenOffset).storeBytes(of: token, as: Int.self)
    }

    /// The unix file and its methods, for forwarding a call: the methods by pointer, so
    /// a call reads one function pointer rather than copying the whole table (the bench
    /// installs this VFS in every worker, so each forwarded call is in the counts).
    static func forward(_ file: UnsafeMutablePointer<sqlite3_file>?) -> (
        UnsafeMutablePointer<sqlite3_file>, UnsafePointer<sqlite3_io_methods>
    ) {
        let inner = inner(file!)
        return (inner, inner.pointee.pMethods)
    }

    /// The registry's decision for `call` on `file`, as a result code when it fails.
    static func fault(_ call: IOCall, _ file: UnsafeMutablePointer<sqlite3_file>?) -> Int32? {
        switch FaultRegistry.shared.decide(call, token: token(of: file)) {
        case .pass: nil
        case .fail(let code): code.rawValue
        case .shortWrite: preconditionFailure("a short write is decided by xWrite")
        }
    }
}
