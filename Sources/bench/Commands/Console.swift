import DurableFiles
import Foundation

/// Where the command writes: standard output for results, standard error for
/// diagnostics and progress.
///
/// Every line passes through ``TerminalText/safe(_:)`` (names from results files are
/// data, never terminal controls or workflow commands); ``command(_:)`` is the one way
/// to send a workflow command. Tests substitute closures that collect the text.
struct Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void

    /// A console writing lines with `out` (standard output) and `err` (standard error).
    init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        writeOut = out
        writeErr = err
    }

    /// The process's own streams.
    static let standard = Console(
        out: { print($0) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    /// Writes a line to standard output, made safe.
    func out(_ line: String) {
        writeOut(TerminalText.safe(line))
    }

    /// Writes a line to standard error, made safe.
    func err(_ line: String) {
        writeErr(TerminalText.safe(line))
    }

    /// Writes a workflow command (already escaped by ``TerminalText``) to standard output.
    func command(_ line: String) {
        writeOut(line)
    }

    /// Prints a usage error and returns ``ExitCode/usage``.
    func usageError(_ error: UsageError) -> ExitCode {
        err("error: \(error.message)\n\(error.usage)")
        return .usage
    }

    /// Prints `error: <what failed>` (Foundation errors as one line) and returns `code`.
    func failure(_ error: any Error, _ code: ExitCode) -> ExitCode {
        err("error: \(ErrorText.describe(error))")
        return code
    }
}
