import Foundation

extension ManagedObjectContext {
    /// Runs a persistent-history request on the context's store: fetch the
    /// transactions after a token or date, or delete those before one.
    ///
    /// ```swift
    /// let result = try context.execute(.fetchHistory(after: lastToken))
    /// context.mergeChanges(fromHistory: result.transactions)
    /// lastToken = result.transactions.last?.token ?? lastToken
    /// ```
    ///
    /// Cost: a fetch runs two SELECTs in one read transaction; a delete, two DELETEs in
    /// one exclusive transaction.
    ///
    /// - Parameter request: What to fetch or delete: transactions after a token or date, or before
    ///   one.
    /// - Throws: ``PersistentHistoryError`` when the store was loaded without history
    ///   tracking or the token is another store's; `SQLiteError`.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nspersistenthistorychangerequest
    public func execute(_ request: PersistentHistoryChangeRequest) throws
        -> PersistentHistoryResult
    {
        checkQueue()
        return try coordinator.execute(request)
    }

    /// Merges transactions another context or process saved (read from history) into
    /// this context: updated objects it holds are refreshed, deleted ones leave it,
    /// inserted ones need nothing (fetches read the store).
    ///
    /// Posts objects-did-change: the refreshed objects, then the merged inserts and
    /// deletes (what a fetched results controller on this context needs).
    ///
    /// Cost: no SQL; each refreshed object's next access reads its row (one SELECT).
    public func mergeChanges(fromHistory transactions: [PersistentHistoryTransaction]) {
        var changes: [String: [ObjectID]] = [:]
        for transaction in transactions {
            changes.merge(transaction.objectIDsByChangeKey) { $0 + $1 }
        }
        Self.mergeChanges(fromRemoteContextSave: changes, into: [self])
        processPendingChanges()
        let inserted = Set(changes[Self.insertedObjectsKey] ?? [])
        let deleted = Set(changes[Self.deletedObjectsKey] ?? [])
        guard !inserted.isEmpty || !deleted.isEmpty else { return }
        post(
            ContextNotification(
                name: .objectsDidChange, context: self, inserted: inserted, invalidated: deleted))
    }

    /// What history records of the save in progress; nil when the store does not
    /// track history. Called after permanent keys are assigned, before the write.
    func makeHistoryRecord() -> HistoryRecord? {
        guard coordinator.isHistoryTracked else { return nil }
        var changes: [HistoryRecord.Change] = inserted.objects.map {
            .init(type: .insert, objectID: $0.pendingPermanentID ?? $0.objectID, columns: Data())
        }
        for object in updated.objects where object.hasChanges {
            changes.append(
                .init(type: .update, objectID: object.objectID, columns: changedColumns(object)))
        }
        for object in deleted.objects {
            changes.append(.init(type: .delete, objectID: object.objectID, columns: Data()))
        }
        return HistoryRecord(author: transactionAuthor, contextName: name, changes: changes)
    }

    private func changedColumns(_ object: ManagedObject) -> Data {
        let attributeCount = object.entity.attributes.count
        var properties = object.attributeChanges.indices
        properties += object.toOneChanges.keys.map { attributeCount + $0 }
        properties += object.toMany.filter(\.value.hasChanges).map { attributeCount + $0.key }
        return HistoryRecord.columnMask(
            properties, count: attributeCount + object.entity.relationships.count)
    }
}
