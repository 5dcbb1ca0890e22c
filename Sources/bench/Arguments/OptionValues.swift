import BenchKit
import Foundation
import Workloads

/// The parsers options are declared with: each turns an option's text into a typed
/// value, or an ``OptionValueError`` naming the option and what it expects.
///
/// Shared by the subcommands, so every option of a kind accepts the same spellings.
/// Each is `(text, option) throws -> Value`, the shape ``ValueOption`` takes.
enum OptionValues {
    /// A whole number >= `minimum`.
    static func integer(minimum: Int) -> @Sendable (String, String) throws(OptionValueError) -> Int
    {
        { text, option throws(OptionValueError) in
            guard let value = Int(text), value >= minimum else {
                throw OptionValueError(
                    "invalid value '\(text)' for \(option): expected a whole number >= \(minimum)")
            }
            return value
        }
    }

    /// An unsigned 64-bit seed.
    static func seed(_ text: String, _ option: String) throws(OptionValueError) -> UInt64 {
        guard let value = UInt64(text) else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): expected a whole number >= 0")
        }
        return value
    }

    /// The longest duration accepted: a day, far beyond any budget per case, and small
    /// enough that nanoseconds times any worker count stay inside 64 bits.
    static let longestDuration = 86_400.0

    /// A duration in seconds: `2`, `1.5s`, `500ms` or `2m`; positive, at most a day.
    static func duration(_ text: String, _ option: String) throws(OptionValueError) -> Double {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let number = Double(text.dropLast(unit.suffix.count)), number > 0,
            number * unit.seconds <= longestDuration
        else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): expected a duration like 2s, 500ms "
                    + "or 1m, at most 24h (86400s)")
        }
        return number * unit.seconds
    }

    /// A comma-separated list of sizes such as `10k,100k,1m`, duplicates dropped, each
    /// read by `DatasetKey.parseSize` (the parser of ``datasetSize(_:_:)``, with its cap).
    static func sizes(_ text: String, _ option: String) throws(OptionValueError) -> [Int] {
        var sizes: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let size = try? DatasetKey.parseSize(String(item)) else {
                throw OptionValueError(
                    "invalid size '\(item)' in \(option): expected whole numbers of records "
                        + "like 10000, 10k, 2.5k or 1m, from 1 to 1000m")
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    /// One dataset size such as `10k` (`DatasetKey.parseSize`).
    static func datasetSize(_ text: String, _ option: String) throws(OptionValueError) -> Int {
        do {
            return try DatasetKey.parseSize(text)
        } catch {
            throw OptionValueError("\(error)")
        }
    }

    /// A dataset schema by name.
    static func schema(_ text: String, _ option: String) throws(OptionValueError)
        -> DatasetSchema
    {
        do {
            return try DatasetSchema.named(text)
        } catch {
            throw OptionValueError("\(error)")
        }
    }

    /// A shard `i/n` with 1 <= i <= n, `auto` / `auto/n` (the CI's variables), or a
    /// bare `i` >= 1 (a shard of `--shard-plan`'s plan, which gives the count).
    static func shard(_ text: String, _ option: String) throws(OptionValueError) -> ShardChoice {
        if text == "auto" { return .auto(total: nil) }
        if let index = Int(text), index >= 1, text.allSatisfy(\.isASCII) { return .index(index) }
        if text.hasPrefix("auto/"), let total = Int(text.dropFirst(5)), total >= 1 {
            return .auto(total: total)
        }
        guard let shard = Shard(parsing: text) else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): expected i/n with 1 <= i <= n, like "
                    + "1/4, auto (auto/n for a Kubernetes Indexed Job), or i with --shard-plan")
        }
        return .fixed(shard)
    }

    /// A glob over `suite/scenario` IDs.
    static func glob(_ text: String, _ option: String) -> Glob {
        Glob(text)
    }

    /// A comma-separated list of names as given, empty items kept (checked where the
    /// names are known, such as suites against the catalogue).
    static func names(_ text: String, _ option: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// A path made absolute and standardized, so a process started elsewhere reads
    /// the same file.
    static func absolutePath(_ text: String, _ option: String) -> String {
        URL(fileURLWithPath: text).standardizedFileURL.path
    }

    /// A file name without `/` (a baseline's `--name`).
    static func fileName(_ text: String, _ option: String) throws(OptionValueError) -> String {
        guard !text.contains("/") else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): expected a file name without '/' "
                    + "(the baseline is written as DIR/NAME.json)")
        }
        return text
    }

    /// One of `T`'s cases, by raw value (for enumerations such as `--profile`).
    static func choice<T: RawRepresentable & CaseIterable & SendableMetatype>(_ type: T.Type)
        -> @Sendable (String, String) throws(OptionValueError) -> T where T.RawValue == String
    {
        { text, option throws(OptionValueError) in
            guard let value = T(rawValue: text) else {
                let names = T.allCases.map(\.rawValue).joined(separator: ", ")
                throw OptionValueError(
                    "invalid value '\(text)' for \(option): expected one of \(names)")
            }
            return value
        }
    }

    /// A comma-separated list of `T`'s cases, duplicates dropped.
    static func choices<T: RawRepresentable & CaseIterable & Equatable & SendableMetatype>(
        _ type: T.Type
    )
        -> @Sendable (String, String) throws(OptionValueError) -> [T] where T.RawValue == String
    {
        { text, option throws(OptionValueError) in
            var values: [T] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let value = try choice(type)(String(item), option)
                if !values.contains(value) { values.append(value) }
            }
            return values
        }
    }
}

/// What `--shard` says: a shard given, or `auto` (the CI's variables, with the count
/// given for CIs that have none).
enum ShardChoice: Equatable, Sendable {
    case fixed(Shard)
    case auto(total: Int?)
    /// `i` alone: shard i of the `--shard-plan` file's plan.
    case index(Int)
}
