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
    /// For an ordered relationship that changed: every member in its new order.
    var order: [ObjectID]?

    /// Whether there are unsaved changes.
    var hasChanges: Bool { !added.isEmpty || !removed.isEmpty || order != nil }

    /// The members now: committed minus removed, plus added. Committed must be loaded.
    /// Without changes that is the committed array itself (no copy, no hashing): the
    /// common case of reading a to-many that was faulted or prefetched.
    ///
    /// Cost: one pass over the committed members; they are hashed only when members
    /// were added (a delete's nullify removes one post from a tag's thousands and adds
    /// none, and each save recomputes this for every changed to-many).
    var current: [ObjectID] {
        if let order { return order }
        var result = committed ?? []
        if !removed.isEmpty { result.removeAll { removed.contains($0) } }
        guard !added.isEmpty else { return result }
        let present = Set(result)
        result += added.filter { !present.contains($0) }
        return result
    }

    /// Adds a member (at the end, for an ordered relationship).
    mutating func add(_ id: ObjectID) {
        if order != nil, !order!.contains(id) { order!.append(id) }
        if removed.remove(id) != nil { return }
        if added.contains(id) || committed?.contains(id) == true { return }
        added.append(id)
    }

    /// Removes a member.
    mutating func remove(_ id: ObjectID) {
        order?.removeAll { $0 == id }
        if let index = added.firstIndex(of: id) {
            added.remove(at: index)
        } else {
            removed.insert(id)
        }
    }

    /// Forgets unsaved changes.
    mutating func discardChanges() {
        added = []
        removed = []
        order = nil
    }

    /// Folds the changes into the committed members after a save, renaming IDs that
    /// became permanent.
    mutating func commit(renaming rename: (ObjectID) -> ObjectID) {
        committed = committed.map { _ in current.map(rename) }
        added = []
        removed = []
        order = nil
    }
}
