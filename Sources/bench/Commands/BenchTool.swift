import Foundation

/// The `bench` command line: picks the subcommand, parses, runs, returns the exit code.
///
/// Kept apart from `main.swift` so tests can call it with any argument list.
enum BenchTool {
    /// The version `--version` prints.
    static let version = "bench 0.1.0"

    /// The public subcommands, in help order.
    static var subcommands: [any Subcommand.Type] {
        [
            RunCommand.self, ListCommand.self, GenerateCommand.self, MergeCommand.self,
            ReportCommand.self, ExplainCommand.self, ExplainLogCommand.self, CompareCommand.self,
            BaselineCommand.self, HistoryCommand.self, ExportCommand.self, PlanCommand.self,
            StoreCommand.self,
        ]
    }

    /// The top-level usage line.
    static let usage = "usage: bench <subcommand> [options]   (bench --help for the list)"

    /// Runs `arguments` (program name first) and returns the exit code.
    static func main(_ arguments: [String], output: Console = .standard) -> ExitCode {
        let words = Array(arguments.dropFirst())
        guard let first = words.first else { return RunCommand.invoke([], output: output) }
        switch first {
        case "--help", "-h", "help":
            output.out(help)
            return .success
        case "--version":
            output.out(version)
            return .success
        case WorkerSubcommand.name:
            return WorkerSubcommand.serve(Array(words.dropFirst()))
        default:
            guard let command = subcommands.first(where: { $0.name == first }) else {
                return output.usageError(
                    UsageError(message: "unknown subcommand '\(first)'", usage: usage))
            }
            return command.invoke(Array(words.dropFirst()), output: output)
        }
    }

    /// The top-level help text.
    static var help: String {
        let width = subcommands.map { $0.name.count }.max() ?? 0
        let lines = subcommands.map { command in
            "  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + command.summary
        }
        return
            ([usage, "", "Subcommands:"] + lines + [
                "", "  bench <subcommand> --help   options of one subcommand",
                "  bench --version             print the version",
            ]).joined(separator: "\n")
    }
}

extension Subcommand {
    /// Parses `arguments` for this subcommand and runs it.
    static func invoke(_ arguments: [String], output: Console) -> ExitCode {
        do throws(UsageError) {
            switch try parser.parse(arguments) {
            case .help:
                output.out(help)
                return .success
            case .parsed(let parsed):
                return try Self(parsed).run(console: output)
            }
        } catch {
            return output.usageError(error)
        }
    }
}
