/// Every execution of one statement fingerprint within a traced iteration.
///
/// The unit of the report's SQL panel and of N+1 detection: how often a shape of
/// statement ran, how long it took in total, how many rows it returned, a few of the
/// argument lists it was bound with and, when the suite asked SQLite, its query plan.
/// Cost: a few strings; at most ``maximumSamples`` argument lists.
public struct StatementGroup: Hashable, Sendable, Codable {
    /// How many argument lists are kept as samples.
    public static let maximumSamples = 5

    /// The normalized SQL (``SQLFingerprint``).
    public let fingerprint: String
    /// The statement's kind.
    public let kind: SQLStatementKind
    /// Executions.
    public var count: Int
    /// Time of all executions, in nanoseconds.
    public var totalNanoseconds: Double
    /// Rows returned (reads) or changed (writes), summed.
    public var rows: Int
    /// Up to ``maximumSamples`` distinct argument lists, values written as SQL literals.
    public var sampleArguments: [[String]]
    /// How many distinct argument lists were seen (counted up to 1,000).
    public var distinctArgumentLists: Int
    /// The query plan, when the suite recorded one.
    public var queryPlan: [QueryPlanStep]?
    /// Why the engine ran the group's first attributed execution, when it said so
    /// (nil for results written before causes were recorded).
    public var cause: StatementCause?
    /// How many executions ran under a cause.
    public var causedCount: Int?

    /// Makes an empty group for `fingerprint`.
    public init(fingerprint: String, kind: SQLStatementKind) {
        self.fingerprint = fingerprint
        self.kind = kind
        count = 0
        totalNanoseconds = 0
        rows = 0
        sampleArguments = []
        distinctArgumentLists = 0
        queryPlan = nil
        cause = nil
        causedCount = nil
    }

    /// Mean time per execution, in nanoseconds; 0 when never executed.
    public var meanNanoseconds: Double {
        count == 0 ? 0 : totalNanoseconds / Double(count)
    }

    /// Whether the plan has a step that scans a whole table
    /// (``QueryPlanStep/isFullScan(in:)``).
    public var hasFullScan: Bool { !(queryPlan?.fullScans.isEmpty ?? true) }

    /// Whether the plan builds a temporary B-tree.
    public var usesTempBTree: Bool { queryPlan?.contains(where: \.usesTempBTree) ?? false }
}
