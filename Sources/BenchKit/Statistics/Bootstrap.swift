/// Seeded percentile-bootstrap confidence intervals.
///
/// Resamples with replacement `resamples` times and takes the 2.5th and 97.5th
/// percentiles of the statistic, so intervals need no assumption about the
/// distribution of timings (which is rarely normal). The same seed gives the same
/// interval. Cost: `resamples` x (n log n) per interval.
public enum Bootstrap {
    /// The default number of resamples: enough for stable 95% bounds, cheap for the
    /// sample counts a benchmark produces.
    public static let defaultResamples = 1_000

    /// A 95% confidence interval of the median of `samples`.
    public static func medianInterval(
        _ samples: [Double], seed: UInt64, resamples: Int = defaultResamples
    ) -> Interval {
        precondition(!samples.isEmpty, "bootstrap of no samples")
        var generator = SplitMix64(seed: seed)
        let medians = (0..<resamples).map { _ in
            Statistics.median(resample(samples, using: &generator))
        }
        return percentileInterval(medians)
    }

    /// The ratio of the medians of `numerator` and `denominator` with a 95% interval,
    /// resampling each group independently; nil when a median is 0.
    public static func ratioOfMedians(
        _ numerator: [Double], _ denominator: [Double], seed: UInt64,
        resamples: Int = defaultResamples
    ) -> (ratio: Double, interval: Interval)? {
        precondition(!numerator.isEmpty && !denominator.isEmpty, "ratio of no samples")
        let bottom = Statistics.median(denominator)
        guard bottom != 0 else { return nil }
        var generator = SplitMix64(seed: seed)
        var ratios: [Double] = []
        for _ in 0..<resamples {
            let top = Statistics.median(resample(numerator, using: &generator))
            let under = Statistics.median(resample(denominator, using: &generator))
            if under != 0 { ratios.append(top / under) }
        }
        guard !ratios.isEmpty else { return nil }
        return (Statistics.median(numerator) / bottom, percentileInterval(ratios))
    }

    private static func resample(
        _ samples: [Double], using generator: inout SplitMix64
    ) -> [Double] {
        (0..<samples.count).map { _ in samples[Int(generator.next() % UInt64(samples.count))] }
    }

    private static func percentileInterval(_ values: [Double]) -> Interval {
        let sorted = values.sorted()
        return Interval(
            low: Statistics.quantile(sorted: sorted, 0.025),
            high: Statistics.quantile(sorted: sorted, 0.975))
    }
}
