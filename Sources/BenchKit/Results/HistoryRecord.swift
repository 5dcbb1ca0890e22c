import Foundation

/// One run, compacted for a history file: when, which commit, on what machine, and
/// each case's medians and elapsed time.
///
/// `bench history add` appends one per run to an NDJSON file (one record a line,
/// ``HistoryFile``); `bench report --history FILE` draws a trend per case from them
/// and marks where the environment changed, since a step there is the machine's, not
/// the code's. Cost: one median per metric per case (about 1 KB a case).
public struct HistoryRecord: Hashable, Sendable, Codable {
    /// Changes when a field changes meaning; readers skip records of another version.
    public static let currentSchemaVersion = 1

    /// The record's schema version.
    public var schemaVersion: Int
    /// The run's `git rev-parse HEAD`, when known.
    public var commit: String?
    /// When the run started.
    public var date: Date
    /// The run's label (suites, shard).
    public var label: String
    /// The machine and toolchain in one line (``environmentFingerprint(_:)``).
    public var environment: String
    /// Passed cases with their medians, by metric name.
    public var cases: [HistoryCase]

    /// The record of `results`: passed cases only, every metric's median.
    public init(results: RunResults) {
        schemaVersion = Self.currentSchemaVersion
        commit = results.gitCommit
        date = results.startedAt
        label = results.label
        environment = Self.environmentFingerprint(results.environment)
        cases = results.cases.filter { $0.status == .passed }.map { result in
            HistoryCase(
                key: result.key,
                medians: Dictionary(
                    result.metrics.map { ($0.metric.name, $0.summary.median) }
                ) { a, _ in a },
                elapsedNanoseconds: result.elapsedNanoseconds)
        }
    }

    /// What makes runs comparable: CPU, cores, kernel, Swift, SQLite, build and
    /// allocator. The host name is left out (CI runners change name, not hardware).
    public static func environmentFingerprint(_ environment: RunEnvironment) -> String {
        [
            environment.cpuModel, "\(environment.cores) cores", environment.kernel,
            "Swift \(environment.swiftVersion)", "SQLite \(environment.sqliteVersion ?? "?")",
            environment.buildConfiguration, environment.allocator,
        ].joined(separator: ", ")
    }
}

/// One case of a ``HistoryRecord``.
public struct HistoryCase: Hashable, Sendable, Codable {
    /// The case.
    public var key: CaseKey
    /// The median of each metric, by name.
    public var medians: [String: Double]
    /// The case's share of its group's wall-clock time
    /// (``CaseResult/elapsedNanoseconds``), what `bench plan --history` costs shards
    /// by; nil in records written before it was kept and for results without it.
    public var elapsedNanoseconds: UInt64?

    /// Makes a case.
    public init(key: CaseKey, medians: [String: Double], elapsedNanoseconds: UInt64? = nil) {
        self.key = key
        self.medians = medians
        self.elapsedNanoseconds = elapsedNanoseconds
    }
}
