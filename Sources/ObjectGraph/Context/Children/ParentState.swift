/// What a parent context (and its ancestors) knows of one object that a child asks
/// about.
enum ParentRow {
    /// The parent's current values (unsaved changes applied).
    case row(RowSnapshot)
    /// The parent has nothing newer than the store: read the row cache or the store.
    case store
    /// The parent deleted the object.
    case deleted
}

/// The unsaved changes of a child's ancestors to one entity (and its sub-entities),
/// gathered once per fetch in the child.
struct AncestorChanges {
    /// Objects the ancestors inserted.
    var inserted: [ObjectID] = []
    /// Objects the ancestors changed.
    var updated: Set<ObjectID> = []
    /// Objects the ancestors deleted.
    var deleted: Set<ObjectID> = []

    /// Whether the ancestors changed nothing of the entity.
    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
