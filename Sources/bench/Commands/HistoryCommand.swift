import BenchKit
import DurableFiles
import Foundation

/// `bench history add`: appends a run to a history file for trend charts.
struct HistoryCommand: Subcommand {
    static let name = "history"
    static let summary = "Append a run's medians to a history file (NDJSON) for trend charts"
    static let positionalSynopsis = "add RESULTS"
    static let discussion = """
        'bench history add RESULTS' appends one line to FILE (default
        Benchmarks/history.ndjson): the run's commit, date, label, an environment
        fingerprint (CPU, cores, kernel, Swift, SQLite, build, allocator) and every
        passed case's medians. RESULTS is a results.json or a run directory; partial
        runs are refused. The file is rewritten atomically. 'bench report RESULTS
        --history FILE' draws the trends. Exit codes: 0 appended, 2 usage or input error.
        """
    static let file = ValueOption(
        "--file", "FILE", "the history file (default Benchmarks/history.ndjson)")
    static let options: [any CommandOption] = [file]

    let source: String
    let file: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2, arguments.positionals[0] == "add" else {
            throw Self.usageError("the only history action is 'add RESULTS'")
        }
        source = arguments.positionals[1]
        file = try arguments.value(Self.file) ?? "Benchmarks/history.ndjson"
    }

    func run(console: Console) -> ExitCode {
        do {
            let path = RunResults.file(at: source)
            let results = try RunResults.read(from: URL(fileURLWithPath: path))
            guard !results.isPartial else {
                throw ResultsFileError(path: path, reason: "a partial run; not added to history")
            }
            let record = HistoryRecord(results: results)
            try HistoryFile.append(record, to: URL(fileURLWithPath: file))
            console.out("history: \(file) (+1 run, \(record.cases.count) cases from \(path))")
            return .success
        } catch {
            return console.failure(error, .usage)
        }
    }
}
