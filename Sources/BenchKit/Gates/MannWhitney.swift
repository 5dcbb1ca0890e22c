import Foundation

/// The Mann-Whitney U test of two independent samples: does one tend to be larger?
///
/// Two-sided p-value from the normal approximation with tie correction and continuity
/// correction, adequate from about 8 samples a side; the effect size is the
/// probability that a draw from `current` exceeds one from `baseline` (ties count
/// half), 0.5 meaning no effect. Cost: one sort of both samples.
public struct MannWhitney: Hashable, Sendable {
    /// U of `current` (how often a current sample beats a baseline one).
    public let u: Double
    /// Two-sided p-value.
    public let pValue: Double
    /// P(current > baseline) + P(equal) / 2.
    public let probabilityOfSuperiority: Double

    /// Tests `current` against `baseline`; both must be non-empty.
    public init(baseline: [Double], current: [Double]) {
        let n1 = Double(current.count)
        let n2 = Double(baseline.count)
        let pooled = (current.map { ($0, true) } + baseline.map { ($0, false) }).sorted {
            $0.0 < $1.0
        }
        var rankSum = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end + 2) / 2
            let ties = Double(end - start + 1)
            tieTerm += ties * ties * ties - ties
            rankSum += rank * Double(pooled[start...end].filter(\.1).count)
            start = end + 1
        }
        u = rankSum - n1 * (n1 + 1) / 2
        probabilityOfSuperiority = u / (n1 * n2)
        let n = n1 + n2
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else {
            pValue = 1
            return
        }
        let distance = max(abs(u - n1 * n2 / 2) - 0.5, 0)
        pValue = min(1, erfc(distance / variance.squareRoot() / 2.squareRoot()))
    }
}
