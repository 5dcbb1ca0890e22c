/// What is wrong, in a stable vocabulary shared by every producer of findings
/// (`bench explain-log`, run reports, `bench compare`) and read by CI bots and agents.
///
/// The raw values never change meaning; a new kind gets a new value.
/// docs/EXPLAIN-LOG.md describes how each is detected and what it costs.
public enum FindingKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// One to-many fault per owner, or one object fault per row, repeated with only
    /// bound values changing.
    case nPlusOne = "n-plus-one"
    /// A fetch by `Z_PK = ?` per object (`existingObject(with:)`, a fetch per ID).
    case perRowFetch = "per-row-fetch"
    /// A plan step that reads a whole table.
    case fullScan = "full-scan"
    /// A temporary B-tree for an ORDER BY or DISTINCT no index serves.
    case tempSort = "temp-sort"
    /// An index whose leading column the predicate does not constrain, or a
    /// hierarchy's `Z_ENT` index chosen over a selective one.
    case wrongIndex = "wrong-index"
    /// A `@count`, `SUBQUERY` or `ANY` predicate that runs a subquery per row of the
    /// outer table.
    case correlatedSubquery = "correlated-subquery"
    /// Many columns fetched for few rows, or properties fetched that are never used.
    case wideFetch = "wide-fetch"
    /// A count through a to-one key path: a JOIN with `COUNT(DISTINCT …)`.
    case countViaJoin = "count-via-join"
    /// The whole table fetched again right after a save.
    case refetchAfterSave = "refetch-after-save"
    /// Time per row far above the rest of the log's.
    case slowStatement = "slow-statement"
    /// `!= nil` on an indexed column that the plan does not use.
    case nullTestOnIndex = "null-test-on-index"
    /// A relationship in `relationshipKeyPathsForPrefetching` that no fetched object
    /// read (projection audit).
    case unreadPrefetch = "unread-prefetch"
    /// Many objects fetched, few of them touched (projection audit).
    case untouchedObjects = "untouched-objects"

    /// One line saying what the kind means.
    public var summary: String {
        switch self {
        case .nPlusOne: "a fault or lookup repeated once per object"
        case .perRowFetch: "a fetch by primary key repeated once per object"
        case .fullScan: "a whole table read to answer a query"
        case .tempSort: "rows sorted in a temporary B-tree"
        case .wrongIndex: "an index that does not narrow the query"
        case .correlatedSubquery: "a subquery run once per row"
        case .wideFetch: "more columns fetched than the rows need"
        case .countViaJoin: "a count through a JOIN"
        case .refetchAfterSave: "a whole table fetched again after a save"
        case .slowStatement: "a statement far slower per row than the rest"
        case .nullTestOnIndex: "a nil test the index cannot serve"
        case .unreadPrefetch: "a prefetched relationship never read"
        case .untouchedObjects: "many objects fetched, few used"
        }
    }
}

/// How much a finding matters, from its cost: the share of the time it takes.
public enum FindingSeverity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// At least 20% of the time, or a pattern that grows with the data past 100 ms.
    case high
    /// At least 5% of the time.
    case medium
    /// Less, or unknown.
    case low

    /// The severity of a cost that takes `share` (0...1) of the time, `seconds` long.
    public init(share: Double?, seconds: Double?) {
        let share = share ?? 0
        let seconds = seconds ?? 0
        if share >= 0.2 || seconds >= 0.1 {
            self = .high
        } else if share >= 0.05 || seconds >= 0.01 {
            self = .medium
        } else {
            self = .low
        }
    }

    private var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        }
    }

    /// High sorts first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// What a finding rests on.
public enum FindingConfidence: String, Hashable, Sendable, Codable, CaseIterable {
    /// The log alone: the pattern is in the statements and annotations as logged.
    case log
    /// A replay on a store generated from the app's model confirmed it and measured the
    /// fix.
    case replay
    /// The lab measured it across configurations.
    case measurement
}
