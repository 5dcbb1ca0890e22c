import SQLiteDB

extension StoreCoordinator {
    /// The ID of the stored row of `entity` whose constraint columns hold `values`
    /// (``ConstraintSelect/existingKey(in:matching:)``); nil when there is none.
    ///
    /// Cost: one SELECT, nothing cached.
    ///
    /// - Throws: `SQLiteError`.
    func existingObjectID(of entity: Entity, matching values: [(SQLName, SQLiteValue)])
        throws -> ObjectID?
    {
        let sql = ConstraintSelect.existingKey(in: entity, matching: values)
        let key = try withConnection { connection in
            try connection.fetchOne(sql) { $0.int64(at: 0) }
        }
        return key.map { ObjectID(entity: entity, primaryKey: $0, store: storeUUID) }
    }
}
