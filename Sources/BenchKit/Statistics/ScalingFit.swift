import Foundation

/// How a metric grows with size: the exponent `b` in `value ≈ a · size^b`.
///
/// Fitted by least squares on `log(value) = log(a) + b · log(size)` with an intercept
/// (a fit through the origin mistakes constant overhead for growth, google/benchmark
/// #296), over every sample at every size, so the 95% interval of `b` reflects the
/// noise. `b ≈ 1` is linear, `b ≈ 0` constant, `b ≈ 2` quadratic. Cost: O(n).
public struct ScalingFit: Hashable, Sendable, Codable {
    /// The fitted exponent `b`.
    public let exponent: Double
    /// The 95% confidence interval of `b` (Student's t); nil with fewer than 3 points.
    public let exponentInterval: Interval?
    /// The fitted `log(a)`.
    public let logIntercept: Double
    /// How many (size, value) points were fitted.
    public let points: Int

    /// Fits `points` of (size, value); nil when fewer than two distinct sizes or when a
    /// size or value is not positive (logarithms need positive numbers).
    public init?(points data: [(size: Double, value: Double)]) {
        guard data.allSatisfy({ $0.size > 0 && $0.value > 0 }),
            Set(data.map(\.size)).count >= 2
        else { return nil }
        let xs = data.map { log($0.size) }
        let ys = data.map { log($0.value) }
        let meanX = Statistics.mean(xs)
        let meanY = Statistics.mean(ys)
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let slope = sxy / sxx
        let intercept = meanY - slope * meanX
        self.exponent = slope
        self.logIntercept = intercept
        self.points = data.count
        self.exponentInterval = Self.interval(
            slope: slope, sxx: sxx, residuals: zip(xs, ys).map { $1 - (intercept + slope * $0) })
    }

    private static func interval(slope: Double, sxx: Double, residuals: [Double]) -> Interval? {
        let freedom = residuals.count - 2
        guard freedom >= 1 else { return nil }
        let variance = residuals.reduce(0) { $0 + $1 * $1 } / Double(freedom)
        let margin = StudentT.critical95(degreesOfFreedom: freedom) * (variance / sxx).squareRoot()
        return Interval(low: slope - margin, high: slope + margin)
    }
}
