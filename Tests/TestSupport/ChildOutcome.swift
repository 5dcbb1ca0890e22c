import Foundation

/// How a child process ended and what it printed: the way crash tests tell a trap
/// (a signal) from an exit status, without crashing the test process itself.
public struct ChildOutcome: Sendable, CustomStringConvertible {
    /// The exit status, or nil when a signal ended the process.
    public let status: Int32?
    /// The signal that ended the process (SIGILL for a Swift trap, SIGSEGV for a stack
    /// overflow), or nil when it exited.
    public let signal: Int32?
    /// Standard output.
    public let output: String
    /// Standard error.
    public let errors: String

    /// Whether the process exited by itself (was not ended by a signal).
    public var exited: Bool { signal == nil }

    public var description: String {
        let end = signal.map { "signal \($0)" } ?? "exit \(status ?? -1)"
        return "\(end); stderr: \(errors.suffix(2_000))"
    }

    /// Runs `executable` to completion (a SIGKILL after `timeout` seconds, recorded as
    /// signal 9), its output sent to files so a large output cannot block it, with the
    /// backtracer off so a crash ends it at once.
    /// - Throws: when the child cannot start.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
        timeout: Double = 120
    ) throws -> ChildOutcome {
        let scratch = try TemporaryDirectory()
        let outURL = scratch.url.appendingPathComponent("out")
        let errURL = scratch.url.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        process.environment = ProcessInfo.processInfo.environment
            .merging(["SWIFT_BACKTRACE": "enable=no", "CI": "1"]) { $1 }
            .merging(environment) { $1 }
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        try? out.close()
        try? err.close()
        let signaled = process.terminationReason == .uncaughtSignal
        return ChildOutcome(
            status: signaled ? nil : process.terminationStatus,
            signal: signaled ? process.terminationStatus : nil,
            output: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
