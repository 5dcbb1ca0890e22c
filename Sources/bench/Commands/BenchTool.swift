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

    /// Why the raw command line cannot be used, or nil: an argument whose bytes are not
    /// UTF-8 (a path from another encoding) would be decoded with U+FFFD in place of
    /// those bytes, so `--out` and `--dataset-dir` would name another directory and an
    /// existing file would be reported missing. Paths are handled as UTF-8 text, so such
    /// an argument (or `FAULTLINE_DATASETS` or `TMPDIR`) is refused, naming it with the
    /// bytes escaped.
    static func refusal(
        ofRawArguments arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        count: Int32
    ) -> String? {
        var raws: [(what: String, raw: UnsafePointer<CChar>)] = []
        for index in 1..<Int(max(count, 1)) {
            if let raw = arguments[index] { raws.append(("argument \(index)", UnsafePointer(raw))) }
        }
        for variable in ["FAULTLINE_DATASETS", "TMPDIR"] {
            if let raw = getenv(variable) { raws.append(("$\(variable)", UnsafePointer(raw))) }
        }
        for (what, raw) in raws {
            let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
            if String(validating: bytes, as: UTF8.self) != nil { continue }
            let shown = bytes.map { byte in
                (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
                    ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
            }.joined()
            return "error: \(what) (\(shown)) is not UTF-8 text; bench reads paths "
                + "and names as UTF-8: rename the file or directory, or give a path without "
                + "those bytes (a symbolic link with a UTF-8 name works)"
        }
        return nil
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
