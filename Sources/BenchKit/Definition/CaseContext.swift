/// What a benchmark's setup learns about its case, and where it registers extras.
///
/// The setup reads the configuration, size and seed, and may register counter sources
/// (engine statistics, SQL counts) and the datasets it used so results record them.
/// Confined to the thread running the case. Cost: a few arrays.
public final class CaseContext {
    /// The configuration being run.
    public let configuration: BenchmarkConfiguration
    /// The size being run, such as 10_000.
    public let size: Int
    /// The run's seed, for reproducible generated data.
    public let seed: UInt64
    private(set) var counterSources: [any CounterSource] = []
    private(set) var datasets: [DatasetRecord] = []
    private(set) var traceSources: [any SQLTraceSource] = []

    /// Makes a context; the runner does this for each case.
    public init(configuration: BenchmarkConfiguration, size: Int, seed: UInt64) {
        self.configuration = configuration
        self.size = size
        self.seed = seed
    }

    /// Adds counters that are read before and after each instrumented iteration.
    public func register(_ source: any CounterSource) {
        counterSources.append(source)
    }

    /// Adds a source of SQL traces; the runner traces each instrumented iteration.
    public func register(trace source: any SQLTraceSource) {
        traceSources.append(source)
    }

    /// Records a dataset the case uses, so results name its seed, size and hash.
    public func record(_ dataset: DatasetRecord) {
        datasets.append(dataset)
    }
}

@available(*, unavailable, message: "a case context is confined to the thread running the case")
extension CaseContext: Sendable {}
