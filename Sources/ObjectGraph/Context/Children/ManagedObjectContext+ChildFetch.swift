extension ManagedObjectContext {
    /// The unsaved changes of this child's ancestors to `entity`; nil in a root
    /// context or when they changed nothing of it (the fetch then runs as in a root).
    func ancestorChanges(for entity: Entity) throws -> AncestorChanges? {
        guard let parent else { return nil }
        let changes = try parent.changesForChild(of: entity)
        return changes.isEmpty ? nil : changes
    }

    /// A fetch in a child whose ancestors changed objects of the entity: the store's
    /// rows (one SELECT, without LIMIT and OFFSET, rows into the row cache) overlaid
    /// with the changes (``overlaid(_:request:entity:changes:)``); then sorted, offset
    /// and limited in memory.
    func fetchInChild(_ request: AnyFetchRequest, entity: Entity, changes: AncestorChanges)
        throws -> [ManagedObject]
    {
        let (rows, window) = try withoutWindow(request, unordered: false) {
            try coordinator.fetchRows(for: request, entity: entity, cache: true)
        }
        let store = register(rows, asFaults: true).map(\.objectID)
        var objects = try overlaid(store, request: request, entity: entity, changes: changes)
            .map { object(with: $0) }
        if !request.sortDescriptors.isEmpty {
            objects = try InMemorySort.sorted(objects, by: request.sortDescriptors)
        }
        let shown = objects.dropFirst(window.offset)
        return Array(window.limit > 0 ? shown.prefix(window.limit) : shown)
    }

    /// A count in a child whose ancestors changed objects of the entity: the keys of
    /// the store's matching rows (one unordered SELECT of `Z_PK`s, no rows loaded or
    /// cached) overlaid with the changes, then offset and limited: what
    /// ``fetchInChild(_:entity:changes:)`` would have returned, counted.
    func countInChild(_ request: AnyFetchRequest, entity: Entity, changes: AncestorChanges)
        throws -> Int
    {
        let (store, window) = try withoutWindow(request, unordered: true) {
            try coordinator.fetchObjectIDs(for: request, entity: entity)
        }
        let count = try overlaid(store, request: request, entity: entity, changes: changes).count
        let afterOffset = max(0, count - window.offset)
        return window.limit > 0 ? min(afterOffset, window.limit) : afterOffset
    }

    /// Runs `select` with the request's limit and offset lifted (and its sort keys, when
    /// `unordered`), restored before returning: the window applies only after the
    /// ancestors' changes are overlaid. Returns what `select` returned and the window.
    private func withoutWindow<T>(
        _ request: AnyFetchRequest, unordered: Bool, _ select: () throws -> T
    ) throws -> (T, window: (limit: Int, offset: Int)) {
        let (limit, offset, sort) =
            (request.fetchLimit, request.fetchOffset, request.sortDescriptors)
        request.fetchLimit = 0
        request.fetchOffset = 0
        if unordered { request.sortDescriptors = [] }
        defer {
            request.fetchLimit = limit
            request.fetchOffset = offset
            request.sortDescriptors = sort
        }
        return (try select(), (limit, offset))
    }

    /// The store's matching IDs less what the ancestors deleted or changed, plus the
    /// changed and inserted objects that match the predicate in memory (their values
    /// come from the ancestors), plus this context's own pending changes; in that
    /// order, unsorted.
    private func overlaid(
        _ store: [ObjectID], request: AnyFetchRequest, entity: Entity, changes: AncestorChanges
    ) throws -> [ObjectID] {
        var ids = store.filter { !changes.deleted.contains($0) && !changes.updated.contains($0) }
        let changed = (changes.inserted + changes.updated).map { object(with: $0) }
        ids += try pending(changed, matching: request, entity: entity).map(\.objectID)
        if request.includesPendingChanges {
            ids.removeAll { registered[$0]?.isDeleted == true }
            ids += try pending(inserted.objects, matching: request, entity: entity).map(\.objectID)
        }
        return ids
    }
}
