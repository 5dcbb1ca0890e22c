import Foundation
import SQLiteDB

extension StoreCoordinator {
    /// Records one save in the history tables, inside the save's write transaction
    /// (the caller holds the lock and the transaction).
    ///
    /// Cost: one `INSERT … RETURNING` per transaction string (author, context name,
    /// bundle ID, process ID) not yet known to this coordinator, one INSERT into
    /// `ATRANSACTION`, one INSERT into `ACHANGE` per changed object (one cached
    /// statement).
    ///
    /// - Returns: the string keys learnt, to keep once the transaction commits.
    func recordHistory(_ record: HistoryRecord, on connection: Connection) throws
        -> [String: Int64]
    {
        var learnt: [String: Int64] = [:]
        func key(_ name: String?) throws -> Int64? {
            guard let name else { return nil }
            if let known = historyStrings.keys[name] ?? learnt[name] { return known }
            let key = try connection.fetchOne(HistorySQL.upsertString(name)) { $0.int64(at: 0) }
            learnt[name] = key
            return key
        }
        let process = ProcessInfo.processInfo
        let strings = HistoryStrings.Keys(
            author: try key(record.author), contextName: try key(record.contextName),
            bundleID: try key(process.processName),
            processID: try key(String(process.processIdentifier)))
        let transactionSQL = HistorySQL.insertTransaction(
            strings: strings, timestamp: Date().timeIntervalSinceReferenceDate)
        guard let transaction = try connection.fetchOne(transactionSQL, { $0.int64(at: 0) })
        else { return learnt }
        guard let first = record.changes.first else { return learnt }
        let sql = SQL(
            text: HistorySQL.insertChange.text,
            arguments: Self.changeArguments(first, transaction: transaction).map { .value($0) })
        try connection.withCachedStatement(sql) { statement in
            try statement.run()
            statement.reset()
            for change in record.changes.dropFirst() {
                let values = Self.changeArguments(change, transaction: transaction)
                for (offset, value) in values.enumerated() {
                    try statement.bind(value, at: Int32(offset + 1))
                }
                try statement.run()
                statement.reset()
            }
        }
        return learnt
    }

    private static func changeArguments(_ change: HistoryRecord.Change, transaction: Int64)
        -> [SQLiteValue]
    {
        [
            .integer(HistorySQL.changeEntity), .integer(change.type.rawValue),
            .integer(Int64(change.objectID.entity.id)), .integer(change.objectID.primaryKey ?? 0),
            .integer(transaction), change.columns.isEmpty ? .null : .blob(change.columns),
        ]
    }

    /// Runs a history request: fetches transactions with their changes, or deletes
    /// them.
    ///
    /// - Throws: ``PersistentHistoryError`` when tracking is off or the token is
    ///   another store's; `SQLiteError`.
    func execute(_ request: PersistentHistoryChangeRequest) throws -> PersistentHistoryResult {
        guard isHistoryTracked else {
            throw PersistentHistoryError.trackingDisabled(path: path)
        }
        if case .token(let token?) = request.bound,
            token.storeIdentifier != storeUUID.uuidString
        {
            throw PersistentHistoryError.foreignToken(
                token: token.description, store: storeUUID.uuidString)
        }
        let condition = HistorySQL.condition(request.bound, before: request.isDelete)
        if request.isDelete {
            let count = try withConnection { connection in
                try connection.transaction(.exclusive) {
                    let statements = HistorySQL.delete(where: condition)
                    try connection.execute(statements[0])
                    return try connection.execute(statements[1])
                }
            }
            return PersistentHistoryResult(transactions: [], deletedTransactionCount: count)
        }
        return PersistentHistoryResult(
            transactions: try fetchTransactions(condition), deletedTransactionCount: 0)
    }

    private func fetchTransactions(_ condition: SQL) throws -> [PersistentHistoryTransaction] {
        typealias Head = (number: Int64, time: Double, strings: [String?])
        let (heads, changes) = try withConnection { connection in
            try connection.transaction(.deferred) {
                let heads = try connection.fetchAll(HistorySQL.selectTransactions(after: condition))
                {
                    statement -> Head in
                    let strings = (2...5).map { index -> String? in
                        statement.isNull(at: Int32(index))
                            ? nil : statement.string(at: Int32(index))
                    }
                    return (statement.int64(at: 0), statement.double(at: 1), strings)
                }
                let changes = try connection.fetchAll(HistorySQL.selectChanges(after: condition)) {
                    try self.change(from: $0, path: self.path)
                }
                return (heads, changes)
            }
        }
        let byTransaction = Dictionary(grouping: changes, by: \.transaction)
        return heads.map { head in
            PersistentHistoryTransaction(
                token: PersistentHistoryToken(
                    storeIdentifier: storeUUID.uuidString, transactionNumber: head.number),
                timestamp: Date(timeIntervalSinceReferenceDate: head.time),
                author: head.strings[0], contextName: head.strings[1],
                bundleID: head.strings[2], processID: head.strings[3],
                changes: (byTransaction[head.number] ?? []).map(\.change))
        }
    }

    private func change(from statement: Statement, path: String) throws
        -> (transaction: Int64, change: PersistentHistoryChange)
    {
        let entityID = Int(statement.int64(at: 3))
        guard entityID >= 1, entityID <= model.resolvedEntities.count,
            let type = PersistentHistoryChange.ChangeType(rawValue: statement.int64(at: 2))
        else {
            throw StoreError.unreadableMetadata(
                path: path,
                reason: "ACHANGE row \(statement.int64(at: 0)) names entity \(entityID) "
                    + "or change type \(statement.int64(at: 2)), which this model does not have")
        }
        let entity = model.entity(id: entityID)
        let id = ObjectID(entity: entity, primaryKey: statement.int64(at: 4), store: storeUUID)
        let properties =
            type == .update ? HistoryRecord.propertyNames(statement.data(at: 5), of: entity) : nil
        return (
            statement.int64(at: 1),
            PersistentHistoryChange(
                changeID: statement.int64(at: 0), changeType: type, changedObjectID: id,
                updatedProperties: properties)
        )
    }
}
