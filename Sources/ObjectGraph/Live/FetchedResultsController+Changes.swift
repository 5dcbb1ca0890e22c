import Foundation

/// What one batch of changes did to a controller's results.
public struct FetchedResultsDiff: Equatable, Sendable {
    /// Sections that appeared or went away.
    public let sectionChanges: [FetchedResultsSectionChange]
    /// Object changes: deletes (old index paths), inserts (new ones), updates and
    /// moves, each group in index-path order.
    public let objectChanges: [FetchedResultsChange]
    /// Whether the controller ran SQL to decide (a refetch), rather than deciding in
    /// memory.
    public let refetched: Bool
}

extension FetchedResultsController {
    /// Applies a save's or merge's changed object IDs to the results and tells the
    /// delegate and the snapshot streams when anything changed. IDs of other entities
    /// are ignored; when none is of the controller's entity, nothing happens.
    ///
    /// Decided in memory: each inserted or updated object of the entity is tested with
    /// the in-memory predicate evaluator and placed by its sort-key values. When that
    /// cannot be decided (the evaluator throws, for a predicate it cannot run on an
    /// object), the request is fetched again and the two ID lists are compared.
    ///
    /// Cost: no SQL for loaded objects; O(n) to rebuild the list and sections once per
    /// call, O(k log n) to place k changed objects.
    ///
    /// - Returns: the diff, or nil when nothing of the entity changed.
    @discardableResult
    package func processChanges(
        inserted: [ObjectID], updated: [ObjectID], deleted: [ObjectID]
    ) -> FetchedResultsDiff? {
        guard let entity else { return nil }
        let family = entity.descendantIDs
        let isMember = { (id: ObjectID) in family.contains(id.entity.id) }
        let changed = inserted.filter(isMember) + updated.filter(isMember)
        let gone = deleted.filter(isMember)
        guard !changed.isEmpty || !gone.isEmpty else { return nil }
        let old = OldResults(entries: list.entries, sections: sections)
        var positions: [ObjectID: Int]
        let refetched: Bool
        do {
            positions = try applyInMemory(changed: changed, deleted: gone)
            refetched = false
        } catch {
            guard (try? refetch()) != nil else { return nil }
            positions = Dictionary(
                old.entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { $1 })
            refetched = true
        }
        if refetched || !positions.isEmpty || list.count != old.entries.count {
            sections = ResultSections.make(list, sectioned: sectionNameKeyPath != nil)
        }
        let diff = makeDiff(
            old: old, positions: positions, changed: Set(changed), gone: Set(gone),
            refetched: refetched)
        if !diff.objectChanges.isEmpty || !diff.sectionChanges.isEmpty { deliver(diff) }
        return diff
    }

    /// Brings the context's unsaved changes into freshly fetched results, as a fetch
    /// with `includesPendingChanges` does (no callback). When the in-memory predicate
    /// cannot be run on some object, the results stay the store's.
    ///
    /// Cost: nothing without unsaved changes; else O(k log n) for k changed objects of
    /// the entity (no SQL for loaded objects).
    func includePendingChanges() {
        let context = managedObjectContext
        guard fetchRequest.includesPendingChanges, context.hasChanges, let entity else { return }
        let family = entity.descendantIDs
        let isMember = { (object: ManagedObject) in family.contains(object.objectID.entity.id) }
        let changed = (context.inserted.objects + context.updated.objects).filter(isMember)
        let deleted = context.deleted.objects.filter(isMember)
        guard !changed.isEmpty || !deleted.isEmpty else { return }
        let saved = list
        do {
            _ = try applyInMemory(
                changed: changed.map(\.objectID), deleted: deleted.map(\.objectID))
        } catch {
            list = saved
        }
    }

    /// After the context forgot every object (``ManagedObjectContext/reset()``): fetches
    /// the request again and reports the difference (inserts and deletes only: no
    /// object the context held has changes any more).
    ///
    /// Cost: one SELECT of keys and sort columns.
    ///
    /// - Returns: the diff, or nil when the fetch failed.
    @discardableResult
    package func processInvalidatedAll() -> FetchedResultsDiff? {
        guard entity != nil else { return nil }
        let old = OldResults(entries: list.entries, sections: sections)
        guard (try? refetch()) != nil else { return nil }
        let positions = Dictionary(
            old.entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { $1 })
        sections = ResultSections.make(list, sectioned: sectionNameKeyPath != nil)
        let diff = makeDiff(
            old: old, positions: positions, changed: [], gone: [], refetched: true)
        if !diff.objectChanges.isEmpty || !diff.sectionChanges.isEmpty { deliver(diff) }
        return diff
    }

    /// The results before a change batch: their storage is shared, not copied.
    struct OldResults {
        let entries: [ResultList.Entry]
        let sections: [FetchedResultsSection]
    }

    /// Places the changed objects; returns where each changed or deleted object was
    /// before (those that were results), read before the list changes so that the old
    /// list's index is never copied.
    func applyInMemory(changed: [ObjectID], deleted: [ObjectID]) throws
        -> [ObjectID: Int]
    {
        var positions: [ObjectID: Int] = [:]
        var added: [ResultList.Entry] = []
        for id in deleted {
            if let index = list.position(of: id) { positions[id] = index }
        }
        var seen = Set<ObjectID>()
        for id in changed where seen.insert(id).inserted {
            let object = managedObjectContext.object(with: id)
            if let index = list.position(of: id) { positions[id] = index }
            guard !object.isDeleted, try matches(object) else { continue }
            added.append(ResultList.Entry(id: id, keys: try sortValues(of: object)))
        }
        if !positions.isEmpty || !added.isEmpty {
            list.replace(removing: positions.values.sorted(), adding: added)
        }
        return positions
    }

    private func matches(_ object: ManagedObject) throws -> Bool {
        guard let predicate = fetchRequest.predicate else { return true }
        return try PredicateEvaluator.evaluate(predicate.root, on: object)
    }

    private func refetch() throws {
        guard let entity else { return }
        let entries = try managedObjectContext.coordinator.fetchOrderedKeys(
            for: fetchRequest, entity: entity)
        list = ResultList(
            sortKeys: fetchRequest.sortDescriptors,
            entries: entries.map { ResultList.Entry(id: $0.0, keys: $0.1) })
    }

    private func makeDiff(
        old: OldResults, positions: [ObjectID: Int], changed: Set<ObjectID>,
        gone: Set<ObjectID>, refetched: Bool
    ) -> FetchedResultsDiff {
        let candidates =
            refetched
            ? Set(old.entries.map(\.id)).union(list.entries.map(\.id))
            : changed.union(gone)
        var removed = Set<ObjectID>()
        var added = Set<ObjectID>()
        var present: [ObjectID: (from: Int, to: Int)] = [:]
        for id in candidates {
            switch (positions[id], list.position(of: id)) {
            case (_?, nil): removed.insert(id)
            case (nil, _?): added.insert(id)
            case (let from?, let to?) where changed.contains(id): present[id] = (from, to)
            default: break
            }
        }
        let moved = movedObjects(old: old.entries, present: present)
        let oldPath = { ResultSections.indexPath(of: $0, in: old.sections) }
        let newPath = { ResultSections.indexPath(of: $0, in: self.sections) }
        var deletes = removed.map {
            FetchedResultsChange.delete($0, indexPath: oldPath(positions[$0]!))
        }
        deletes.sort(by: Self.order)
        var inserts = added.map {
            FetchedResultsChange.insert($0, newIndexPath: newPath(list.position(of: $0)!))
        }
        inserts.sort(by: Self.order)
        var updates = present.map { id, move in
            moved.contains(id)
                ? FetchedResultsChange.move(id, from: oldPath(move.from), to: newPath(move.to))
                : .update(id, indexPath: oldPath(move.from))
        }
        updates.sort(by: Self.order)
        return FetchedResultsDiff(
            sectionChanges: sectionChanges(old: old.sections),
            objectChanges: deletes + inserts + updates,
            refetched: refetched)
    }

    /// The changed objects to report as moves, by the rule of Apple's
    /// `NSFetchedResultsControllerDelegate` documentation: "Moves are reported when the
    /// changed attribute on the object is one of the sort descriptors", so exactly the
    /// objects whose sort-key values changed, even when the index path stayed the same
    /// (a move in place). An object whose other state changed is an update, even when
    /// inserts, deletes or moves shifted it: those implicit shifts are not reported.
    /// The objects without a sort-key change keep their order among themselves, so a
    /// table view applying the deletes, inserts and moves gets the new results.
    private func movedObjects(
        old: [ResultList.Entry], present: [ObjectID: (from: Int, to: Int)]
    ) -> Set<ObjectID> {
        var moved = Set<ObjectID>()
        for (id, move) in present {
            let before = old[move.from].keys
            let after = list.entries[move.to].keys
            if zip(before, after).contains(where: { ResultList.compare($0, $1) != .orderedSame }) {
                moved.insert(id)
            }
        }
        return moved
    }

    private func sectionChanges(old: [FetchedResultsSection]) -> [FetchedResultsSectionChange] {
        let oldNames = old.map(\.name)
        let newNames = sections.map(\.name)
        var changes: [FetchedResultsSectionChange] = []
        for (index, name) in oldNames.enumerated() where !newNames.contains(name) {
            changes.append(.delete(name: name, index: index))
        }
        for (index, name) in newNames.enumerated() where !oldNames.contains(name) {
            changes.append(.insert(name: name, index: index))
        }
        return changes
    }

    /// Orders changes by the index path they name (the old one for deletes and moves).
    private static func order(_ lhs: FetchedResultsChange, _ rhs: FetchedResultsChange) -> Bool {
        key(lhs) < key(rhs)
    }

    private static func key(_ change: FetchedResultsChange) -> ResultsIndexPath {
        switch change {
        case .insert(_, let path), .delete(_, let path), .update(_, let path): return path
        case .move(_, let from, _): return from
        }
    }

    /// Tells the snapshot callback and streams of a new snapshot with no object change
    /// (IDs renamed by a save).
    func deliverSnapshot() {
        guard delegate != nil || !streams.isEmpty else { return }
        let current = snapshot
        delegate?.controller(self, didChangeContentWith: current)
        if !streams.isEmpty { streams.yield(current) }
    }

    private func deliver(_ diff: FetchedResultsDiff) {
        let hasStreams = !streams.isEmpty
        guard delegate != nil || hasStreams else { return }
        let current = snapshot
        if let delegate {
            delegate.controllerWillChangeContent(self)
            for change in diff.sectionChanges {
                delegate.controller(self, didChangeSection: change)
            }
            for change in diff.objectChanges { delegate.controller(self, didChange: change) }
            delegate.controllerDidChangeContent(self)
            delegate.controller(self, didChangeContentWith: current)
        }
        if hasStreams { streams.yield(current) }
    }
}
