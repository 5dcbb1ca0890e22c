/// The raw samples of one metric in one case, with their statistics.
///
/// Cost: the samples plus one ``Summary``.
public struct MetricResult: Hashable, Sendable, Codable {
    /// The metric, with unit and direction.
    public let metric: Metric
    /// Every sample, in iteration order.
    public let samples: [Double]
    /// Statistics of the samples.
    public let summary: Summary

    /// Summarizes non-empty `samples`; `seed` drives the bootstrap.
    public init(metric: Metric, samples: [Double], seed: UInt64) {
        self.metric = metric
        self.samples = samples
        self.summary = Summary(samples: samples, seed: seed)
    }

    /// Keeps an already computed `summary`, with `samples` possibly dropped (baselines
    /// store only the statistics unless asked for samples).
    public init(metric: Metric, samples: [Double], summary: Summary) {
        self.metric = metric
        self.samples = samples
        self.summary = summary
    }
}
