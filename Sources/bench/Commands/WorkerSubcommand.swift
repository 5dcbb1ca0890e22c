import BenchKit
import BenchmarkSuites

/// The hidden `bench __worker` mode: serves one case for a parent `bench run`.
///
/// Not listed in help; users never type it. See ``WorkerHost``. A run with `--model`
/// or `--scenarios` passes those flags after `__worker`, so the worker rebuilds the
/// same suite and finds the case's benchmark in it.
enum WorkerSubcommand {
    /// The word that selects worker mode.
    static let name = "__worker"

    /// Serves one case over stdin/stdout and returns the exit code; `arguments` are the
    /// words after `__worker`.
    static func serve(_ arguments: [String]) -> ExitCode {
        var benchmarks = SuiteCatalog.allBenchmarks
        if !arguments.isEmpty {
            let parser = ArgumentParser(
                options: ModelRunSource.options, acceptsPositionals: false, usage: name)
            do throws(UsageError) {
                guard case .parsed(let parsed) = try parser.parse(arguments),
                    let source = try ModelRunSource.make(parsed)
                else { return .usage }
                benchmarks += source.suite.benchmarks
            } catch {
                Console.standard.err("bench __worker: \(error.message)")
                return .usage
            }
        }
        return ExitCode(rawValue: WorkerHost.serve(benchmarks: benchmarks))
    }
}
