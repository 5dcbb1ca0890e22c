import Testing

@testable import BenchKit

/// Descriptive statistics against values computed by hand (and by numpy's defaults).
@Suite struct StatisticsTests {
    let oneToTen = (1...10).map(Double.init)

    @Test("location and spread of 1...10")
    func oneToTenStatistics() throws {
        #expect(Statistics.median(oneToTen) == 5.5)
        #expect(Statistics.mean(oneToTen) == 5.5)
        #expect(abs(Statistics.standardDeviation(oneToTen) - 3.0276503540974917) < 1e-12)
        #expect(Statistics.medianAbsoluteDeviation(oneToTen) == 2.5)
        let cv = try #require(Statistics.coefficientOfVariation(oneToTen))
        #expect(abs(cv - 0.5504818825631803) < 1e-12)
    }

    @Test("type-7 quantiles interpolate between order statistics")
    func quantiles() {
        #expect(abs(Statistics.quantile(oneToTen, 0.9) - 9.1) < 1e-12)
        #expect(abs(Statistics.quantile(oneToTen, 0.99) - 9.91) < 1e-12)
        #expect(Statistics.quantile(oneToTen, 0) == 1)
        #expect(Statistics.quantile(oneToTen, 1) == 10)
        #expect(Statistics.quantile([4, 1, 3, 2], 0.5) == 2.5)
        #expect(Statistics.quantile([7], 0.99) == 7)
    }

    @Test("degenerate samples")
    func degenerate() {
        #expect(Statistics.standardDeviation([3]) == 0)
        #expect(Statistics.coefficientOfVariation([0, 0, 0]) == nil)
        #expect(Statistics.medianAbsoluteDeviation([2, 2, 2]) == 0)
    }

    @Test("summary gathers every statistic")
    func summary() {
        let summary = Summary(samples: oneToTen.reversed(), seed: 1)
        #expect(summary.count == 10)
        #expect(summary.min == 1 && summary.max == 10)
        #expect(summary.median == 5.5 && summary.mean == 5.5)
        #expect(abs(summary.p90 - 9.1) < 1e-12)
        #expect(summary.medianAbsoluteDeviation == 2.5)
        #expect(summary.medianInterval.contains(5.5))
        #expect(summary.outliers == OutlierCounts(mild: 0, severe: 0))
    }

    @Test("Tukey fences separate mild from severe outliers")
    func outliers() {
        // Quartiles 3.25 and 7.75: inner fences -3.5 / 14.5, outer -10.25 / 21.25.
        let base = (1...9).map(Double.init)
        #expect(OutlierCounts(samples: base + [16]) == OutlierCounts(mild: 1, severe: 0))
        #expect(OutlierCounts(samples: base + [100]) == OutlierCounts(mild: 0, severe: 1))
        #expect(OutlierCounts(samples: base + [10]) == OutlierCounts(mild: 0, severe: 0))
    }

    @Test("t critical values at the table edges")
    func studentT() {
        #expect(StudentT.critical95(degreesOfFreedom: 1) == 12.706)
        #expect(StudentT.critical95(degreesOfFreedom: 30) == 2.042)
        #expect(StudentT.critical95(degreesOfFreedom: 10_000) == 1.960)
    }
}
