import BenchKit
import Workloads

/// Turns option values into typed values, or a ``UsageError`` naming the option.
///
/// One function per kind of value, shared by the subcommands so every option of a
/// kind accepts the same spellings.
struct ValueParsers {
    /// The usage line quoted in errors.
    let usage: String

    /// A whole number >= `minimum`.
    func integer(_ text: String, option: String, minimum: Int) throws(UsageError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw fail(
                "invalid value '\(text)' for \(option): expected a whole number >= \(minimum)")
        }
        return value
    }

    /// An unsigned 64-bit seed.
    func seed(_ text: String) throws(UsageError) -> UInt64 {
        guard let value = UInt64(text) else {
            throw fail("invalid value '\(text)' for --seed: expected a whole number >= 0")
        }
        return value
    }

    /// The longest duration accepted: a day, far beyond any budget per case, and small
    /// enough that nanoseconds times any worker count stay inside 64 bits.
    static let longestDuration = 86_400.0

    /// A duration in seconds: `2`, `1.5s`, `500ms` or `2m`; positive, at most a day.
    func duration(_ text: String, option: String) throws(UsageError) -> Double {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let number = Double(text.dropLast(unit.suffix.count)), number > 0,
            number * unit.seconds <= Self.longestDuration
        else {
            throw fail(
                "invalid value '\(text)' for \(option): expected a duration like 2s, 500ms "
                    + "or 1m, at most 24h (86400s)")
        }
        return number * unit.seconds
    }

    /// A comma-separated list of sizes such as `10k,100k,1m`, each read by
    /// `DatasetKey.parseSize` (the parser `generate` and `explain` use, with its cap).
    func sizes(_ text: String) throws(UsageError) -> [Int] {
        var sizes: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let size = try? DatasetKey.parseSize(String(item)) else {
                throw fail(
                    "invalid size '\(item)' in --sizes: expected whole numbers of records like "
                        + "10000, 10k, 2.5k or 1m, from 1 to 1000m")
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    /// A shard `i/n` with 1 <= i <= n.
    func shard(_ text: String) throws(UsageError) -> Shard {
        guard let shard = Shard(parsing: text) else {
            throw fail(
                "invalid value '\(text)' for --shard: expected i/n with 1 <= i <= n, like 1/4")
        }
        return shard
    }

    /// One of `choices` (for enumerations such as `--profile`).
    func choice<T: RawRepresentable & CaseIterable>(
        _ text: String, option: String, as type: T.Type
    ) throws(UsageError) -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail("invalid value '\(text)' for \(option): expected one of \(names)")
        }
        return value
    }

    /// A comma-separated list of choices, duplicates dropped.
    func choices<T: RawRepresentable & CaseIterable & Equatable>(
        _ text: String, option: String, as type: T.Type
    ) throws(UsageError) -> [T] where T.RawValue == String {
        var values: [T] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let value = try choice(String(item), option: option, as: type)
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    private func fail(_ message: String) -> UsageError {
        UsageError(message: message, usage: usage)
    }
}
