import Dispatch
import Foundation

/// For commands that cannot stop midway (`bench generate`): on SIGINT, SIGTERM or
/// SIGHUP, runs a cleanup (removing the unfinished dataset), says so and exits with
/// 128 + the signal's number.
///
/// Uses dispatch signal sources, so the cleanup runs on a queue, not in signal-handler
/// context; the work in progress is abandoned by the exit. Cost: three signal sources.
final class SignalCleanup {
    private let sources: [any DispatchSourceSignal]

    /// Starts handling the signals; `cleanup` returns the line to print.
    init(console: Console, cleanup: @escaping @Sendable () -> String) {
        sources = InterruptHandler.signals.map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                console.err("\n\(name): \(cleanup())")
                _exit(ExitCode.signal(number).rawValue)
            }
            source.resume()
            return source
        }
    }

    /// Stops handling the signals and restores their default actions.
    func cancel() {
        for source in sources { source.cancel() }
        for (number, _) in InterruptHandler.signals { signal(number, SIG_DFL) }
    }
}
