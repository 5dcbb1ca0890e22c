import CoreDataLog
import Foundation

/// Everything `bench explain-log` learned, as one versioned, Codable record: what
/// `explain.json` holds and what the HTML, Markdown and terminal renderings read.
///
/// Schema version 1. Report writers only render it; nothing here runs anything.
/// Cost: the files' shapes (at most ``shapeLimit`` statements and operations each), the
/// findings and the replay.
public struct ExplainLogReport: Sendable, Codable {
    /// The schema version this build writes.
    public static let currentSchemaVersion = 1
    /// Statement and operation shapes kept per file, most costly first.
    public static let shapeLimit = 500

    /// The document's schema version.
    public var schemaVersion = ExplainLogReport.currentSchemaVersion
    /// `bench explain-log`.
    public var generator = "bench explain-log"
    /// When it was made.
    public var createdAt: Date
    /// Each log read.
    public var files: [ExplainedFile]
    /// The model given with `--model`, if any.
    public var model: String?
    /// Every finding, ranked by cost.
    public var findings: [Finding]
    /// What the replay measured, with `--replay`.
    public var replay: ReplayResult?
    /// What was understood only in part, and other warnings, one sentence each.
    public var notes: [String]

    /// A report; `findings` are ranked.
    public init(
        createdAt: Date = Date(), files: [ExplainedFile], model: String?, findings: [Finding],
        replay: ReplayResult?, notes: [String]
    ) {
        self.createdAt = createdAt
        self.files = files
        self.model = model
        self.findings = Finding.ranked(findings)
        self.replay = replay
        self.notes = notes
    }

    /// The report as pretty-printed JSON with sorted keys and ISO 8601 dates.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// The findings alone, as ``FindingsDocument``.
    public var findingsDocument: FindingsDocument {
        FindingsDocument(generator: generator, findings: findings)
    }
}

/// One log file as read: how its lines were understood and its most costly shapes.
public struct ExplainedFile: Sendable, Codable, Hashable {
    /// The path as given (`-` for standard input).
    public var path: String
    /// Bytes read.
    public var bytes: Int
    /// The lowest `SQLDebug` level that explains its lines (1 to 4).
    public var level: Int
    /// How its lines were understood.
    public var counts: LineCounts
    /// Statements, cut-off statements, and statements beyond the shapes kept.
    public var statementCount: Int
    /// Statements whose text looked cut off.
    public var truncatedStatementCount: Int
    /// Operations by kind (`fetch`, `to-many-fault`, …).
    public var operationCounts: [String: Int]
    /// The logged time of every operation, in seconds.
    public var loggedSeconds: Double
    /// Statement shapes, most logged time first (then most executions).
    public var statements: [ExplainedStatement]
    /// Operation shapes, most logged time first (then most executions).
    public var operations: [ExplainedOperation]
    /// Core Data lines not understood.
    public var unparsed: [NotedLine]
    /// The app's own lines (the first few).
    public var outputSamples: [NotedLine]
    /// Error lines.
    public var errors: [NotedLine]

    /// The view of `summary`, read from `path` (`bytes` long); `names` name the entity
    /// of operations the log does not name.
    public init(path: String, bytes: Int, summary: LogSummary, names: StoreNames? = nil) {
        self.path = path
        self.bytes = bytes
        level = summary.evidence.level
        counts = summary.counts
        statementCount = summary.statementCount
        truncatedStatementCount = summary.truncatedStatementCount
        operationCounts = Dictionary(
            uniqueKeysWithValues: summary.operationCounts.map { ($0.key.rawValue, $0.value) })
        loggedSeconds = summary.loggedSeconds
        statements = summary.statements
            .sorted { ($0.seconds, $0.count) > ($1.seconds, $1.count) }
            .prefix(ExplainLogReport.shapeLimit)
            .map { ExplainedStatement($0, plan: summary.plan(for: $0.fingerprint)) }
        operations = summary.operations
            .sorted { ($0.seconds, $0.count) > ($1.seconds, $1.count) }
            .prefix(ExplainLogReport.shapeLimit).map { group in
                var operation = ExplainedOperation(group)
                if operation.entity == nil, let table = group.table {
                    operation.entity = names?.entity(ofTable: table)
                }
                return operation
            }
        unparsed = summary.unparsed
        outputSamples = Array(summary.outputSamples.prefix(10))
        errors = summary.errors
    }
}

/// One statement shape of a log.
public struct ExplainedStatement: Sendable, Codable, Hashable {
    /// Its fingerprint.
    public var fingerprint: String
    /// Its kind (`select`, `insert`, …).
    public var kind: String
    /// A complete text of it.
    public var sql: String
    /// Executions, and those with a logged time.
    public var count: Int
    /// Executions whose time was logged.
    public var timedCount: Int
    /// Logged time, in seconds.
    public var seconds: Double
    /// Rows, summed over the executions whose rows are known.
    public var rows: Int?
    /// The first lines.
    public var lines: [Int]
    /// Distinct bound-value lists (the first five), and how many there were.
    public var sampleBindings: [[String]]
    /// Distinct bound-value lists seen (up to 1,000).
    public var distinctBindings: Int
    /// Its plan (level 4), if logged.
    public var plan: [QueryPlanStep]?
    /// Executions cut off in the log.
    public var truncatedCount: Int
    /// The operation it served most (`to-many-fault`).
    public var operationKind: String?

    init(_ group: LogStatementGroup, plan: [QueryPlanStep]?) {
        fingerprint = group.fingerprint
        kind = group.kind.rawValue
        sql = group.sql
        count = group.count
        timedCount = group.timedCount
        seconds = group.seconds
        rows = group.rowCountedCount > 0 ? group.rows : nil
        lines = group.lines
        sampleBindings = group.sampleBindings
        distinctBindings = group.distinctBindings
        self.plan = plan
        truncatedCount = group.truncatedCount
        operationKind = group.mainOperationKind?.rawValue
    }
}

/// One operation shape of a log.
public struct ExplainedOperation: Sendable, Codable, Hashable {
    /// Its fingerprint.
    public var fingerprint: String
    /// What it was (`fetch`, `to-many-fault`, …).
    public var kind: String
    /// The entity, when the log named it.
    public var entity: String?
    /// The relationship of a to-many fault.
    public var relationship: String?
    /// The main statement's table.
    public var table: String?
    /// Operations of this shape.
    public var count: Int
    /// Their statements.
    public var statementCount: Int
    /// Rows logged, summed.
    public var rows: Int?
    /// Logged time, in seconds.
    public var seconds: Double
    /// The first lines.
    public var lines: [Int]
    /// Key paths they prefetched.
    public var prefetchedKeyPaths: [String]

    init(_ group: LogOperationGroup) {
        fingerprint = group.fingerprint
        kind = group.kind.rawValue
        entity = group.entity
        relationship = group.relationship
        table = group.table
        count = group.count
        statementCount = group.statementCount
        rows = group.rowCountedCount > 0 ? group.rows : nil
        seconds = group.seconds
        lines = group.lines
        prefetchedKeyPaths = group.prefetchedKeyPaths
    }
}
