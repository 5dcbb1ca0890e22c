import BenchKit
import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT (Ctrl-C), SIGTERM (CI timeouts and cancellations) and SIGHUP (a closed
/// terminal) into a clean stop: the first one asks the runner to stop after the current
/// iteration (results are then written, marked partial and naming the signal); a
/// second exits at once. Either way the exit status is 128 + the signal's number: 130
/// for SIGINT, 143 for SIGTERM, 129 for SIGHUP, as a shell reports a process the
/// signal ended.
///
/// Uses dispatch signal sources, so no code runs in signal-handler context.
final class InterruptHandler {
    /// The signals handled, with the names results record.
    static let signals: [(number: Int32, name: String)] = [
        (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"),
    ]

    private let sources: [any DispatchSourceSignal]
    private let received = ReceivedSignal()

    /// Starts handling the signals.
    init(stopFlag: StopFlag, console: Console) {
        var sources: [any DispatchSourceSignal] = []
        let received = received
        for (number, name) in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if stopFlag.isStopRequested { _exit(ExitCode.signal(number).rawValue) }
                _ = received.number.compareExchange(
                    expected: 0, desired: number, ordering: .relaxed)
                stopFlag.requestStop()
                console.err("\n\(name): stopping after the current iteration (again to abort)")
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// The first signal received, as results record it (`SIGTERM`); nil when none came.
    var signalName: String? {
        let number = received.number.load(ordering: .relaxed)
        return Self.signals.first { $0.number == number }?.name
    }

    /// 128 + the first signal's number; nil when none came.
    var exitCode: ExitCode? {
        let number = received.number.load(ordering: .relaxed)
        return number == 0 ? nil : .signal(number)
    }

    /// Stops handling the signals and restores their default actions.
    func cancel() {
        for source in sources { source.cancel() }
        for (number, _) in Self.signals { signal(number, SIG_DFL) }
    }
}

/// The first signal number received (0 before any), shared with the handlers.
private final class ReceivedSignal: Sendable {
    let number = Atomic<Int32>(0)
}
