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
        return (status, capture.text)
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
        let capture = Capture()
        let status = BenchTool.main(["bench"] + arguments, output: capture.console)
        #expect(status == 2)
        #expect(capture.text.contains("error: \(message)"))
        #expect(capture.text.contains("usage: bench"))
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
        #expect(command.run(console: capture.console) == 2)
        #expect(capture.text.contains("/nonexistent/results.json"))
    }

    @Test("list shows benchmarks with their configurations")
    func list() throws {
        guard case .parsed(let parsed) = try ListCommand.parser.parse(["--filter", "selftest/*"])
        else {
            Issue.record("help instead of a parse")
            return
        }
        let lines = try ListCommand(parsed).lines()
        #expect(lines.contains { $0.hasPrefix("selftest") })
        #expect(lines.contains { $0.contains("selftest/sort") && $0.contains("10k,100k") })
        #expect(lines.contains { $0.contains("[allocating]") })
        let faulting = try ListCommand(ParsedArguments(values: ["--filter": "faulting/*"])).lines()
        #expect(faulting.contains("    [raw] one JOIN  (raw floor)"))
        #expect(faulting.contains("    [faults] defaults: 1 + distinct authors"))
        let batchOps = try ListCommand(ParsedArguments(values: ["--filter": "batch-ops/delete"]))
            .lines()
        #expect(
            batchOps.contains {
                $0.hasPrefix("    [per-object-save-every-100]")
                    && $0.hasSuffix("(sizes up to 100k)")
            })
        let none = try ListCommand(ParsedArguments(values: ["--filter": "nothing*"])).lines()
        #expect(none.isEmpty)
    }
}
