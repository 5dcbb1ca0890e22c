import BenchKit
import Foundation

/// Shows a run's progress: a live status line on a terminal, one line per finished
/// case otherwise (pipes, CI logs; `CI` set in the environment).
///
/// Writes to standard error so standard output keeps only the summary.
final class ProgressReporter: RunObserver {
    private let console: Console
    private let isLive: Bool
    private let start = Date()
    private var total = 0
    private var done = 0
    private var current: [CaseKey] = []

    private init(console: Console, isLive: Bool) {
        self.console = console
        self.isLive = isLive
    }

    /// The reporter for this process's terminal, or nil when progress is off.
    static func make(enabled: Bool, console: Console) -> ProgressReporter? {
        guard enabled else { return nil }
        let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
        return ProgressReporter(console: console, isLive: isatty(STDERR_FILENO) == 1 && !isCI)
    }

    func runStarted(totalCases: Int) {
        total = totalCases
        if !isLive { console.err("running \(totalCases) cases") }
    }

    func groupStarted(_ cases: [CaseKey]) {
        current = cases
        draw(iteration: 0, limit: 0)
    }

    func roundFinished(iteration: Int, limit: Int) {
        draw(iteration: iteration, limit: limit)
    }

    func caseFinished(_ result: CaseResult, done: Int, total: Int) {
        self.done = done
        let wall = result.metric(.wallTime).map {
            Formatting.duration(nanoseconds: $0.summary.median)
        }
        let line =
            "[\(done)/\(total)] \(result.key)  \(result.status.rawValue)"
            + (wall.map { "  median \($0)" } ?? "") + (result.errors.first.map { "  \($0)" } ?? "")
        if isLive {
            FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
            console.err(line)
        } else {
            console.err(line)
        }
    }

    private func draw(iteration: Int, limit: Int) {
        guard isLive, let first = current.first else { return }
        let elapsed = Date().timeIntervalSince(start)
        // Cases of the running group count in proportion to their rounds, so the
        // estimate moves before the first group ends (it errs long when a time budget
        // cuts the rounds short).
        let fraction = limit > 0 ? Double(iteration) / Double(limit) : 0
        let progressed = Double(done) + Double(current.count) * fraction
        let left =
            progressed > 0
            ? Formatting.clock(seconds: elapsed / progressed * (Double(total) - progressed)) : "?"
        let scenario =
            "\(first.benchmark) \(SizeFormat.short(first.size)) x\(current.count) configs"
        let rounds = limit > 0 ? "  iteration \(iteration)/\(limit)" : "  setting up"
        let clock = "elapsed \(Formatting.clock(seconds: elapsed))  left ~\(left)"
        let status = "[\(done)/\(total)] \(scenario)\(rounds)  \(clock)"
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + TerminalText.safe(status)).utf8))
    }
}
