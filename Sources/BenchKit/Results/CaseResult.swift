/// Everything measured for one case: raw samples and statistics of every metric, the
/// checksum, iteration counts and errors.
///
/// Cost: every raw sample of the case.
public struct CaseResult: Hashable, Sendable, Codable {
    /// Which case.
    public let key: CaseKey
    /// Whether it passed, failed or was cut short.
    public let status: CaseStatus
    /// The body's checksum as `0x` and 16 hex digits (a string so JSON readers that use
    /// doubles keep every bit); nil when no iteration completed.
    public let checksum: String?
    /// Iterations completed, by kind (`warmup`, `timed`, `instrumented`).
    public let iterations: [String: Int]
    /// One entry per metric, timed metrics first.
    public let metrics: [MetricResult]
    /// What went wrong, one line each, or why a skipped case was not run; empty when the
    /// case passed.
    public let errors: [String]
    /// The SQL of the last instrumented iteration, when the suite traced it.
    public let sqlTrace: SQLTrace?
    /// The SQL log of the first instrumented iteration, when the suite traced it.
    /// In memory only: `bench run` writes it to `sql/…log`, and `results.json` keeps
    /// just ``sqlLogLineCount`` (up to 2,000 lines per case would bloat it), so this
    /// is nil in results read from a file.
    public private(set) var sqlLog: SQLLog? = nil
    /// How many lines the case's SQL log had (kept or not): in `results.json`, so a
    /// re-rendered report knows which cases have a log file.
    public let sqlLogLineCount: Int?
    /// What the configuration runs: the code under test or the hand-written floor, as the
    /// declaration says (the runner records it), so reports find the floor by kind,
    /// never by name. Nil in results written before it was recorded.
    public private(set) var configurationKind: BenchmarkConfiguration.Kind? = nil
    /// The patterns the configuration was declared to demonstrate
    /// (``BenchmarkConfiguration/demonstrates``); nil when none.
    public private(set) var demonstrates: [FindingKind]? = nil
    /// Wall-clock time of the case's group (workers started, datasets prepared, every
    /// iteration of every configuration) divided by the configurations that ran: what
    /// `bench plan` and `--shard-costs` balance shards by. Nil in results written
    /// before it was recorded and for skipped cases.
    public private(set) var elapsedNanoseconds: UInt64? = nil
    /// What the projection audit saw (``FetchProjection``), from the case's audit
    /// iteration; nil when the case was not audited (raw configurations, suites
    /// without an engine trace, results written before audits).
    public private(set) var projections: [FetchProjection]? = nil

    /// Makes a result.
    public init(
        key: CaseKey, status: CaseStatus, checksum: String?, iterations: [String: Int],
        metrics: [MetricResult], errors: [String], sqlTrace: SQLTrace? = nil,
        sqlLog: SQLLog? = nil
    ) {
        self.key = key
        self.status = status
        self.checksum = checksum
        self.iterations = iterations
        self.metrics = metrics
        self.errors = errors
        self.sqlTrace = sqlTrace
        self.sqlLog = sqlLog
        self.sqlLogLineCount = sqlLog?.totalLineCount
    }

    /// Every field but ``sqlLog``.
    private enum CodingKeys: String, CodingKey {
        case key, status, checksum, iterations, metrics, errors, sqlTrace, sqlLogLineCount
        case configurationKind, demonstrates, elapsedNanoseconds, projections
    }

    /// The result with its projection audit recorded (nil or empty: none).
    public func recording(projections: [FetchProjection]?) -> CaseResult {
        var copy = self
        copy.projections = projections?.isEmpty == false ? projections : nil
        return copy
    }

    /// The result with the configuration's kind, and the patterns it demonstrates,
    /// recorded.
    public func recording(
        kind: BenchmarkConfiguration.Kind, demonstrates: [FindingKind] = []
    ) -> CaseResult {
        var copy = self
        copy.configurationKind = kind
        copy.demonstrates = demonstrates.isEmpty ? nil : demonstrates
        return copy
    }

    /// The result with its share of the group's wall-clock time recorded.
    public func recording(elapsedNanoseconds: UInt64) -> CaseResult {
        var copy = self
        copy.elapsedNanoseconds = elapsedNanoseconds
        return copy
    }

    /// The result for `metric`, if measured.
    public func metric(_ metric: Metric) -> MetricResult? {
        metrics.first { $0.metric == metric }
    }

    /// The result of the metric named `name`, if measured.
    public func metric(named name: String) -> MetricResult? {
        metrics.first { $0.metric.name == name }
    }

    /// `0x` and 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// How a case ended.
public enum CaseStatus: String, Hashable, Sendable, Codable {
    /// Every planned iteration ran.
    case passed
    /// Setup, an iteration or the worker process failed; see the errors.
    case failed
    /// The run was stopped (Ctrl-C) while the case ran; samples are incomplete.
    case interrupted
    /// Not run: the size is above the configuration's ``BenchmarkConfiguration/sizeLimit``,
    /// or the setup found nothing to measure (``CaseNotRun``); the reason is in the
    /// errors. Does not fail the run.
    case skipped
}
