/// Every operation of one shape in a log: the repeated fault, the repeated fetch.
///
/// Cost: the first ``LogStatementGroup/lineLimit`` line numbers and a few names.
public struct LogOperationGroup: Hashable, Sendable {
    /// The operation fingerprint (``LogOperation/fingerprint``).
    public let fingerprint: String
    /// What the operations were.
    public let kind: OperationKind
    /// The main statement's fingerprint.
    public let mainFingerprint: String?
    /// The main statement's table.
    public let table: String?
    /// The entity, when an annotation named it.
    public var entity: String?
    /// The relationship of a to-many fault.
    public var relationship: String?
    /// Operations.
    public var count = 0
    /// Their statements.
    public var statementCount = 0
    /// Operations whose rows were logged, and those rows.
    public var rowCountedCount = 0
    /// Rows logged, summed.
    public var rows = 0
    /// The most rows one operation logged.
    public var maximumRows = 0
    /// Operations whose time was logged, and that time in seconds.
    public var timedCount = 0
    /// Logged time, summed, in seconds.
    public var seconds = 0.0
    /// The first lines.
    public var lines: [Int] = []
    /// Key paths prefetched by these operations.
    public var prefetchedKeyPaths: [String] = []
    /// Errors logged during them.
    public var errors = 0

    init(_ operation: LogOperation) {
        fingerprint = operation.fingerprint
        kind = operation.kind
        mainFingerprint = operation.mainStatement?.fingerprint
        table = operation.table
        entity = operation.entity
        relationship = operation.relationship
    }

    mutating func add(_ operation: LogOperation) {
        count += 1
        statementCount += operation.statementCount
        if let rows = operation.rows {
            rowCountedCount += 1
            self.rows += rows
            maximumRows = max(maximumRows, rows)
        }
        if let seconds = operation.seconds {
            timedCount += 1
            self.seconds += seconds
        }
        if lines.count < LogStatementGroup.lineLimit { lines.append(operation.firstLine) }
        if entity == nil { entity = operation.entity }
        for keyPath in operation.prefetchedKeyPaths where !prefetchedKeyPaths.contains(keyPath) {
            prefetchedKeyPaths.append(keyPath)
        }
        errors += operation.errors
    }
}
