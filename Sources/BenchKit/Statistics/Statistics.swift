/// Descriptive statistics as pure functions over samples.
///
/// Quantiles interpolate linearly between order statistics (Hyndman and Fan type 7,
/// the default of numpy and R), so results match those tools. Every function takes
/// unsorted samples and precondition-fails on an empty array. Cost: O(n log n) for
/// anything that sorts, O(n) otherwise.
public enum Statistics {
    /// The `q`-quantile (0...1) of `samples`, type 7.
    public static func quantile(_ samples: [Double], _ q: Double) -> Double {
        quantile(sorted: samples.sorted(), q)
    }

    /// The `q`-quantile of samples already sorted ascending.
    public static func quantile(sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of no samples")
        precondition((0...1).contains(q), "quantile \(q) outside 0...1")
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// The median (the 0.5-quantile).
    public static func median(_ samples: [Double]) -> Double {
        quantile(samples, 0.5)
    }

    /// The arithmetic mean.
    public static func mean(_ samples: [Double]) -> Double {
        precondition(!samples.isEmpty, "mean of no samples")
        return samples.reduce(0, +) / Double(samples.count)
    }

    /// The sample standard deviation (n - 1 in the denominator); 0 for one sample.
    public static func standardDeviation(_ samples: [Double]) -> Double {
        guard samples.count > 1 else { return 0 }
        let average = mean(samples)
        let squares = samples.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        return (squares / Double(samples.count - 1)).squareRoot()
    }

    /// The median absolute deviation from the median, unscaled (multiply by 1.4826 to
    /// estimate a normal distribution's standard deviation).
    public static func medianAbsoluteDeviation(_ samples: [Double]) -> Double {
        let center = median(samples)
        return median(samples.map { abs($0 - center) })
    }

    /// Standard deviation over mean; nil when the mean is 0.
    public static func coefficientOfVariation(_ samples: [Double]) -> Double? {
        let average = mean(samples)
        guard average != 0 else { return nil }
        return standardDeviation(samples) / average
    }
}
