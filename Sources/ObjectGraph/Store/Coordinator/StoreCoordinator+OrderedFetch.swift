import SQLiteDB

extension StoreCoordinator {
    /// The IDs and sort-key values of every row a request selects, in the
    /// controller's order (``FetchSQL/orderedSelect(layout:keysOnly:)``); nothing is
    /// cached.
    ///
    /// Cost: one SELECT of the key and the sort columns.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchOrderedKeys(for request: AnyFetchRequest, entity: Entity) throws
        -> [(ObjectID, [PredicateValue])]
    {
        let layout = layout(for: entity)
        let (sql, attributes) = try FetchSQL(request: request, entity: entity, model: model)
            .orderedSelect(layout: layout, keysOnly: true)
        return try withConnection { connection in
            try connection.fetchAll(sql) { statement in
                let id = layout.objectID(from: statement, model: model, store: storeUUID)
                let keys = attributes.enumerated().map { offset, attribute in
                    PredicateValue(attribute.type.decode(statement.value(at: Int32(offset + 2))))
                        ?? .null
                }
                return (id, keys)
            }
        }
    }

    /// Every row a request selects, in the controller's order, into the row cache.
    ///
    /// Cost: one SELECT of whole rows.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchOrderedRows(for request: AnyFetchRequest, entity: Entity) throws -> [RowSnapshot] {
        let layout = layout(for: entity)
        let (sql, _) = try FetchSQL(request: request, entity: entity, model: model)
            .orderedSelect(layout: layout, keysOnly: false)
        return try fetchRows(sql, layout: layout, cache: true)
    }
}
