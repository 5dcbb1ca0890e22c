/// A `bench` subcommand: its name, help, options, and how it runs.
///
/// `run()` only delegates to the libraries and returns the ``ExitCode``.
protocol Subcommand {
    /// The word after `bench`, such as `run`.
    static var name: String { get }
    /// One line for `bench --help`.
    static var summary: String { get }
    /// Paragraphs printed by `--help` under the usage line.
    static var discussion: String { get }
    /// The options accepted, each declared once as a ``ValueOption`` or ``FlagOption``
    /// and read through the same constant.
    static var options: [any CommandOption] { get }
    /// Positional arguments, as help shows them (empty when none are accepted).
    static var positionalSynopsis: String { get }

    /// Reads typed options from parsed arguments.
    /// - Throws: ``UsageError`` for a bad value.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work, writing to `console`, and returns the exit code.
    func run(console: Console) -> ExitCode
}

extension Subcommand {
    /// `usage: bench <name> [options] <positionals>`.
    static var usage: String {
        let tail = positionalSynopsis.isEmpty ? "" : " \(positionalSynopsis)"
        return "usage: bench \(name) [options]\(tail)"
    }

    /// The parser for this subcommand's options.
    static var parser: ArgumentParser {
        ArgumentParser(
            options: options, acceptsPositionals: !positionalSynopsis.isEmpty, usage: usage)
    }

    /// The full `--help` text.
    static var help: String {
        let specs = options.map(\.spec)
        let width = specs.map(\.synopsis.count).max() ?? 0
        let lines = specs.map { option in
            "  " + option.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + option.help
        }
        return ([usage, "", summary, "", discussion, "", "Options:"] + lines + ["  --help, -h"])
            .joined(separator: "\n")
    }

    /// A usage error of this subcommand: `message`, then its usage line.
    static func usageError(_ message: String) -> UsageError {
        UsageError(message: message, usage: usage)
    }
}
