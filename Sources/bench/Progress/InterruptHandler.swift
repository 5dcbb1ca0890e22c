import BenchKit
import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT (Ctrl-C), SIGTERM (CI timeouts and cancellations) and SIGHUP (a closed
/// terminal) into a clean stop: the first one asks the runner to stop after the current
/// iteration (results are then written, marked partial and naming the signal). The
/// exit status is 128 + the first signal's number: 130 for SIGINT, 143 for SIGTERM,
/// 129 for SIGHUP, as a shell reports a process the signal ended.
///
/// A repeated signal aborts at once only while cases run and only when it comes more
/// than ``repeatWindow`` after the first: `timeout` and process supervisors signal the
/// process and then its group, so one request often arrives twice within
/// milliseconds. Once the cases are done (``beginPublishing()``), no signal stops the
/// process before the results are on disk: each is noted, and the exit status still
/// says the run was signalled.
///
/// Uses dispatch signal sources, so no code runs in signal-handler context; the three
/// signals stay ignored (not back to their default action) until ``cancel()``.
final class InterruptHandler {
    /// The signals handled, with the names results record.
    static let signals: [(number: Int32, name: String)] = [
        (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"),
    ]

    /// How long after the first signal a repeat counts as the same request, not as
    /// "abort now": `timeout -s INT` delivers its signal twice within milliseconds.
    static let repeatWindow: Duration = .seconds(2)

    private let sources: [any DispatchSourceSignal]
    private let state = SignalState()

    /// What the handlers share, behind a lock.
    private final class SignalState: Sendable {
        let lock = Mutex(State())
    }

    private struct State {
        /// The first signal number received (0 before any) and when (monotonic ns).
        var number: Int32 = 0
        var receivedAt: UInt64 = 0
        /// Whether the cases are done and the results are being written.
        var isPublishing = false
        /// Whether a repeated signal waits for the stop instead of aborting (work that
        /// must clean up after itself: `--against`'s worktree and build processes).
        var defersAborts = false
    }

    /// Starts handling the signals.
    init(stopFlag: StopFlag, console: Console) {
        let state = state
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Self.handle(number, name, state: state, stopFlag: stopFlag, console: console)
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    private static func handle(
        _ number: Int32, _ name: String, state: SignalState, stopFlag: StopFlag,
        console: Console
    ) {
        let now = DispatchTime.now().uptimeNanoseconds
        enum Action { case stop, repeatIgnored, abort, publishing, deferred }
        let action = state.lock.withLock { state -> Action in
            if state.number == 0 {
                (state.number, state.receivedAt) = (number, now)
                return state.isPublishing ? .publishing : .stop
            }
            if state.isPublishing { return .publishing }
            if state.defersAborts { return .deferred }
            let window = UInt64(repeatWindow.components.seconds) * 1_000_000_000
            return now &- state.receivedAt < window ? .repeatIgnored : .abort
        }
        switch action {
        case .stop:
            stopFlag.requestStop()
            console.err("\n\(name): stopping after the current iteration (again to abort)")
        case .repeatIgnored:
            break
        case .deferred:
            console.err("\n\(name): already stopping; removing the reference build first")
        case .abort:
            let first = state.lock.withLock { $0.number }
            _exit(ExitCode.signal(first).rawValue)
        case .publishing:
            stopFlag.requestStop()
            console.err("\n\(name): the cases are done; writing the results before stopping")
        }
    }

    /// While `defers` holds, a repeated signal does not abort: the first one's stop is
    /// awaited, so the work can remove what it made (`--against`'s worktree and build).
    func deferAborts(_ defers: Bool) {
        state.lock.withLock { $0.defersAborts = defers }
    }

    /// From now on no signal ends the process: the cases are done and the results are
    /// to be written. Signals are still noted for the exit status.
    func beginPublishing() {
        state.lock.withLock { $0.isPublishing = true }
    }

    /// The first signal received, as results record it (`SIGTERM`); nil when none came.
    var signalName: String? {
        let number = state.lock.withLock { $0.number }
        return Self.signals.first { $0.number == number }?.name
    }

    /// 128 + the first signal's number; nil when none came.
    var exitCode: ExitCode? {
        let number = state.lock.withLock { $0.number }
        return number == 0 ? nil : .signal(number)
    }

    /// Stops handling the signals and restores their default actions. Call it only
    /// after the results are written: a signal that arrives after this ends the process.
    func cancel() {
        for source in sources { source.cancel() }
        for (number, _) in Self.signals { signal(number, SIG_DFL) }
    }
}
