import Foundation

/// Maps data values to SVG coordinates on a linear or logarithmic axis, and picks
/// readable ticks: 1-2-5 steps on a linear axis, decades (with 2 and 5 between them
/// when the axis spans few decades) on a log axis.
///
/// Cost: arithmetic only.
struct ChartScale {
    /// Linear or logarithmic.
    enum Kind {
        case linear, log
    }

    let kind: Kind
    /// The data range the axis covers, already widened to round tick values.
    let domain: ClosedRange<Double>
    /// The pixel range it maps to (may run high to low for a y axis).
    let pixels: (start: Double, end: Double)

    /// An axis covering `values` (non-positive values are ignored on a log axis).
    /// - Parameter hugsData: On a log axis, end a quarter step beyond the data instead
    ///   of at whole decades, so points do not sit on the frame (for x axes).
    init(
        kind: Kind, values: [Double], pixels: (start: Double, end: Double),
        hugsData: Bool = false
    ) {
        self.kind = kind
        self.pixels = pixels
        switch kind {
        case .linear: domain = Self.linearDomain(values)
        case .log: domain = hugsData ? Self.paddedDomain(values) : Self.logDomain(values)
        }
    }

    /// Log when the positive values span more than `ratio` (default 20x), else linear.
    static func suitableKind(for values: [Double], ratio: Double = 20) -> Kind {
        let positive = values.filter { $0 > 0 }
        guard let low = positive.min(), let high = positive.max() else { return .linear }
        return high / low > ratio ? .log : .linear
    }

    /// The pixel coordinate of `value`, clamped to the axis.
    func position(_ value: Double) -> Double {
        var fraction: Double
        switch kind {
        case .linear:
            fraction = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
            if !fraction.isFinite {
                // A span past Double's range (-1e308 to 1e308): halve before subtracting.
                fraction =
                    (value / 2 - domain.lowerBound / 2)
                    / (domain.upperBound / 2 - domain.lowerBound / 2)
            }
        case .log:
            let clamped = max(value, domain.lowerBound)
            fraction =
                log10(clamped / domain.lowerBound) / log10(domain.upperBound / domain.lowerBound)
            if !fraction.isFinite {
                // Ratios past Double's range (5e-324 to 1e308): subtract the logarithms.
                fraction =
                    (log10(clamped) - log10(domain.lowerBound))
                    / (log10(domain.upperBound) - log10(domain.lowerBound))
            }
        }
        let bounded = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return pixels.start + bounded * (pixels.end - pixels.start)
    }

    /// Tick values inside the domain.
    var ticks: [Double] {
        let all: [Double]
        switch kind {
        case .linear: all = linearTicks()
        case .log: all = logTicks()
        }
        return all.filter(\.isFinite)
    }

    private func linearTicks() -> [Double] {
        let step = Self.niceStep((domain.upperBound - domain.lowerBound) / 5)
        let first = (domain.lowerBound / step).rounded(.up) * step
        // Values near Double's limits (from a hand-edited file) overflow the arithmetic:
        // then only the ends are ticked, rather than striding forever.
        let count = (domain.upperBound - first) / step
        guard count.isFinite, count <= 100, step.isFinite, step > 0 else {
            return [domain.lowerBound, domain.upperBound].filter(\.isFinite)
        }
        return stride(from: first, through: domain.upperBound + step / 1e6, by: step).map { $0 }
    }

    private func logTicks() -> [Double] {
        // Domains are kept finite and positive (`finitePositive`), so the logarithms are
        // finite and the exponents fit an Int; the guard keeps that true for any domain.
        let lowLog = log10(domain.lowerBound).rounded(.down)
        let highLog = log10(domain.upperBound).rounded(.up)
        guard lowLog.isFinite, highLog.isFinite, lowLog <= highLog else {
            return [domain.lowerBound, domain.upperBound].filter { $0.isFinite && $0 > 0 }
        }
        let low = Int(lowLog)
        let high = Int(highLog)
        let decades = log10(domain.upperBound / domain.lowerBound)
        let multipliers: [Double] = decades <= 2.01 ? [1, 2, 5] : [1]
        // Hundreds of decades (values near Double's limits) would crowd the axis: tick
        // every n-th decade so at most about 20 remain.
        let every = max(1, (high - low + 19) / 20)
        let all = stride(from: low, through: high, by: every).flatMap { exponent in
            multipliers.map { $0 * pow(10, Double(exponent)) }
        }
        return all.filter {
            $0.isFinite && $0 > 0 && (domain.contains($0 * 0.999_999) || domain.contains($0))
        }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let power = pow(10, log10(raw).rounded(.down))
        let fraction = raw / power
        let nice: Double = fraction <= 1 ? 1 : (fraction <= 2 ? 2 : (fraction <= 5 ? 5 : 10))
        return nice * power
    }

    private static func linearDomain(_ values: [Double]) -> ClosedRange<Double> {
        let finite = values.filter(\.isFinite)
        let high = finite.max() ?? 1
        let low = min(finite.min() ?? 0, 0)
        guard high > low else { return low...(low + 1) }
        // A span past Double's range (-1e308 to 1e308) is divided before subtracting.
        let span = high - low
        let step = niceStep(span.isFinite ? span / 5 : high / 5 - low / 5)
        let bottom = (low / step).rounded(.down) * step
        let top = (high / step).rounded(.up) * step
        guard bottom.isFinite, top.isFinite, bottom < top else { return low...high }
        return bottom...top
    }

    private static func paddedDomain(_ values: [Double]) -> ClosedRange<Double> {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let low = positive.min(), let high = positive.max(), high > low else {
            return logDomain(values)
        }
        let margin = pow(high / low, 0.06)
        return finitePositive(low / margin, high * margin)
    }

    private static func logDomain(_ values: [Double]) -> ClosedRange<Double> {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let low = positive.min(), let high = positive.max() else { return 1...10 }
        let bottom = pow(10, log10(low).rounded(.down))
        let top = pow(10, log10(high).rounded(.up))
        return finitePositive(bottom, top > bottom ? top : bottom * 10)
    }

    /// `low...high` moved inside Double's finite positive range: values near its limits
    /// (1e308, 5e-324 from a hand-edited file) widen a domain past it, to infinity or
    /// zero, whose logarithms have no ticks and no pixel position.
    private static func finitePositive(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        let smallest = Double.leastNonzeroMagnitude
        let largest = Double.greatestFiniteMagnitude
        let bottom = low.isNaN ? smallest : min(max(low, smallest), largest)
        let top = high.isNaN ? largest : min(max(high, bottom), largest)
        guard top > bottom else {
            return bottom < largest ? bottom...largest : (largest / 10)...largest
        }
        return bottom...top
    }
}
