import Foundation

/// Where the command writes: standard output for results, standard error for
/// diagnostics and progress.
///
/// Tests substitute closures that collect the text.
struct Console: Sendable {
    /// Writes a line to standard output.
    let out: @Sendable (String) -> Void
    /// Writes a line to standard error.
    let err: @Sendable (String) -> Void

    /// The process's own streams.
    static let standard = Console(
        out: { print($0) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    /// Prints a usage error and returns exit code 2.
    func usageError(_ error: UsageError) -> Int32 {
        err("error: \(error.message)\n\(error.usage)")
        return 2
    }
}
