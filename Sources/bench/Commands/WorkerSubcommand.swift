import BenchKit
import BenchmarkSuites

/// The hidden `bench __worker` mode: serves one case for a parent `bench run`.
///
/// Not listed in help; users never type it. See ``WorkerHost``.
enum WorkerSubcommand {
    /// The word that selects worker mode.
    static let name = "__worker"

    /// Serves one case over stdin/stdout and returns the exit code.
    static func serve() -> Int32 {
        WorkerHost.serve(benchmarks: SuiteCatalog.allBenchmarks)
    }
}
