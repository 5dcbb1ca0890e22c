import SQLiteDB

extension PersistentContainer {
    /// Runs `request` on a new private-queue context, reads up to `limit` of its results
    /// as an app would (each object's first attribute, so its fault fires), and returns
    /// every statement that ran and the plan of each distinct SELECT.
    ///
    /// Plans come from `EXPLAIN QUERY PLAN` on a second, read-only connection to the
    /// store's file, with the store's SQL functions registered, bound with each SELECT's
    /// first arguments (they can change the plan): the store's own connection, its
    /// statistics and its trace see nothing of the planning.
    ///
    /// ```swift
    /// let request = FetchRequest(entityName: "Post")
    /// request.predicate = try FetchPredicate(format: "likes > 400")
    /// let explanation = try container.explain(request, reading: 100)
    /// print(explanation.statements.count, explanation.plans.map(\.plan.fullScans))
    /// ```
    ///
    /// Cost: the fetch and the reads, one connection opened and one `EXPLAIN QUERY PLAN`
    /// per distinct SELECT.
    /// - Parameters:
    ///   - request: The fetch to explain.
    ///   - limit: How many results to read.
    /// - Returns: The statements, in order, and the plans.
    /// - Throws: ``ExplainError`` for a store without an SQLite file, ``StoreError``
    ///   before ``loadPersistentStores()``, ``FetchError`` for a request the model
    ///   refuses, `SQLiteError` when the store cannot be read.
    public func explain<Result>(_ request: FetchRequest<Result>, reading limit: Int) throws
        -> FetchExplanation
    {
        let description = persistentStoreDescriptions.first ?? .inMemory()
        guard description.type == .sqlite, case .file(let path) = description.location else {
            throw ExplainError.needsSQLiteFile(description.type)
        }
        _ = try loadedCoordinator()
        let collector = StatementCollector()
        addTraceSink(collector)
        let read: Int
        do {
            defer { removeTraceSink(collector) }
            read = try readResults(of: request, upTo: limit)
        }
        let statements = collector.statements
        return FetchExplanation(
            resultsRead: read, statements: statements,
            plans: try Self.plans(of: statements, onFile: path))
    }

    /// Fetches on a new background context and reads each of the first `limit`
    /// results' first attribute; returns how many were read.
    private func readResults<Result>(of request: FetchRequest<Result>, upTo limit: Int) throws
        -> Int
    {
        let context = newBackgroundContext()
        let entity = managedObjectModel.entities.first { $0.name == request.entityName }
        let attribute = entity?.attributes.first?.name
        return try context.performAndWait {
            var read = 0
            for object in try context.fetch(request).prefix(limit) {
                _ = attribute.map { object.value(forKey: $0) }
                read += 1
            }
            return read
        }
    }

    /// The plan of each distinct SELECT of `statements`, on a read-only connection to
    /// the store file at `path`.
    private static func plans(of statements: [StatementEvent], onFile path: String) throws
        -> [FetchExplanation.PlannedSelect]
    {
        var readOnly = Connection.Configuration()
        readOnly.openMode = .readOnly
        let planner = try Connection(location: .file(path), configuration: readOnly)
        try StoreFunctions.register(on: planner)
        var seen = Set<String>()
        var plans: [FetchExplanation.PlannedSelect] = []
        for statement in statements where statement.kind == .select {
            guard seen.insert(statement.sql).inserted else { continue }
            let plan = try planner.explainQueryPlan(
                SQL(text: statement.sql, arguments: statement.arguments))
            plans.append(FetchExplanation.PlannedSelect(sql: statement.sql, plan: plan))
        }
        return plans
    }
}
