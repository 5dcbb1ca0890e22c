/// A closed interval, such as a 95% confidence interval.
///
/// Cost: two doubles.
public struct Interval: Hashable, Sendable, Codable {
    /// The lower bound.
    public let low: Double
    /// The upper bound.
    public let high: Double

    /// Makes an interval; `low` must not exceed `high`.
    public init(low: Double, high: Double) {
        precondition(low <= high, "interval low \(low) above high \(high)")
        self.low = low
        self.high = high
    }

    /// Whether `value` lies inside, bounds included.
    public func contains(_ value: Double) -> Bool {
        low <= value && value <= high
    }
}
