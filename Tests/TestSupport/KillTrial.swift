import Foundation

/// One kill trial: a child process started, SIGKILLed after a delay, and what it
/// printed on stdout before it died.
///
/// The delay counts from the moment the child prints `readyLine` (or from the start
/// when nil), so a trial kills inside the work, not during process start-up.
public enum KillTrial {
    /// Runs `executable` with `arguments`, kills it `delay` seconds after it is ready,
    /// waits for it and returns its stdout lines. A child that ends by itself first is
    /// fine (its lines are returned): the work was done before the kill.
    ///
    /// The child's temporary files go in a directory of the trial's own, removed after
    /// the child is reaped: SQLite opens and then unlinks its `etilqs_*` files (sorts,
    /// statement journals), and a kill between the two leaves one behind.
    /// - Throws: when the child cannot start, or ends before printing `readyLine`.
    public static func run(
        _ executable: URL, _ arguments: [String], readyLine: String?, delay: Double
    ) throws -> [String] {
        let scratch = try TemporaryDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let process = Process()
        let output = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // A crash must end the child at once: the backtracer would hold the pipe open.
        process.environment = ProcessInfo.processInfo.environment.merging(
            temporaryFiles(in: scratch.url).merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        ) { $1 }
        try process.run()
        let pid = process.processIdentifier
        // A child that never gets ready (a hang) is killed after a minute; cancelled
        // once the child is reaped, so the watchdog never signals a reused pid.
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        var text = ""
        if let readyLine {
            while !text.split(separator: "\n").contains(Substring(readyLine)) {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else {
                    process.waitUntilExit()
                    throw KillTrialError(description: "child ended before '\(readyLine)': \(text)")
                }
                text += String(decoding: data, as: UTF8.self)
            }
        }
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// The environment that sends a child's temporary files (its own and SQLite's) to
    /// `directory`, for a child a test will SIGKILL: the test removes the directory.
    public static func temporaryFiles(in directory: URL) -> [String: String] {
        ["TMPDIR": directory.path, "SQLITE_TMPDIR": directory.path]
    }

    /// `count` delays spread over `0..<limit` seconds in a seeded, repeatable order
    /// (SplitMix64), so a failing trial can be run again.
    public static func delays(count: Int, limit: Double, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53) * limit
        }
    }

    /// A sibling executable of the test bundle (built by `swift build`).
    public static func executable(_ name: String) throws -> URL {
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let url = URL(fileURLWithPath: bundle).deletingLastPathComponent()
            .appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw KillTrialError(description: "build \(name) first (swift build)")
        }
        return url
    }
}

/// A kill trial that could not run as planned.
public struct KillTrialError: Error, CustomStringConvertible {
    public let description: String
}
