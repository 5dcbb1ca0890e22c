import BenchKit
import BenchReports
import BenchmarkSuites
import Testing

@testable import bench

/// `bench run` options: every flag read correctly, every mistake a clear error.
@Suite struct ArgumentParserTests {
    static func options(_ arguments: [String]) throws -> RunOptions {
        guard case .parsed(let parsed) = try RunCommand.parser.parse(arguments) else {
            throw UsageError(message: "help requested", usage: "")
        }
        return try RunOptions(parsed, suites: SuiteCatalog.all)
    }

    static func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try options(arguments)
            return nil
        } catch {
            return error as? UsageError
        }
    }

    @Test("defaults without options")
    func defaults() throws {
        let options = try Self.options([])
        let request = options.request
        #expect(
            request.suites == [
                "faulting", "batch-size", "n-plus-one", "indexes", "batch-ops", "materialize",
                "contexts",
            ])
        #expect(request.profile == .standard && request.limits == RunProfile.standard.limits)
        #expect(request.seed == 42 && options.outputRoot == "Reports")
        #expect(options.formats == ReportFormat.allCases)
        #expect(options.showsProgress && !request.isInProcess)
        #expect(request.filter == nil && request.sizes == nil && request.shard == nil)
        #expect(options.datasetDirectory == nil)
    }

    @Test("every option is read")
    func everyOption() throws {
        let options = try Self.options([
            "--suite", "selftest", "--filter", "selftest/*", "--sizes", "10k,100k,1m",
            "--profile", "quick", "--iterations", "5", "--warmup", "0", "--max-time", "500ms",
            "--seed", "7", "--out", "/tmp/reports", "--format", "csv", "--no-progress",
            "--shard", "2/3", "--in-process", "--dataset-dir", "/tmp/data/../datasets",
        ])
        let request = options.request
        #expect(request.suites == ["selftest"])
        #expect(request.filter == Glob("selftest/*"))
        #expect(request.sizes == [10_000, 100_000, 1_000_000])
        #expect(request.profile == .quick)
        #expect(request.limits.maxIterations == 5 && request.limits.warmupIterations == 0)
        #expect(request.limits.maxTime == 0.5)
        #expect(
            request.limits.instrumentedIterations == RunProfile.quick.limits.instrumentedIterations)
        #expect(request.seed == 7 && options.outputRoot == "/tmp/reports")
        #expect(options.formats == [.csv])
        #expect(!options.showsProgress && request.isInProcess)
        #expect(request.shard == Shard(index: 2, count: 3))
        #expect(options.label == "selftest-shard2of3")
        #expect(options.datasetDirectory == "/tmp/datasets")
    }

    @Test(
        "--instrumented and --counted override the profile; by default a count runs as many as it instruments"
    )
    func countedAndInstrumented() throws {
        let gate = try Self.options([
            "--profile", "quick", "--instructions", "--counted", "1", "--instrumented", "0",
        ]).request.limits
        #expect(gate.instrumentedIterations == 0 && gate.countedIterations == 1)
        #expect(gate.effectiveCountedIterations == 1)
        let quick = try Self.options(["--profile", "quick", "--instructions"]).request.limits
        #expect(quick.countedIterations == nil)
        #expect(quick.effectiveCountedIterations == quick.instrumentedIterations)
        let none = try Self.options(["--instructions", "--instrumented", "0"]).request.limits
        #expect(none.effectiveCountedIterations == 1, "a count needs one counted iteration")
    }

    @Test("--name=value works like --name value")
    func equalsForm() throws {
        let options = try Self.options([
            "--profile=full", "--max-time=2m", "--format=json,csv,json",
        ])
        #expect(options.request.profile == .full && options.request.limits.maxTime == 120)
        #expect(options.formats == [.json, .csv])
    }

    @Test(
        "durations in seconds, ms and minutes",
        arguments: [("2", 2.0), ("1.5s", 1.5), ("250ms", 0.25), ("1m", 60)])
    func durations(text: String, seconds: Double) throws {
        #expect(try Self.options(["--max-time", text]).request.limits.maxTime == seconds)
    }

    @Test("mistakes are usage errors with a clear message", arguments: ErrorCase.all)
    func errors(_ example: ErrorCase) throws {
        let error = try #require(Self.error(example.arguments))
        #expect(error.message.contains(example.message), "\(error.message)")
        #expect(error.usage == "usage: bench run [options]")
    }

    @Test("--help anywhere asks for help")
    func help() throws {
        #expect(try RunCommand.parser.parse(["--seed", "3", "--help"]) == .help)
        #expect(try RunCommand.parser.parse(["-h"]) == .help)
        let literal = try MergeCommand.parser.parse(["--", "--help"])
        #expect(
            literal == .parsed(ParsedArguments(positionals: ["--help"], usage: MergeCommand.usage)))
    }
}

/// One wrong command line and the words its error must contain.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let message: String

    var testDescription: String { arguments.joined(separator: " ") }

    static let all: [ErrorCase] = [
        .init(arguments: ["--bogus"], message: "unknown option '--bogus'"),
        .init(arguments: ["-x"], message: "unknown option '-x'"),
        .init(arguments: ["--suite"], message: "option '--suite' needs a value"),
        .init(arguments: ["--suite", "--in-process"], message: "option '--suite' needs a value"),
        .init(arguments: ["--out="], message: "needs a non-empty value"),
        .init(arguments: ["--no-progress=yes"], message: "option '--no-progress' takes no value"),
        .init(arguments: ["--seed", "1", "--seed", "2"], message: "given more than once"),
        .init(
            arguments: ["--suite", "nope"],
            message: "unknown suite 'nope' (known: faulting, batch-size"),
        .init(arguments: ["--sizes", "10k,lots"], message: "invalid size 'lots' in --sizes"),
        .init(arguments: ["--sizes", "0"], message: "invalid size '0'"),
        .init(arguments: ["--profile", "slow"], message: "expected one of quick, standard, full"),
        .init(arguments: ["--iterations", "0"], message: "invalid value '0' for --iterations"),
        .init(
            arguments: ["--iterations", "many"], message: "invalid value 'many' for --iterations"),
        .init(arguments: ["--warmup", "-1"], message: "invalid value '-1' for --warmup"),
        .init(
            arguments: ["--instrumented", "-1"], message: "invalid value '-1' for --instrumented"),
        .init(
            arguments: ["--instructions", "--counted", "0"],
            message: "invalid value '0' for --counted"),
        .init(
            arguments: ["--counted", "1"],
            message: "--counted sets the counted iterations of an instruction count: it needs "
                + "--instructions"),
        .init(arguments: ["--max-time", "0"], message: "invalid value '0' for --max-time"),
        .init(arguments: ["--max-time", "fast"], message: "expected a duration"),
        .init(arguments: ["--seed", "-3"], message: "invalid value '-3' for --seed"),
        .init(arguments: ["--format", "xml"], message: "invalid value 'xml' for --format"),
        .init(arguments: ["--shard", "3/2"], message: "invalid value '3/2' for --shard"),
        .init(arguments: ["--shard", "half"], message: "expected i/n"),
        .init(arguments: ["extra"], message: "unexpected argument 'extra'"),
        .init(
            arguments: ["--instructions", "--in-process"],
            message: "cannot be combined with --in-process or --rerun-suspects"),
        .init(
            arguments: ["--against", "main", "--baseline", "b.json"],
            message: "cannot be combined with --baseline, --in-process, --instructions"),
        .init(
            arguments: ["--against", "main", "--instructions"],
            message: "--against compares with another build sample by sample"),
        .init(
            arguments: ["--callgrind-out", "profiles"],
            message: "--callgrind-out keeps the profiles of counted bodies: it needs --instructions"
        ),
    ]
}
