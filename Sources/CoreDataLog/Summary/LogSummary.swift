/// Everything a log says, aggregated: how its lines were understood, each statement
/// shape and operation shape with counts, rows and time, and the sequences worth a
/// second look (a table fetched whole right after a save wrote it).
///
/// Built one line at a time by ``LogReading``; memory grows with the number of
/// distinct shapes (at most ``groupLimit`` each), never with the log's length.
public struct LogSummary: Sendable {
    /// Distinct statement or operation shapes kept; more are counted in
    /// ``ungroupedStatements``.
    public static let groupLimit = 20_000

    /// How the lines were understood.
    public var counts = LineCounts()
    /// What the lines show of the debug level.
    public var evidence = LevelEvidence()
    /// Core Data lines not understood (the first ``LogParser/notedLimit``).
    public var unparsed: [NotedLine] = []
    /// The app's own lines (the first ``LogParser/notedLimit``).
    public var outputSamples: [NotedLine] = []
    /// Statement shapes in order of first appearance.
    public var statements: [LogStatementGroup] = []
    /// Operation shapes in order of first appearance.
    public var operations: [LogOperationGroup] = []
    /// Every statement.
    public var statementCount = 0
    /// Statements whose text looked cut off.
    public var truncatedStatementCount = 0
    /// Statements past ``groupLimit`` shapes, counted only.
    public var ungroupedStatements = 0
    /// Operations by kind.
    public var operationCounts: [OperationKind: Int] = [:]
    /// The logged time of every operation, in seconds: the denominator of a finding's
    /// share.
    public var loggedSeconds = 0.0
    /// Level-4 plans logged apart from their statement, by fingerprint.
    public var plans: [String: [QueryPlanStep]] = [:]
    /// Messages by category (`error`, `warning`, …).
    public var messageCounts: [LogCategory: Int] = [:]
    /// Error lines, the first ``LogParser/notedLimit``.
    public var errors: [NotedLine] = []
    /// Whole-table fetches right after a save wrote that table.
    public var refetchesAfterSave: [RefetchAfterSave] = []

    /// An empty summary.
    public init() {}

    /// The statement group of `fingerprint`, if any.
    public func statementGroup(_ fingerprint: String) -> LogStatementGroup? {
        statements.first { $0.fingerprint == fingerprint }
    }

    /// The plan logged for `fingerprint`, with its statement or apart.
    public func plan(for fingerprint: String) -> [QueryPlanStep]? {
        statementGroup(fingerprint)?.plan ?? plans[fingerprint]
    }

    /// Whether the log holds anything of Core Data at all.
    public var hasCoreDataLines: Bool { counts.coreData > 0 || counts.bareStatements > 0 }
}

/// A whole-table fetch right after a save that wrote the same table: the app threw its
/// objects away and read them all again.
public struct RefetchAfterSave: Hashable, Sendable, Codable {
    /// The save's first line.
    public let saveLine: Int
    /// The fetch's first line.
    public let fetchLine: Int
    /// The table.
    public let table: String
    /// The fetch's fingerprint.
    public let fingerprint: String
    /// Rows the fetch returned, when logged.
    public let rows: Int?
    /// Its logged time, in seconds.
    public let seconds: Double?
}
