import Foundation

/// Numbers as verdicts and findings print them (`1.23 ms`, `12,345`, `4.4x`), so the
/// terminal, `summary.md`, `index.html` and `findings.json` say the same thing.
///
/// Cost: string formatting only.
public enum DecisionFormat {
    /// `812 ns`, `3.41 µs`, `12.3 ms`, `1.52 s`.
    public static func duration(_ nanoseconds: Double) -> String {
        let steps: [(limit: Double, divisor: Double, unit: String)] = [
            (1e3, 1, "ns"), (1e6, 1e3, "µs"), (1e9, 1e6, "ms"), (.infinity, 1e9, "s"),
        ]
        let step = steps.first { abs(nanoseconds) < $0.limit } ?? steps[steps.count - 1]
        return significant(nanoseconds / step.divisor) + " " + step.unit
    }

    /// `512 B`, `3.2 KB`, `45.6 MB`, `1.20 GB` (powers of 1000).
    public static func bytes(_ value: Double) -> String {
        let steps: [(limit: Double, divisor: Double, unit: String)] = [
            (1e3, 1, "B"), (1e6, 1e3, "KB"), (1e9, 1e6, "MB"), (.infinity, 1e9, "GB"),
        ]
        let step = steps.first { abs(value) < $0.limit } ?? steps[steps.count - 1]
        return significant(value / step.divisor) + " " + step.unit
    }

    /// A whole count with thousands separators: `12,345`.
    public static func count(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.3g", value) }
        let rounded = Int(value.rounded())
        return (rounded < 0 ? "-" : "") + SQLLog.grouped(abs(rounded))
    }

    /// `2.6x`, `38x`, `0.95x`.
    public static func ratio(_ value: Double) -> String {
        significant(value) + "x"
    }

    /// Two or three significant digits: `2.63`, `26.3`, `263`.
    public static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : (magnitude >= 10 ? 1 : 2)
        return String(format: "%.\(decimals)f", value)
    }
}
