/// One configuration in a scenario's matrix, as the harness sees it: a stable name, a
/// summary, whether it is the raw floor, and the largest size it runs at.
///
/// A scenario's ``BenchmarkVariant`` type makes these, one per case; the body never
/// reads them, it switches over the variant instead. Every configuration of a scenario
/// does the same logical work in a different way (faulting versus prefetching); the
/// runner checks that they all return the same checksum. Cost: two strings.
public struct BenchmarkConfiguration: Hashable, Sendable, Codable {
    /// The stable name, such as `prefetch-author`; part of every result's key, so
    /// baselines, `--filter`ed reports and SQL log file names depend on it.
    public let name: String
    /// A one-line description for `bench list`.
    public let summary: String
    /// Whether the configuration runs the code under test or the hand-written floor.
    public let kind: Kind
    /// The largest size this configuration runs at, and why; above it the runner records
    /// the case as skipped with the reason instead of running it. Set by the scenario's
    /// declaration (``BenchmarkScenario``'s `sizeLimits`), since the same variant can be
    /// cheap in one scenario and quadratic in another.
    public private(set) var sizeLimit: SizeLimit?
    /// The patterns this configuration exists to show (`fault-per-object` demonstrates
    /// ``FindingKind/nPlusOne``): the reports show its findings as expected, not as
    /// alarms, still with the measured fix.
    public let demonstrates: [FindingKind]

    /// What a configuration runs.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The code under test: for the engine suites, ObjectGraph.
        case subject
        /// The floor: the same work written by hand without the code under test (for the
        /// engine suites, SQL through SQLiteDB), so the subject has something to be
        /// measured against. Engine suites open no engine container for it.
        case raw
    }

    /// The name of a scenario's second floor, beside its minimal `raw` one: the
    /// statements of one engine configuration, exactly as the engine runs them, executed
    /// raw (docs/FLOOR.md). Reports split an engine configuration's ratio to the minimal
    /// floor at this one.
    public static let sameSQLFloorName = "raw-same-sql"

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
    ///   - kind: `.raw` for the hand-written floor; the code under test otherwise.
    ///   - demonstrates: The patterns the configuration is built to show.
    public init(
        _ name: String, summary: String, kind: Kind = .subject, demonstrates: [FindingKind] = []
    ) {
        precondition(!name.isEmpty, "a configuration needs a name")
        self.name = name
        self.summary = summary
        self.kind = kind
        self.demonstrates = demonstrates
    }

    /// Whether the configuration runs at `size`.
    public func runs(at size: Int) -> Bool {
        sizeLimit.map { size <= $0.largest } ?? true
    }

    /// This configuration with `limit` as its largest size (nil: every size).
    func limited(to limit: SizeLimit?) -> BenchmarkConfiguration {
        var limited = self
        limited.sizeLimit = limit
        return limited
    }
}
