import Foundation
import SQLiteDB

/// Fails chosen file operations of the SQLite files under one directory, so tests can
/// check what every I/O error, full disk or lock conflict does to a save, a batch
/// request or a dataset generation (SQLite's own I/O-error tests, for our layer).
///
/// Test-only: nothing in the package installs the VFS. ``install()`` makes the
/// fault-injecting VFS SQLite's default for the whole process; it passes every call
/// through unchanged except on files under a directory an injector is armed for, so
/// other tests in the process are unaffected. Cost while installed: one lock and one
/// dictionary lookup per file operation.
///
/// ```swift
/// FaultInjector.install()
/// let counting = FaultInjector(directory: dir, plan: nil)
/// try save()
/// let writes = counting.disarm()[.write, default: 0]
/// let injector = FaultInjector(directory: dir, plan: FaultPlan(call: .write, number: 2, fault: .diskFull))
/// #expect(throws: SaveError.self) { try save() }
/// injector.disarm()
/// ```
///
/// Related: https://www.sqlite.org/vfs.html, https://www.sqlite.org/testing.html#ioerrtesting
package final class FaultInjector: Sendable {
    /// The armed directory, with a trailing slash, symbolic links resolved.
    private let directory: String
    private let key: Int

    /// Registers the fault-injecting VFS as SQLite's default, once per process. Files
    /// opened before keep the VFS they were opened with.
    package static func install() {
        _ = FaultInjectingVFS.shared
    }

    /// Arms `plan` (nil: count only) for every file under `directory`, whenever opened.
    /// Calls are counted from this moment. Only one injector may be armed per directory.
    package init(directory: URL, plan: FaultPlan?) {
        precondition(FaultInjectingVFS.isInstalled, "call FaultInjector.install() first")
        self.directory = directory.resolvingSymlinksInPath().path + "/"
        self.key = FaultRegistry.shared.arm(directory: self.directory, plan: plan)
    }

    deinit { _ = FaultRegistry.shared.disarm(key) }

    /// The calls made so far under the directory, per kind.
    package var counts: [IOCall: Int] { FaultRegistry.shared.armed(key)?.counts ?? [:] }

    /// How many calls the plan failed so far.
    package var faultsInjected: Int { FaultRegistry.shared.armed(key)?.faultsInjected ?? 0 }

    /// Stops injecting and counting; returns the counts.
    @discardableResult
    package func disarm() -> [IOCall: Int] {
        FaultRegistry.shared.disarm(key)?.counts ?? [:]
    }
}

/// What the VFS does with one call.
enum FaultDecision {
    case pass
    case fail(ResultCode)
    case shortWrite
}

/// The process-wide table the VFS callbacks consult: open files by token, and the
/// armed directories. C callbacks cannot capture context, so this state is global; it
/// exists only once a test installs the VFS.
final class FaultRegistry: Sendable {
    static let shared = FaultRegistry()

    struct Armed {
        let directory: String
        let plan: FaultPlan?
        var counts: [IOCall: Int] = [:]
        var faultsInjected = 0
    }

    private struct State {
        var files: [Int: String] = [:]
        var armed: [Int: Armed] = [:]
        var nextKey = 1
    }

    // An NSLock (a pthread mutex), not Synchronization's Mutex: ThreadSanitizer sees
    // pthread locking, but not the futex inside the uninstrumented Mutex, and would
    // report every armed call as a race.
    private let lock = NSLock()
    nonisolated(unsafe) private var state = State()

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    func arm(directory: String, plan: FaultPlan?) -> Int {
        withState { state in
            precondition(
                !state.armed.values.contains { $0.directory == directory },
                "an injector is already armed for \(directory)")
            let key = state.nextKey
            state.nextKey += 1
            state.armed[key] = Armed(directory: directory, plan: plan)
            return key
        }
    }

    func disarm(_ key: Int) -> Armed? {
        withState { $0.armed.removeValue(forKey: key) }
    }

    func armed(_ key: Int) -> Armed? {
        withState { $0.armed[key] }
    }

    /// Records an opened file; the token goes into the file's wrapper.
    func open(path: String) -> Int {
        withState { state in
            let key = state.nextKey
            state.nextKey += 1
            state.files[key] = path
            return key
        }
    }

    func close(_ token: Int) {
        _ = withState { $0.files.removeValue(forKey: token) }
    }

    /// Counts `call` on the file `token` and decides whether it fails.
    func decide(_ call: IOCall, token: Int) -> FaultDecision {
        withState { state in
            guard !state.armed.isEmpty, let path = state.files[token],
                let (key, armed) = state.armed.first(where: { path.hasPrefix($0.value.directory) })
            else { return .pass }
            var updated = armed
            let number = updated.counts[call, default: 0] + 1
            updated.counts[call] = number
            var decision = FaultDecision.pass
            if let plan = armed.plan, plan.call == call,
                number == plan.number || (plan.isPersistent && number > plan.number)
            {
                updated.faultsInjected += 1
                decision = plan.fault == .shortWrite ? .shortWrite : .fail(plan.resultCode)
            }
            state.armed[key] = updated
            return decision
        }
    }
}
