import Foundation
import Testing

@testable import BenchKit

/// The minimum detectable effect: the normal quantiles it rests on, and a simulation
/// showing a shift of that size is caught about 80% of the time.
@Suite struct DetectableChangeTests {
    /// `count` normal samples of mean `mean` and standard deviation `sd` (Box-Muller).
    static func normal(_ count: Int, mean: Double, sd: Double, _ generator: inout SplitMix64)
        -> [Double]
    {
        (0..<count).map { _ in
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            return mean + sd * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        }
    }

    static func summary(_ samples: [Double]) -> Summary {
        MetricResult(metric: .wallTime, samples: samples, seed: 1).summary
    }

    @Test("normal quantiles match the tables")
    func quantiles() {
        #expect(abs(DetectableChange.normalQuantile(0.975) - 1.959964) < 1e-6)
        #expect(abs(DetectableChange.normalQuantile(0.8) - 0.841621) < 1e-6)
        #expect(abs(DetectableChange.normalQuantile(0.5)) < 1e-9)
    }

    @Test("a shift of the detectable size is significant in about 80% of trials")
    func power() throws {
        var generator = SplitMix64(seed: 7)
        let n = 20
        let reference = Self.normal(n, mean: 100, sd: 5, &generator)
        let effect = try #require(
            DetectableChange.relative(
                baseline: Self.summary(reference), current: Self.summary(reference),
                confidence: 0.95))
        var caught = 0
        let trials = 400
        for _ in 0..<trials {
            let before = Self.normal(n, mean: 100, sd: 5, &generator)
            let after = Self.normal(n, mean: 100 * (1 + effect), sd: 5, &generator)
            if MannWhitney(baseline: before, current: after).pValue < 0.05 { caught += 1 }
        }
        let rate = Double(caught) / Double(trials)
        #expect(rate > 0.7 && rate < 0.92, "caught \(rate) at an effect of \(effect)")
    }

    @Test("fewer than two samples a side leaves the effect unknown")
    func tooFew() {
        let one = Self.summary([5])
        #expect(
            DetectableChange.relative(
                baseline: one, current: Self.summary([5, 6]), confidence: 0.95)
                == nil)
    }
}
