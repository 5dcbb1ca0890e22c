extension ManagedObjectContext {
    /// The unsaved changes of this child's ancestors to `entity`; nil in a root
    /// context or when they changed nothing of it (the fetch then runs as in a root).
    func ancestorChanges(for entity: Entity) throws -> AncestorChanges? {
        guard let parent else { return nil }
        let changes = try parent.changesForChild(of: entity)
        return changes.isEmpty ? nil : changes
    }

    /// A fetch in a child whose ancestors changed objects of the entity: the store's
    /// rows (one SELECT, without LIMIT and OFFSET, rows into the row cache) less what
    /// the ancestors deleted or changed, plus the changed and inserted objects that
    /// match the predicate in memory (their values come from the ancestors), plus
    /// this context's own pending changes; then sorted, offset and limited in memory.
    ///
    /// The request's limit and offset are lifted for the SELECT and restored before
    /// returning.
    func fetchInChild(_ request: AnyFetchRequest, entity: Entity, changes: AncestorChanges)
        throws -> [ManagedObject]
    {
        let (limit, offset) = (request.fetchLimit, request.fetchOffset)
        request.fetchLimit = 0
        request.fetchOffset = 0
        defer {
            request.fetchLimit = limit
            request.fetchOffset = offset
        }
        let rows = try coordinator.fetchRows(for: request, entity: entity, cache: true)
        var objects = register(rows, asFaults: true).filter {
            !changes.deleted.contains($0.objectID) && !changes.updated.contains($0.objectID)
        }
        let changed = (changes.inserted + changes.updated).map { object(with: $0) }
        objects += try pending(changed, matching: request, entity: entity)
        if request.includesPendingChanges {
            objects.removeAll(where: \.isDeleted)
            objects += try pending(inserted.objects, matching: request, entity: entity)
        }
        if !request.sortDescriptors.isEmpty {
            objects = try InMemorySort.sorted(objects, by: request.sortDescriptors)
        }
        let window = objects.dropFirst(offset)
        return Array(limit > 0 ? window.prefix(limit) : window)
    }

    /// A count in a child whose ancestors changed objects of the entity: the keys of
    /// the store's matching rows (one unordered SELECT of `Z_PK`s, no rows loaded or
    /// cached) less
    /// what the ancestors deleted or changed, plus the changed and inserted objects
    /// that match in memory, plus this context's own pending changes; then offset and
    /// limit, as ``fetchInChild(_:entity:changes:)`` would have returned.
    func countInChild(_ request: AnyFetchRequest, entity: Entity, changes: AncestorChanges)
        throws -> Int
    {
        let (limit, offset, sort) =
            (request.fetchLimit, request.fetchOffset, request.sortDescriptors)
        request.fetchLimit = 0
        request.fetchOffset = 0
        request.sortDescriptors = []  // a count needs no order
        defer {
            request.fetchLimit = limit
            request.fetchOffset = offset
            request.sortDescriptors = sort
        }
        var members = Set(try coordinator.fetchObjectIDs(for: request, entity: entity))
        members.subtract(changes.deleted)
        members.subtract(changes.updated)
        let changed = (changes.inserted + changes.updated).map { object(with: $0) }
        members.formUnion(try pending(changed, matching: request, entity: entity).map(\.objectID))
        if request.includesPendingChanges {
            members.subtract(deleted.objects.map(\.objectID))
            members.formUnion(
                try pending(inserted.objects, matching: request, entity: entity).map(\.objectID))
        }
        let afterOffset = max(0, members.count - offset)
        return limit > 0 ? min(afterOffset, limit) : afterOffset
    }
}
