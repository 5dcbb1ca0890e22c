/// Groups ``LogEvent``s into ``LogOperation``s as they arrive, in bounded memory.
///
/// The grammar it follows (coredata-reference.md §2 to §5):
/// - a SELECT starts a fetch; `total fetch execution time` ends it; a following `fault
///   fulfilled from database` or `to-many relationship fault … fulfilled` makes it
///   that fault (the engine logs the fault without a total, Core Data after one);
///   `total count request execution time` makes it a count;
/// - a SELECT after `Bound intarray` while a fetch is open is one of its phases (a
///   prefetch, named by the `Prefetching with key` line after it, or a batch of an
///   ID-only fetch); with no fetch open it is a `fetchBatchSize` batch fault, linked to
///   the last ID-only fetch of its table;
/// - `BEGIN` … `COMMIT` is a transaction: a save (a key-reservation transaction and
///   the write transaction after it are one save), a batch update (`Z_OPT = (Z_OPT +
///   1)` with no per-row check), a batch delete (temporary triggers), or a migration;
/// - pragmas and metadata reads are store opening; `page_count`, `freelist_count`,
///   vacuum and checkpoints after a save are maintenance.
///
/// ```swift
/// var grouper = OperationGrouper()
/// parser.consume(line) { event in grouper.consume(event) { operations.append($0) } }
/// ```
///
/// Cost: constant work per event; memory is the open operations and the last ID-only
/// fetch line of each table (at most ``tableLimit``).
public struct OperationGrouper {
    /// Tables whose last ID-only fetch is remembered for batch faults.
    public static let tableLimit = 256

    private var current: LogOperation?
    /// Fetches waiting for their prefetch to end (the prefetch is `current`).
    private var parents: [LogOperation] = []
    /// A finished operation that the next annotation may still name (a fault, a
    /// batch request).
    private var held: LogOperation?
    /// A key-reservation transaction waiting for the write transaction after it.
    private var reservation: LogOperation?
    private var inTransaction = false
    private var inMigration = false
    private var identityFetches: [String: Int] = [:]

    /// A grouper at the start of a log.
    public init() {}

    /// Reads one event; calls `emit` for each operation it completes, in order.
    public mutating func consume(_ event: LogEvent, emit: (LogOperation) -> Void) {
        switch event {
        case .statement(let statement): consume(statement, emit: emit)
        case .annotation(let annotation, let line): consume(annotation, line: line, emit: emit)
        case .plan: break
        case .message(let category, let text, let line):
            if category == .error {
                if current != nil { current?.errors += 1 } else { held?.errors += 1 }
            }
            if category == .debug, let rest = Substring(text).after("PostSaveMaintenance:") {
                consume(.postSaveMaintenance(String(rest)), line: line, emit: emit)
            }
        }
    }

    /// Ends the log: hands on every open operation.
    public mutating func finish(emit: (LogOperation) -> Void) {
        closeAll(emit)
    }

    // MARK: - Statements

    private mutating func consume(_ statement: LogStatement, emit: (LogOperation) -> Void) {
        if statement.kind == .transaction {
            transaction(statement, emit: emit)
            return
        }
        if inTransaction {
            if current == nil { current = LogOperation(kind: .save, line: statement.line) }
            current?.append(statement, role: StatementShape.roleInTransaction(statement))
            return
        }
        switch StatementShape.standalone(statement, inMigration: inMigration) {
        case .select: select(statement, emit: emit)
        case .operation(let kind):
            let role = StatementShape.roleInTransaction(statement)
            if current?.kind != kind || !parents.isEmpty {
                closeAll(emit)
                current = LogOperation(kind: kind, line: statement.line)
            }
            current?.append(statement, role: role)
        }
    }

    private mutating func select(_ statement: LogStatement, emit: (LogOperation) -> Void) {
        let table = SQLText.mainTable(statement.sql)
        if statement.bindsKeyList, let open = current, open.kind == .fetch || open.kind == .count {
            if !parents.isEmpty { mergeSubFetch(keyPath: nil) }
            emitHeld(emit)
            parents.append(current!)
            current = LogOperation(kind: .fetch, line: statement.line)
            current?.append(statement, role: .prefetch(keyPath: nil))
            return
        }
        closeAll(emit)
        if statement.bindsKeyList {
            current = LogOperation(kind: .batchFault, line: statement.line)
            current?.parentLine = table.flatMap { identityFetches[$0] }
            current?.append(statement, role: .batch)
            return
        }
        let identities = SQLText.selectsIdentitiesOnly(statement.sql)
        current = LogOperation(
            kind: StatementShape.isCount(statement.sql) ? .count : .fetch, line: statement.line)
        current?.append(statement, role: identities ? .identities : .main)
        if identities, let table { remember(table, line: statement.line) }
    }

    private mutating func transaction(_ statement: LogStatement, emit: (LogOperation) -> Void) {
        let word = statement.sql.prefix { $0.isLetter }.uppercased()
        if word == "BEGIN" || word == "SAVEPOINT" {
            let nested = inTransaction && current != nil
            inTransaction = true
            if nested || (inMigration && current?.kind == .migration) {
                current?.append(statement, role: .transaction)
                return
            }
            let pending = reservation
            reservation = nil
            closeAll(emit)
            current = pending ?? LogOperation(kind: .save, line: statement.line)
            current?.append(statement, role: .transaction)
            return
        }
        guard inTransaction else {
            // A COMMIT with no BEGIN before it (a paste that starts mid-save): its own
            // operation.
            closeAll(emit)
            var stray = LogOperation(kind: .other, line: statement.line)
            stray.append(statement, role: .transaction)
            emit(Self.finished(stray))
            return
        }
        if current == nil { current = LogOperation(kind: .other, line: statement.line) }
        current?.append(statement, role: .transaction)
        guard word != "RELEASE" else { return }
        inTransaction = false
        finishTransaction()
    }

    /// Names the transaction just committed and holds it for a batch request's
    /// annotation, or keeps a key reservation for the write transaction after it.
    private mutating func finishTransaction() {
        guard var operation = current, !(inMigration && operation.kind == .migration) else {
            return
        }
        current = nil
        let roles = operation.statements.map(\.role).filter { $0 != .transaction }
        if !roles.isEmpty && roles.allSatisfy({ $0 == .keyReservation || $0 == .support })
            && roles.contains(.keyReservation)
        {
            reservation = operation
            return
        }
        operation.kind = StatementShape.transactionKind(operation, inMigration: inMigration)
        held = operation
    }

    // MARK: - Annotations

    private mutating func consume(
        _ annotation: LogAnnotation, line: Int, emit: (LogOperation) -> Void
    ) {
        switch annotation {
        case .totalFetch(let seconds, let rows):
            guard current != nil else { return }
            current?.seconds = seconds
            current?.rows = rows
            current?.lastLine = line
            if !parents.isEmpty { return }
            emitHeld(emit)
            held = current
            current = nil
        case .totalCount(let seconds, let count):
            guard current != nil, parents.isEmpty else { return }
            current?.kind = .count
            current?.seconds = seconds
            current?.rows = count
            current?.lastLine = line
            close(emit)
        case .countRequest(let entity, _): if current?.entity == nil { current?.entity = entity }
        case .fetchSummary(let entity, let sql, _):
            if current?.entity == nil,
                current?.mainStatement?.fingerprint == SQLFingerprint.normalize(sql)
            {
                current?.entity = entity
            }
        case .prefetch(let keyPath, let rows):
            if !parents.isEmpty, let last = current?.statements.indices.last {
                current?.statements[last].statement.rows = rows
                mergeSubFetch(keyPath: keyPath)
            }
        case .objectFault(let object):
            fault(emit) {
                $0.kind = .objectFault
                $0.object = object
                $0.entity = object?.entity ?? $0.entity
                $0.rows = $0.rows ?? 1
            }
        case .toManyFault(let relationship, let owner, let rows):
            fault(emit) {
                $0.kind = .toManyFault
                $0.relationship = relationship
                $0.object = owner
                $0.entity = owner?.entity ?? $0.entity
                $0.rows = rows
            }
        case .batchFault(_, _, let rows):
            let fetches = identityFetches
            fault(emit) {
                $0.kind = .batchFault
                $0.rows = rows
                $0.parentLine = $0.parentLine ?? $0.table.flatMap { fetches[$0] }
            }
        default: other(annotation, line: line, emit: emit)
        }
    }

    private mutating func other(
        _ annotation: LogAnnotation, line: Int, emit: (LogOperation) -> Void
    ) {
        switch annotation {
        case .batchRequest(let kind, let table, let rows, let seconds):
            while !parents.isEmpty { mergeSubFetch(keyPath: nil) }
            var operation = held ?? current ?? LogOperation(kind: .other, line: line)
            if held != nil { held = nil } else { current = nil }
            operation.kind = StatementShape.batchKind(kind)
            operation.rows = rows
            operation.seconds = seconds
            operation.entity = operation.entity ?? (table.hasPrefix("Z") ? nil : table)
            operation.lastLine = line
            closeAll(emit)
            emit(operation)
        case .connecting:
            closeAll(emit)
            current = LogOperation(kind: .storeOpen, line: line)
        case .disconnecting: closeAll(emit)
        case .postSaveMaintenance:
            if current?.kind != .maintenance {
                closeAll(emit)
                current = LogOperation(kind: .maintenance, line: line)
            }
            current?.lastLine = line
        case .migration(let text):
            if current?.kind != .migration {
                closeAll(emit)
                current = LogOperation(kind: .migration, line: line)
            }
            current?.lastLine = line
            inMigration = true
            if text.contains("completed successfully") || text.contains("leaving incompletely") {
                inMigration = false
                close(emit)
            }
        default: break
        }
    }

    /// Applies `change` to the fault's operation: the open one (the engine logs no
    /// total first) or the one just finished (Core Data does), then hands it on.
    private mutating func fault(
        _ emit: (LogOperation) -> Void, _ change: (inout LogOperation) -> Void
    ) {
        if current != nil, parents.isEmpty {
            change(&current!)
            close(emit)
        } else if held != nil {
            change(&held!)
            emitHeld(emit)
        }
    }

    // MARK: - Closing

    /// Ends a prefetch (or batch) and adds its statements to the fetch it belongs to.
    private mutating func mergeSubFetch(keyPath: String?) {
        guard var parent = parents.popLast() else { return }
        guard let sub = current else {
            current = parent
            return
        }
        let isBatch =
            parent.mainStatement.map { SQLText.selectsIdentitiesOnly($0.sql) } ?? false
            && sub.mainStatement.map { $0.sql.contains("Z_PK IN (SELECT") } ?? false
        for item in sub.statements {
            parent.append(item.statement, role: isBatch ? .batch : .prefetch(keyPath: keyPath))
        }
        parent.statementCount += sub.statementCount - sub.statements.count
        if let keyPath { parent.prefetchedKeyPaths.append(keyPath) }
        parent.lastLine = max(parent.lastLine, sub.lastLine)
        current = parent
    }

    private mutating func close(_ emit: (LogOperation) -> Void) {
        emitHeld(emit)
        if let operation = current { emit(Self.finished(operation)) }
        current = nil
    }

    private mutating func emitHeld(_ emit: (LogOperation) -> Void) {
        if let operation = held { emit(Self.finished(operation)) }
        held = nil
    }

    private mutating func closeAll(_ emit: (LogOperation) -> Void) {
        while !parents.isEmpty { mergeSubFetch(keyPath: nil) }
        if let pending = reservation {
            emit(Self.finished(pending))
            reservation = nil
        }
        close(emit)
    }

    /// The operation with its time filled in from its statements when no total said.
    private static func finished(_ operation: LogOperation) -> LogOperation {
        var operation = operation
        if operation.seconds == nil { operation.seconds = operation.statementSeconds }
        if operation.rows == nil, operation.statements.count == 1 {
            operation.rows = operation.statements[0].statement.rows
        }
        return operation
    }

    private mutating func remember(_ table: String, line: Int) {
        if identityFetches[table] == nil && identityFetches.count >= Self.tableLimit {
            identityFetches.removeAll(keepingCapacity: true)
        }
        identityFetches[table] = line
    }
}
