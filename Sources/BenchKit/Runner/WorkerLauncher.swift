import Foundation

/// How to start a child worker: an executable and the arguments that make it serve
/// one case (for `bench`, the hidden `__worker` subcommand).
///
/// Cost: data only; each case started costs one process spawn and the benchmark setup.
public struct WorkerLauncher: Sendable {
    /// The executable to run, normally the running `bench` binary itself.
    public let executable: URL
    /// Arguments that put it in worker mode.
    public let arguments: [String]
    /// Variables added to the inherited environment (a wrapper's settings).
    public let environment: [String: String]

    /// Makes a launcher.
    public init(executable: URL, arguments: [String], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// This launcher with `extra` added to the variables it sets (`extra` wins).
    public func adding(environment extra: [String: String]) -> WorkerLauncher {
        WorkerLauncher(
            executable: executable, arguments: arguments,
            environment: environment.merging(extra) { $1 })
    }

    /// A launcher that re-executes the running binary (`/proc/self/exe`).
    public static func currentExecutable(arguments: [String]) -> WorkerLauncher {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let url = URL(fileURLWithPath: path ?? CommandLine.arguments[0])
        return WorkerLauncher(executable: url, arguments: arguments)
    }
}
