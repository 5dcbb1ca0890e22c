/// What Core Data was doing when it ran a group of statements.
public enum OperationKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A fetch request, with its ID-only phase and prefetches.
    case fetch
    /// A count request (`count(for:)`, `countResultType`).
    case count
    /// One object's fault fired: a SELECT by `Z_PK`, then `fault fulfilled from database`.
    case objectFault = "object-fault"
    /// A to-many relationship's fault fired: the destination IDs of one owner.
    case toManyFault = "to-many-fault"
    /// One `fetchBatchSize` batch loaded through `_Z_intarray`, after its fetch.
    case batchFault = "batch-fault"
    /// A save: primary-key reservation, inserts, updates with optimistic-lock checks,
    /// deletes, commit.
    case save
    /// `NSBatchInsertRequest`.
    case batchInsert = "batch-insert"
    /// `NSBatchUpdateRequest`: one `UPDATE … SET …, Z_OPT = (Z_OPT + 1) WHERE …`.
    case batchUpdate = "batch-update"
    /// `NSBatchDeleteRequest`: temporary triggers, one DELETE.
    case batchDelete = "batch-delete"
    /// Opening a store: connection, pragmas, metadata, schema creation.
    case storeOpen = "store-open"
    /// Post-save maintenance: `pragma page_count`, `freelist_count`, vacuum, checkpoint.
    case maintenance
    /// A migration.
    case migration
    /// Statements that fit none of the above.
    case other
}

/// What a statement does within its operation.
public enum StatementRole: Hashable, Sendable, Codable {
    /// The operation's own statement.
    case main
    /// The identity-only first phase of a fetch with `fetchBatchSize`.
    case identities
    /// A prefetch of `keyPath` (nil when the log did not name it) through `_Z_intarray`.
    case prefetch(keyPath: String?)
    /// A batch loaded through `_Z_intarray`.
    case batch
    /// `BEGIN`, `COMMIT`, `ROLLBACK`.
    case transaction
    /// A save's primary-key reservation (`Z_PRIMARYKEY`).
    case keyReservation
    /// An INSERT, UPDATE or DELETE of a save or batch request.
    case write
    /// A temporary trigger of a batch delete, a pragma, schema or metadata statement.
    case support
}

/// A statement and its role in its operation.
public struct OperationStatement: Hashable, Sendable {
    /// The statement.
    public var statement: LogStatement
    /// Its role.
    public var role: StatementRole
}

/// Statements with their annotations, grouped into what the app asked Core Data to do.
///
/// A fetch holds its main SELECT, ID-only phase and prefetches; a save holds its
/// key-reservation and write transactions; a fault holds its one SELECT. Rows and time
/// are as logged (the fetch's `total fetch execution time`, a fault's `Got N rows`);
/// nil when the log does not say. At most ``statementLimit`` statements are kept (a
/// save of 100,000 inserts keeps its first ones and counts the rest).
///
/// Cost: the kept statements.
public struct LogOperation: Hashable, Sendable {
    /// Statements kept per operation.
    public static let statementLimit = 64

    /// What was done.
    public var kind: OperationKind
    /// The kept statements, in order.
    public var statements: [OperationStatement] = []
    /// Every statement, kept or not.
    public var statementCount = 0
    /// The first line.
    public var firstLine: Int
    /// The last line of its statements and annotations.
    public var lastLine: Int
    /// The entity, when an annotation names it (a fault's object ID, the fetch summary).
    public var entity: String?
    /// The to-many relationship a to-many fault fired.
    public var relationship: String?
    /// The object a fault fired for, or the owner of a to-many fault.
    public var object: ObjectReference?
    /// Key paths prefetched, as `Prefetching with key` names them.
    public var prefetchedKeyPaths: [String] = []
    /// Rows as logged: fetched, counted, faulted, or written by a batch request.
    public var rows: Int?
    /// Time as logged, in seconds: the fetch's total, or the sum of its statements'.
    public var seconds: Double?
    /// The line of the fetch a batch fault or prefetch belongs to.
    public var parentLine: Int?
    /// Error lines logged during the operation.
    public var errors = 0

    /// An operation starting at `line`.
    public init(kind: OperationKind, line: Int) {
        self.kind = kind
        firstLine = line
        lastLine = line
    }

    /// The statement that says what the operation is: its first non-transaction one.
    public var mainStatement: LogStatement? {
        (statements.first { $0.role == .main || $0.role == .identities || $0.role == .batch }
            ?? statements.first { $0.role != .transaction })?.statement
    }

    /// The table of the main statement (`ZPOST`).
    public var table: String? { mainStatement.flatMap { SQLText.mainTable($0.sql) } }

    /// The shape of the operation without values: its kind, relationship and the
    /// fingerprints of its distinct statements in order of first appearance. Repeated
    /// operations (one fault per row) share it.
    public var fingerprint: String {
        var seen = Set<String>()
        var parts: [String] = []
        for item in statements where item.role != .transaction {
            let fingerprint = item.statement.fingerprint
            if seen.insert(fingerprint).inserted { parts.append(fingerprint) }
        }
        let head = relationship.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
        return ([head] + parts).joined(separator: " | ")
    }

    /// Adds `statement` with `role`, keeping at most ``statementLimit``.
    mutating func append(_ statement: LogStatement, role: StatementRole) {
        statementCount += 1
        lastLine = max(lastLine, statement.lastLine)
        if statements.count < Self.statementLimit {
            statements.append(OperationStatement(statement: statement, role: role))
        }
    }

    /// The sum of the statements' logged times, nil when none was logged.
    var statementSeconds: Double? {
        let times = statements.compactMap(\.statement.seconds)
        return times.isEmpty ? nil : times.reduce(0, +)
    }
}
