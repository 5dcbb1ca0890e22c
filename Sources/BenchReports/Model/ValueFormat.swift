import BenchKit
import Foundation

/// Numbers as reports print them: `1.23 ms`, `45.6 MB`, `1,234`, `2.6x`.
///
/// Cost: string formatting only.
enum ValueFormat {
    /// A value in its unit.
    static func value(_ value: Double, unit: MetricUnit) -> String {
        switch unit {
        case .nanoseconds: duration(value)
        case .bytes: bytes(value)
        case .count: count(value)
        }
    }

    /// `812 ns`, `3.41 µs`, `12.3 ms`, `1.52 s`.
    static func duration(_ nanoseconds: Double) -> String {
        scaled(nanoseconds, steps: [(1e3, 1, "ns"), (1e6, 1e3, "µs"), (1e9, 1e6, "ms")], last: "s")
    }

    /// `512 B`, `3.2 KB`, `45.6 MB`, `1.20 GB` (powers of 1000).
    static func bytes(_ value: Double) -> String {
        scaled(value, steps: [(1e3, 1, "B"), (1e6, 1e3, "KB"), (1e9, 1e6, "MB")], last: "GB")
    }

    /// A count with thousands separators; fractions keep two significant decimals.
    static func count(_ value: Double) -> String {
        guard value == value.rounded() else { return significant(value) }
        // Beyond 10^15 digits stop meaning anything (and Int64 ends at 9.2e18).
        guard abs(value) < 1e15 else { return String(format: "%.3g", value) }
        let digits = String(Int64(abs(value)))
        var grouped = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + String(grouped.reversed())
    }

    /// A whole count and its noun, singular for one: `1 statement`, `1,001 statements`.
    /// `noun` is the singular; the plural adds an s.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(count(Double(value))) \(noun)\(value == 1 ? "" : "s")"
    }

    /// An axis tick: like ``value(_:unit:)`` without trailing zeros (`1 ms`, `2.5 KB`).
    /// Counts of a million or more shorten to `250M`, `1.5G`, so long labels do not run
    /// into the axis title.
    static func tick(_ value: Double, unit: MetricUnit) -> String {
        guard unit == .count, abs(value) >= 1e6 else {
            return withoutTrailingZeros(self.value(value, unit: unit))
        }
        return withoutTrailingZeros(scaled(value, steps: [(1e9, 1e6, "M")], last: "G"))
            .replacingOccurrences(of: " ", with: "")
    }

    /// `2.50 ms` as `2.5 ms`, `3.00 KB` as `3 KB`.
    private static func withoutTrailingZeros(_ text: String) -> String {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard let number = parts.first, number.contains(".") else { return text }
        var trimmed = String(number)
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return ([trimmed] + parts.dropFirst().map(String.init)).joined(separator: " ")
    }

    /// A ratio: `2.6x`, `38x`, `0.95x`.
    static func ratio(_ value: Double) -> String {
        significant(value) + "x"
    }

    /// A percentage from a fraction: `4.2%`.
    static func percent(_ fraction: Double) -> String {
        significant(fraction * 100) + "%"
    }

    /// Two or three significant digits: `2.63`, `26.3`, `263`.
    static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : (magnitude >= 10 ? 1 : 2)
        return String(format: "%.\(decimals)f", value)
    }

    private static func scaled(
        _ value: Double, steps: [(limit: Double, divisor: Double, unit: String)], last: String
    ) -> String {
        for step in steps where abs(value) < step.limit {
            return significant(value / step.divisor) + " " + step.unit
        }
        return significant(value / (steps.last!.limit)) + " " + last
    }
}
