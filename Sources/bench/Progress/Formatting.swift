import BenchKit
import Foundation

/// Human-readable numbers for progress lines and the summary.
enum Formatting {
    /// A value in its metric's unit: `1.23 ms`, `45.6 MB`, `1,234`.
    static func value(_ value: Double, unit: MetricUnit) -> String {
        switch unit {
        case .nanoseconds: duration(nanoseconds: value)
        case .bytes: bytes(value)
        case .count: count(value)
        }
    }

    /// `812 ns`, `3.41 µs`, `12.3 ms`, `1.52 s`.
    static func duration(nanoseconds: Double) -> String {
        let steps: [(limit: Double, divisor: Double, unit: String)] = [
            (1e3, 1, "ns"), (1e6, 1e3, "µs"), (1e9, 1e6, "ms"), (.infinity, 1e9, "s"),
        ]
        let step = steps.first { abs(nanoseconds) < $0.limit }!
        return significant(nanoseconds / step.divisor) + " " + step.unit
    }

    /// `512 B`, `3.2 KB`, `45.6 MB`, `1.20 GB` (powers of 1000).
    static func bytes(_ value: Double) -> String {
        let steps: [(limit: Double, divisor: Double, unit: String)] = [
            (1e3, 1, "B"), (1e6, 1e3, "KB"), (1e9, 1e6, "MB"), (.infinity, 1e9, "GB"),
        ]
        let step = steps.first { abs(value) < $0.limit }!
        return significant(value / step.divisor) + " " + step.unit
    }

    /// A whole count with thousands separators.
    static func count(_ value: Double) -> String {
        // Beyond 10^15 digits stop meaning anything (and Int64 ends at 9.2e18).
        guard abs(value) < 1e15 else { return String(format: "%.3g", value) }
        let digits = String(Int64(value.rounded()))
        var grouped = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 && character != "-" { grouped.append(",") }
            grouped.append(character)
        }
        return String(grouped.reversed())
    }

    /// `m:ss` for progress timers.
    static func clock(seconds: Double) -> String {
        let total = Int(min(max(seconds, 0), 1e12).rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }

    private static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : (magnitude >= 10 ? 1 : 2)
        return String(format: "%.\(decimals)f", value)
    }
}
