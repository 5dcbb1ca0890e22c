/// One to-many relationship of one object: the committed members (nil while the
/// relationship is a fault) and the changes not yet saved.
///
/// Changes are kept as additions and removals so that an object can be added to a
/// to-many that was never read, without a SELECT.
struct ToManyState {
    /// The members in the store, once read; nil while a fault.
    var committed: [ObjectID]?
    /// Members added since the last save, in order.
    var added: [ObjectID] = []
    /// Committed members removed since the last save.
    var removed: Set<ObjectID> = []

    /// Whether there are unsaved changes.
    var hasChanges: Bool { !added.isEmpty || !removed.isEmpty }

    /// The members now: committed minus removed, plus added. Committed must be loaded.
    var current: [ObjectID] {
        var result = (committed ?? []).filter { !removed.contains($0) }
        let present = Set(result)
        result += added.filter { !present.contains($0) }
        return result
    }

    /// Adds a member.
    mutating func add(_ id: ObjectID) {
        if removed.remove(id) != nil { return }
        if added.contains(id) || committed?.contains(id) == true { return }
        added.append(id)
    }

    /// Removes a member.
    mutating func remove(_ id: ObjectID) {
        if let index = added.firstIndex(of: id) {
            added.remove(at: index)
        } else {
            removed.insert(id)
        }
    }

    /// Folds the changes into the committed members after a save, renaming IDs that
    /// became permanent.
    mutating func commit(renaming ids: [ObjectID: ObjectID]) {
        committed = committed.map { _ in current.map { ids[$0] ?? $0 } }
        added = []
        removed = []
    }
}
