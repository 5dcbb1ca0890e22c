import Foundation
import Synchronization
import Testing

@testable import bench

/// The top-level command: subcommand dispatch, help, version and exit codes.
@Suite struct BenchToolTests {
    /// Collects what a command prints.
    final class Capture: Sendable {
        private let lines = Mutex<[String]>([])
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
        var console: Console {
            Console(
                out: { line in self.lines.withLock { $0.append(line) } },
                err: { line in self.lines.withLock { $0.append(line) } })
        }
    }

    /// Runs `bench` with `arguments` in this process: the exit status a shell would
    /// see and everything printed, standard output and error interleaved. The one way
    /// the CLI tests drive the command (only this file needs `@testable import bench`
    /// for it).
    static func main(_ arguments: [String]) -> (status: Int32, text: String) {
        let capture = Capture()
        let status = BenchTool.main(["bench"] + arguments, output: capture.console)
        return (status.rawValue, capture.text)
    }

    /// ``main(_:)`` with the arguments listed.
    static func main(_ arguments: String...) -> (status: Int32, text: String) {
        main(arguments)
    }

    @Test("--version prints the version")
    func version() {
        let (status, text) = Self.main("--version")
        #expect(status == 0 && text == BenchTool.version)
    }

    @Test("--help lists the subcommands")
    func help() {
        let (status, text) = Self.main("--help")
        #expect(status == 0)
        for name in ["run", "list", "merge", "report"] { #expect(text.contains("  \(name) ")) }
    }

    @Test(
        "each subcommand's --help lists its options", arguments: ["run", "list", "merge", "report"])
    func subcommandHelp(name: String) throws {
        let (status, text) = Self.main(name, "--help")
        let command = try #require(BenchTool.subcommands.first { $0.name == name })
        #expect(status == 0)
        #expect(text.hasPrefix("usage: bench \(name)"))
        for option in command.options { #expect(text.contains(option.name)) }
    }

    @Test("exit codes are the documented ones: 0, 1, 2, and 128 + the signal")
    func exitCodes() {
        #expect(ExitCode.success.rawValue == 0 && ExitCode.failure.rawValue == 1)
        #expect(ExitCode.usage.rawValue == 2 && ExitCode.interrupted.rawValue == 130)
        #expect(ExitCode.signal(SIGTERM).rawValue == 143 && ExitCode.signal(SIGHUP).rawValue == 129)
    }

    @Test("every subcommand declares each option once, and the parser accepts each")
    func optionsDeclaredOnce() throws {
        for command in BenchTool.subcommands {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name): \(names)")
            for option in command.options {
                let words = option.spec.takesValue ? [option.name, "x"] : [option.name]
                guard case .parsed(let parsed) = try command.parser.parse(words) else {
                    Issue.record("\(command.name) \(option.name): help instead of a parse")
                    continue
                }
                #expect(parsed.isGiven(option.name), "\(command.name) \(option.name)")
            }
        }
    }

    @Test(
        "usage errors exit 2 with the message and usage line",
        arguments: [
            (["frobnicate"], "unknown subcommand 'frobnicate'"),
            (["run", "--bogus"], "unknown option '--bogus'"),
            (["list", "--suite", "nope"], "unknown suite 'nope'"),
            (["merge"], "merge needs at least one results file"),
            (["merge", "--format", "pdf", "x.json"], "invalid value 'pdf' for --format"),
            (["report"], "report needs exactly one results file"),
            (["report", "a.json", "b.json"], "report needs exactly one results file"),
            (["report", "--format", "pdf", "x.json"], "invalid value 'pdf' for --format"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let (status, text) = Self.main(arguments)
        #expect(status == 2)
        #expect(text.contains("error: \(message)"))
        #expect(text.contains("usage: bench"))
    }

    @Test("a filter that matches nothing is a usage error, before anything runs")
    func emptyPlan() {
        let empty = Self.main("run", "--filter", "nothing*", "--no-progress")
        #expect(empty.status == 2)
        #expect(empty.text.contains("error: no benchmark matches"))
        #expect(Self.main("run", "--suite", "selftest", "--shard", "3/3").status == 2)
    }

    @Test("merging a missing file is an input error (exit 2) naming the file")
    func mergeMissingFile() {
        let capture = Capture()
        let command = MergeCommand(
            inputs: ["/nonexistent/results.json"], outputRoot: "/tmp", formats: [.json])
        #expect(command.run(console: capture.console) == .usage)
        #expect(capture.text.contains("/nonexistent/results.json"))
    }

    @Test("list shows benchmarks with their configurations")
    func list() throws {
        let lines = try Self.list("--filter", "selftest/*")
        #expect(lines.contains { $0.hasPrefix("selftest") })
        #expect(lines.contains { $0.contains("selftest/sort") && $0.contains("10k,100k") })
        #expect(lines.contains { $0.contains("[allocating]") })
        let faulting = try Self.list("--filter", "faulting/*")
        #expect(faulting.contains("    [raw] one JOIN  (raw floor)"))
        #expect(faulting.contains("    [faults] defaults: 1 + distinct authors"))
        let batchOps = try Self.list("--filter", "batch-ops/delete")
        #expect(
            batchOps.contains {
                $0.hasPrefix("    [per-object-save-every-100]")
                    && $0.hasSuffix("(sizes up to 100k)")
            })
        #expect(try Self.list("--filter", "nothing*").isEmpty)
    }

    /// `bench list`'s lines for `arguments`.
    static func list(_ arguments: String...) throws -> [String] {
        guard case .parsed(let parsed) = try ListCommand.parser.parse(arguments) else {
            throw UsageError(message: "help instead of a parse", usage: ListCommand.usage)
        }
        return try ListCommand(parsed).lines()
    }
}
