import Foundation

/// The smallest change of a noisy metric's median a comparison could have detected:
/// its minimum detectable effect at the rule's confidence (two-sided) and 80% power.
///
/// Printed beside every noisy gate, so "no regression" is never read where the run
/// could not have seen one. With n samples a side and robust spread σ (1.4826 × MAD,
/// the standard deviation when the MAD is 0), the change is
/// (z₁₋α/₂ + z₀.₈) · √(σ_b²/n_b + σ_c²/n_c) · √(π/3) / median_b: the normal
/// approximation of a shift test, widened by √(π/3) for the Mann-Whitney test's
/// efficiency against a t test (3/π on normal data). Cost: a few arithmetic steps.
package enum DetectableChange {
    /// The power the effect is computed for.
    static let power = 0.8

    /// The relative change (0.05 = 5%) detectable between samples summarized as
    /// `baseline` and `current`; nil with fewer than 2 samples a side or a median of 0.
    static func relative(baseline: Summary, current: Summary, confidence: Double) -> Double? {
        guard baseline.count >= 2, current.count >= 2, baseline.median > 0 else { return nil }
        let variance =
            pow(spread(baseline), 2) / Double(baseline.count)
            + pow(spread(current), 2) / Double(current.count)
        let z = normalQuantile(1 - (1 - confidence) / 2) + normalQuantile(power)
        return z * variance.squareRoot() * (Double.pi / 3).squareRoot() / baseline.median
    }

    private static func spread(_ summary: Summary) -> Double {
        let robust = 1.4826 * summary.medianAbsoluteDeviation
        return robust > 0 ? robust : summary.standardDeviation
    }

    /// The standard normal quantile of `probability` (0 < p < 1), by bisection on
    /// `erfc`; accurate to about 1e-12.
    static func normalQuantile(_ probability: Double) -> Double {
        var (low, high) = (-10.0, 10.0)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if erfc(-middle / 2.squareRoot()) / 2 < probability {
                low = middle
            } else {
                high = middle
            }
        }
        return (low + high) / 2
    }
}
