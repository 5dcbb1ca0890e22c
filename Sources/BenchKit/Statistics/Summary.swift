/// The statistics of one metric's samples in one case, as results record them.
///
/// Computed once from the raw samples (which results also keep), so reports never
/// recompute them differently. Cost: a few sorts and one bootstrap.
public struct Summary: Hashable, Sendable, Codable {
    /// Number of samples.
    public let count: Int
    /// Smallest sample.
    public let min: Double
    /// Median sample.
    public let median: Double
    /// Arithmetic mean.
    public let mean: Double
    /// 90th percentile.
    public let p90: Double
    /// 99th percentile.
    public let p99: Double
    /// Largest sample.
    public let max: Double
    /// Sample standard deviation.
    public let standardDeviation: Double
    /// Median absolute deviation (unscaled).
    public let medianAbsoluteDeviation: Double
    /// Standard deviation over mean; nil when the mean is 0.
    public let coefficientOfVariation: Double?
    /// Bootstrap 95% confidence interval of the median.
    public let medianInterval: Interval
    /// Tukey outlier counts.
    public let outliers: OutlierCounts

    /// Summarizes non-empty `samples`; `seed` makes the bootstrap reproducible.
    public init(samples: [Double], seed: UInt64) {
        precondition(!samples.isEmpty, "summary of no samples")
        let sorted = samples.sorted()
        count = samples.count
        min = sorted[0]
        median = Statistics.quantile(sorted: sorted, 0.5)
        mean = Statistics.mean(samples)
        p90 = Statistics.quantile(sorted: sorted, 0.9)
        p99 = Statistics.quantile(sorted: sorted, 0.99)
        max = sorted[sorted.count - 1]
        standardDeviation = Statistics.standardDeviation(samples)
        medianAbsoluteDeviation = Statistics.medianAbsoluteDeviation(samples)
        coefficientOfVariation = Statistics.coefficientOfVariation(samples)
        medianInterval = Bootstrap.medianInterval(samples, seed: seed)
        outliers = OutlierCounts(samples: samples)
    }
}
