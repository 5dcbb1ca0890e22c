/// Every execution of one statement shape in a log: how often, how long and how many
/// rows as logged, where, with which values, and what it served.
///
/// The log's counterpart of the lab's `StatementGroup`: the same fingerprint, so the
/// two can be compared line for line. Cost: the first ``lineLimit`` line numbers, up
/// to ``sampleLimit`` distinct value lists, the distinct value lists counted up to
/// ``distinctLimit``.
public struct LogStatementGroup: Hashable, Sendable {
    /// Line numbers kept per group.
    public static let lineLimit = 20
    /// Distinct bound-value lists kept as samples.
    public static let sampleLimit = 5
    /// Distinct bound-value lists counted.
    public static let distinctLimit = 1_000

    /// The normalized SQL (``SQLFingerprint``).
    public let fingerprint: String
    /// The statement kind.
    public let kind: StatementKind
    /// The first complete text seen (or the first text, when every one was cut).
    public var sql: String
    /// Executions.
    public var count = 0
    /// Executions whose time was logged.
    public var timedCount = 0
    /// Their logged time, in seconds.
    public var seconds = 0.0
    /// The longest single logged time.
    public var maximumSeconds = 0.0
    /// Executions whose rows are known (a fetch total or a fault's row count).
    public var rowCountedCount = 0
    /// Their rows.
    public var rows = 0
    /// The first line numbers.
    public var lines: [Int] = []
    /// Distinct bound-value lists, the first ``sampleLimit``.
    public var sampleBindings: [[String]] = []
    /// Distinct bound-value lists seen, up to ``distinctLimit``.
    public var distinctBindings = 0
    /// Executions logged with bound values.
    public var boundCount = 0
    /// The first level-4 plan logged for it.
    public var plan: [QueryPlanStep]?
    /// Executions whose text looked cut off.
    public var truncatedCount = 0
    /// Whether it reads a bound key list (`_Z_intarray`): a batch by design.
    public var bindsKeyList = false
    /// The operations it was the main statement of, by kind.
    public var operationKinds: [OperationKind: Int] = [:]
    private var seenBindings: Set<[String]> = []

    /// An empty group for `statement`'s shape.
    init(_ statement: LogStatement) {
        fingerprint = statement.fingerprint
        kind = statement.kind
        sql = statement.sql
    }

    /// Mean logged time per timed execution, in seconds; 0 when none was timed.
    public var meanSeconds: Double { timedCount == 0 ? 0 : seconds / Double(timedCount) }

    /// The operation kind it served most often.
    public var mainOperationKind: OperationKind? {
        operationKinds.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key
    }

    mutating func add(_ statement: LogStatement) {
        count += 1
        if let time = statement.seconds {
            timedCount += 1
            seconds += time
            maximumSeconds = max(maximumSeconds, time)
        }
        if lines.count < Self.lineLimit { lines.append(statement.line) }
        if statement.isTruncated {
            truncatedCount += 1
        } else if truncatedCount == count - 1 && count > 1 {
            sql = statement.sql
        }
        if statement.bindsKeyList { bindsKeyList = true }
        if plan == nil, !statement.plan.isEmpty { plan = statement.plan }
        if !statement.bindings.isEmpty { addBindings(statement.bindings) }
    }

    private mutating func addBindings(_ bindings: [String]) {
        boundCount += 1
        guard seenBindings.count < Self.distinctLimit, seenBindings.insert(bindings).inserted
        else { return }
        distinctBindings = seenBindings.count
        if sampleBindings.count < Self.sampleLimit { sampleBindings.append(bindings) }
    }
}
