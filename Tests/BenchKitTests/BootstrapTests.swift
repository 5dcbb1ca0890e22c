import Foundation
import Testing

@testable import BenchKit

/// Bootstrap intervals and log-log scaling fits on distributions with known answers.
@Suite struct BootstrapTests {
    /// Normal samples by Box-Muller from a seeded generator.
    static func normal(count: Int, mean: Double, deviation: Double, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let u1 = Double(generator.next() >> 11) / Double(1 << 53) + 1e-300
            let u2 = Double(generator.next() >> 11) / Double(1 << 53)
            return mean + deviation * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        }
    }

    @Test("the median interval of N(100, 10) covers 100 and is narrow")
    func medianIntervalOfNormal() {
        let samples = Self.normal(count: 2_001, mean: 100, deviation: 10, seed: 7)
        let interval = Bootstrap.medianInterval(samples, seed: 3)
        #expect(interval.contains(100))
        // Standard error of the median is about 1.25 * 10 / sqrt(2001) = 0.28.
        #expect(interval.high - interval.low < 2)
        #expect(interval.high - interval.low > 0.2)
    }

    @Test("the same seed gives the same interval")
    func seeded() {
        let samples = Self.normal(count: 101, mean: 5, deviation: 1, seed: 1)
        #expect(
            Bootstrap.medianInterval(samples, seed: 9) == Bootstrap.medianInterval(samples, seed: 9)
        )
        #expect(
            Bootstrap.medianInterval(samples, seed: 9)
                != Bootstrap.medianInterval(samples, seed: 10))
    }

    @Test("a configuration twice as slow has a ratio of 2")
    func ratioOfMedians() throws {
        let base = Self.normal(count: 200, mean: 50, deviation: 2, seed: 11)
        let slower = Self.normal(count: 200, mean: 100, deviation: 4, seed: 12)
        let (ratio, interval) = try #require(Bootstrap.ratioOfMedians(slower, base, seed: 5))
        #expect(abs(ratio - 2) < 0.05)
        #expect(interval.contains(ratio))
        #expect(interval.low > 1.9 && interval.high < 2.1)
        #expect(Bootstrap.ratioOfMedians([1, 2], [0, 0, 0], seed: 1) == nil)
    }

    @Test("an exact power law gives its exponent")
    func exactPowerLaw() throws {
        let points = [10.0, 100, 1_000].map { (size: $0, value: 3 * $0 * $0) }
        let fit = try #require(ScalingFit(points: points))
        #expect(abs(fit.exponent - 2) < 1e-9)
        #expect(abs(fit.logIntercept - log(3)) < 1e-9)
        let interval = try #require(fit.exponentInterval)
        #expect(interval.contains(2) && interval.high - interval.low < 1e-6)
    }

    @Test("a noisy linear cost has an exponent interval around 1")
    func noisyLinear() throws {
        let noise = Self.normal(count: 60, mean: 1, deviation: 0.05, seed: 21)
        let sizes = [10_000.0, 100_000, 1_000_000]
        let points = noise.enumerated().map { index, factor in
            (size: sizes[index % 3], value: 40 * sizes[index % 3] * factor)
        }
        let fit = try #require(ScalingFit(points: points))
        let interval = try #require(fit.exponentInterval)
        #expect(interval.contains(1))
        #expect(interval.high - interval.low < 0.1)
        #expect(fit.points == 60)
    }

    @Test("no fit without two sizes or with non-positive values")
    func noFit() {
        #expect(ScalingFit(points: [(size: 10, value: 1), (size: 10, value: 2)]) == nil)
        #expect(ScalingFit(points: [(size: 10, value: 1), (size: 100, value: 0)]) == nil)
        #expect(
            ScalingFit(points: [(size: 10, value: 1), (size: 100, value: 10)])?.exponentInterval
                == nil)
    }
}
