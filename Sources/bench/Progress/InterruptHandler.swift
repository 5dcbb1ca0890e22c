import BenchKit
import Dispatch
import Foundation

/// Turns Ctrl-C into a clean stop: the first SIGINT asks the runner to stop after the
/// current iteration (results are then written, marked partial); a second one exits
/// at once with status 130.
///
/// Uses a dispatch signal source, so no code runs in signal-handler context.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    /// Starts handling SIGINT.
    init(stopFlag: StopFlag, console: Console) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if stopFlag.isStopRequested { _exit(130) }
            stopFlag.requestStop()
            console.err("\nstopping after the current iteration (Ctrl-C again to abort)")
        }
        source.resume()
    }

    /// Stops handling SIGINT and restores the default action.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
