/// How many samples lie outside Tukey's fences; outliers are counted, never removed.
///
/// Mild outliers lie between 1.5 and 3 interquartile ranges beyond the quartiles,
/// severe ones further out (as criterion reports them). Cost: one sort.
public struct OutlierCounts: Hashable, Sendable, Codable {
    /// Samples between the inner and outer fences, on either side.
    public let mild: Int
    /// Samples beyond the outer fences, on either side.
    public let severe: Int

    /// Makes counts directly.
    public init(mild: Int, severe: Int) {
        self.mild = mild
        self.severe = severe
    }

    /// Counts the outliers in `samples` (type-7 quartiles).
    public init(samples: [Double]) {
        precondition(!samples.isEmpty, "outliers of no samples")
        let sorted = samples.sorted()
        let first = Statistics.quantile(sorted: sorted, 0.25)
        let third = Statistics.quantile(sorted: sorted, 0.75)
        let range = third - first
        let severe = sorted.filter { $0 < first - 3 * range || $0 > third + 3 * range }.count
        let beyondInner = sorted.filter { $0 < first - 1.5 * range || $0 > third + 1.5 * range }
        self.init(mild: beyondInner.count - severe, severe: severe)
    }
}
