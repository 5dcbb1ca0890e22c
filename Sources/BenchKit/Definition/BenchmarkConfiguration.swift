/// One named configuration in a benchmark's matrix, with the settings it runs with.
///
/// Every configuration of a benchmark does the same logical work in a different way
/// (for example faulting versus prefetching); the runner checks that they all return
/// the same checksum. Settings are strings so they print and serialize as they are.
/// Cost: a name and a small dictionary.
public struct BenchmarkConfiguration: Hashable, Sendable, Codable {
    /// The stable name, such as `prefetching`; part of every result's key.
    public let name: String
    /// A one-line description for `bench list` and reports.
    public let summary: String
    /// Free-form settings the setup reads, such as `["batchSize": "20"]`.
    public let settings: [String: String]
    /// The largest size this configuration runs at, and why; above it the runner records
    /// the case as skipped with the reason instead of running it.
    public let sizeLimit: SizeLimit?

    /// The largest size a configuration can run at on one machine in reasonable time.
    public struct SizeLimit: Hashable, Sendable, Codable {
        /// The largest size run.
        public let largest: Int
        /// Why larger sizes are not run, with the cost that rules them out.
        public let reason: String

        /// Makes a limit.
        public init(largest: Int, reason: String) {
            self.largest = largest
            self.reason = reason
        }
    }

    /// Makes a configuration.
    /// - Parameters:
    ///   - name: Stable name; letters, digits, `-`, `_` and `.` read best.
    ///   - summary: One line for listings.
    ///   - settings: Values the benchmark's setup reads.
    ///   - sizeLimit: The largest size to run at and why; nil runs every size.
    public init(
        _ name: String, summary: String = "", settings: [String: String] = [:],
        sizeLimit: SizeLimit? = nil
    ) {
        precondition(!name.isEmpty, "a configuration needs a name")
        self.name = name
        self.summary = summary
        self.settings = settings
        self.sizeLimit = sizeLimit
    }

    /// Whether the configuration runs at `size`.
    public func runs(at size: Int) -> Bool {
        sizeLimit.map { size <= $0.largest } ?? true
    }

    /// The setting `key` as an integer; nil when missing or not a number.
    public func integer(_ key: String) -> Int? {
        settings[key].flatMap { Int($0) }
    }

    /// The setting `key` as a Boolean (`true`/`false`, `yes`/`no`, `1`/`0`).
    public func flag(_ key: String) -> Bool {
        guard let value = settings[key]?.lowercased() else { return false }
        return ["true", "yes", "1"].contains(value)
    }
}
