/// A small parser for `--name value`, `--name=value`, `--flag` and positionals.
///
/// Hand-written because no package beyond the toolchain can be fetched. Strict: an
/// undeclared option, a missing value, a value given to a flag and a repeated option
/// (unless declared repeatable, ``RepeatedOption``) are all ``UsageError``s. `--` ends option parsing. `--help`/`-h` anywhere asks
/// for help.
struct ArgumentParser {
    /// What a parse produced.
    enum Outcome: Equatable {
        /// The user asked for help.
        case help
        /// Parsed arguments.
        case parsed(ParsedArguments)
    }

    let options: [any CommandOption]
    let acceptsPositionals: Bool
    let usage: String

    /// Parses `arguments` (without the program and subcommand names).
    /// - Throws: ``UsageError`` describing the first problem.
    func parse(_ arguments: [String]) throws(UsageError) -> Outcome {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" })
        {
            return .help
        }
        var parsed = ParsedArguments(usage: usage)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                try addPositionals(Array(remaining), to: &parsed)
                break
            }
            if argument.hasPrefix("-") && argument != "-" {
                try parseOption(argument, rest: &remaining, into: &parsed)
            } else {
                try addPositionals([argument], to: &parsed)
            }
        }
        return .parsed(parsed)
    }

    private func parseOption(
        _ argument: String, rest: inout ArraySlice<String>, into parsed: inout ParsedArguments
    ) throws(UsageError) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let spec = options.first(where: { $0.name == name })?.spec else {
            throw error("unknown option '\(name)'")
        }
        guard spec.isRepeatable || !parsed.isGiven(name) else {
            throw error("option '\(name)' given more than once")
        }
        guard spec.takesValue else {
            if parts.count == 2 { throw error("option '\(name)' takes no value") }
            parsed.record(flag: spec)
            return
        }
        let text: String
        if parts.count == 2 {
            text = String(parts[1])
        } else if let value = rest.first, !value.hasPrefix("--") {
            text = rest.removeFirst()
        } else {
            throw error("option '\(name)' needs a value (\(spec.synopsis))")
        }
        guard !text.isEmpty else { throw error("option '\(name)' needs a non-empty value") }
        parsed.record(text, for: spec)
    }

    private func addPositionals(_ values: [String], to parsed: inout ParsedArguments)
        throws(UsageError)
    {
        guard acceptsPositionals || values.isEmpty else {
            throw error("unexpected argument '\(values[0])'")
        }
        parsed.positionals += values
    }

    private func error(_ message: String) -> UsageError {
        UsageError(message: message, usage: usage)
    }
}
