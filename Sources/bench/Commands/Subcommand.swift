/// A `bench` subcommand: its name, help, options, and how it runs.
///
/// `run()` only delegates to the libraries and returns the exit code: 0 success,
/// 1 a failed run (checksum mismatch, failed case), 2 usage or input error,
/// 130 interrupted.
protocol Subcommand {
    /// The word after `bench`, such as `run`.
    static var name: String { get }
    /// One line for `bench --help`.
    static var summary: String { get }
    /// Paragraphs printed by `--help` under the usage line.
    static var discussion: String { get }
    /// The options accepted.
    static var options: [OptionSpec] { get }
    /// Positional arguments, as help shows them (empty when none are accepted).
    static var positionalSynopsis: String { get }

    /// Reads typed options from parsed arguments.
    /// - Throws: ``UsageError`` for a bad value.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work, writing to `console`, and returns the exit code.
    func run(console: Console) -> Int32
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
        let width = options.map(\.synopsis.count).max() ?? 0
        let lines = options.map { option in
            "  " + option.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + option.help
        }
        return ([usage, "", summary, "", discussion, "", "Options:"] + lines + ["  --help, -h"])
            .joined(separator: "\n")
    }

    /// The value parsers, quoting this subcommand's usage in errors.
    static var values: ValueParsers { ValueParsers(usage: usage) }
}
