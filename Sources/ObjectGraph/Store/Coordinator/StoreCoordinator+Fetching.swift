import SQLiteDB

extension StoreCoordinator {
    /// The rows of an object fetch (`SELECT 0, t0.Z_PK, t0.Z_OPT, …` with the request's
    /// WHERE, ORDER BY and LIMIT); with `cache`, each goes into the row cache with one
    /// reference for the fetching context.
    ///
    /// Cost: one SELECT.
    ///
    /// - Throws: ``FetchError`` for a request that does not fit the model, or
    ///   `SQLiteError`.
    func fetchRows(for request: AnyFetchRequest, entity: Entity, cache: Bool) throws
        -> [RowSnapshot]
    {
        let layout = layout(for: entity)
        let sql = try fetchSelects.select(
            FetchSQL(request: request, entity: entity, model: model), layout: layout,
            idsOnly: false)
        return try fetchRows(sql, layout: layout, cache: cache)
    }

    /// The rows of an object fetch, each cached with a reference for the fetching
    /// context, and the row cache's generation after they went in (objects registered
    /// from them fill from them without the lock while it has not moved).
    ///
    /// Cost: one SELECT.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchCachedRows(for request: AnyFetchRequest, entity: Entity) throws
        -> (rows: [RowSnapshot], generation: UInt64)
    {
        let layout = layout(for: entity)
        let sql = try fetchSelects.select(
            FetchSQL(request: request, entity: entity, model: model), layout: layout,
            idsOnly: false)
        return try fetchCachedRows(sql, layout: layout, cache: true)
    }

    /// The IDs a request selects (`SELECT 0, t0.Z_PK …`); nothing is cached.
    ///
    /// Cost: one SELECT.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchObjectIDs(for request: AnyFetchRequest, entity: Entity) throws -> [ObjectID] {
        let layout = layout(for: entity)
        let sql = try fetchSelects.select(
            FetchSQL(request: request, entity: entity, model: model), layout: layout,
            idsOnly: true)
        return try fetchObjectIDs(sql, layout: layout)
    }

    /// How many rows a request selects (`SELECT COUNT(…)`).
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func count(for request: AnyFetchRequest, entity: Entity) throws -> Int {
        try count(try FetchSQL(request: request, entity: entity, model: model).count())
    }

    /// An object fetch narrowed to `columns` (after `0, t0.Z_PK, t0.Z_OPT`), each row
    /// read by `read`; nothing is cached.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchPartialRows<Row>(
        for request: AnyFetchRequest, entity: Entity, columns: [SQLName],
        _ read: (Statement) -> Row
    ) throws -> [Row] {
        let sql = try fetchSelects.select(
            FetchSQL(request: request, entity: entity, model: model),
            layout: layout(for: entity), idsOnly: false, columns: columns)
        return try withConnection { connection in try connection.fetchAll(sql, read) }
    }

    /// A dictionary fetch (``DictionaryQuery``), each row read by `read` with the
    /// query's result columns.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchDictionaryRows<Row>(
        for request: AnyFetchRequest, entity: Entity,
        _ read: (Statement, [(name: String, reader: DictionaryQuery.Reader)]) throws -> Row
    ) throws -> [Row] {
        let query = try DictionaryQuery(request: request, entity: entity, model: model)
        return try withConnection { connection in
            try connection.fetchAll(query.sql) { try read($0, query.columns) }
        }
    }

    /// One batch of a batched fetch (``ObjectSelect/batch(_:keys:limit:)``), rows in
    /// key order, each cached with a reference for the fetching context.
    ///
    /// - Throws: `SQLiteError`.
    func fetchBatch(of entity: Entity, keys: [Int64], limit: Int) throws -> [RowSnapshot] {
        let layout = layout(for: entity)
        let sql = ObjectSelect.batch(layout, keys: IntegerList(keys), limit: limit)
        return try fetchRows(keyedBy: sql, layout: layout, ownerColumn: nil).map(\.row)
    }

    /// One prefetch level of `relationship`: for a to-one, the destination rows whose
    /// keys are `keys`; for a to-many, the members of the owners whose keys are `keys`,
    /// ordered by owner. Each row comes with its owner's key (its own for a to-one) and
    /// is cached with a reference for the fetching context.
    ///
    /// - Throws: `SQLiteError`.
    func prefetchRows(_ relationship: ResolvedRelationship, keys: [Int64]) throws
        -> [(row: RowSnapshot, owner: Int64)]
    {
        let layout = layout(for: model.entity(id: relationship.destinationID))
        let list = IntegerList(keys)
        switch relationship.storage {
        case .foreignKey:
            let sql = ObjectSelect.prefetchToOne(layout, keys: list)
            return try fetchRows(keyedBy: sql, layout: layout, ownerColumn: nil)
        case .inverseForeignKey(let column, let order):
            guard let position = layout.columns.firstIndex(of: column) else {
                preconditionFailure("\(column) is not a column of \(layout.entity)")
            }
            let sql = ObjectSelect.prefetchOneToMany(
                layout, column: column, order: order, owners: list)
            return try fetchRows(keyedBy: sql, layout: layout, ownerColumn: Int32(position + 3))
        case .joinTable(let join):
            let sql = ObjectSelect.prefetchManyToMany(layout, join: join, owners: list)
            let ownerColumn = Int32(layout.columns.count + 3)
            return try fetchRows(keyedBy: sql, layout: layout, ownerColumn: ownerColumn)
        }
    }
}
