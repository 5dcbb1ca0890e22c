import CProcessControl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ties a worker's life to its parent `bench`: a worker whose parent was killed
/// (SIGKILL, a crash, an OOM kill) would otherwise run on, generating gigabytes or
/// burning CPU for nobody.
///
/// The parent names itself in `FAULTLINE_WORKER_PARENT`; the worker asks the kernel
/// for SIGKILL when its parent dies (`PR_SET_PDEATHSIG`), then checks the parent is
/// still the one that started it, since it may have died before the request. Signals a
/// terminal or CI sends to the whole process group (SIGINT, SIGTERM, SIGHUP) are
/// ignored: the parent stops the worker between iterations. Cost: one `prctl`.
package enum ParentWatch {
    /// The environment variable carrying the parent's process ID.
    package static let variable = "FAULTLINE_WORKER_PARENT"

    /// The environment for a worker started by this process.
    package static func environment() -> [String: String] {
        ProcessInfo.processInfo.environment.merging([variable: String(getpid())]) { $1 }
    }

    /// Sets up the worker side; false when the parent is already gone.
    package static func tieToParent() -> Bool {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
        guard faultline_set_parent_death_signal(SIGKILL) == 0 else { return true }
        guard let text = ProcessInfo.processInfo.environment[variable], let parent = Int32(text)
        else { return true }
        return getppid() == parent
    }
}
