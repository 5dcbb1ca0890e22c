import SQLiteDB

/// One object's unsaved changes in a child context, as plain values, so that the
/// parent can apply them on its own queue (``ManagedObjectContext/save()`` of a child).
struct PushedChange {
    /// What happened to the object.
    enum Kind {
        case inserted, updated, deleted
    }

    /// A to-many's changes.
    struct ToMany {
        let index: Int
        let added: [ObjectID]
        let removed: [ObjectID]
        let order: [ObjectID]?
    }

    let id: ObjectID
    let kind: Kind
    let attributes: [(index: Int, value: SQLiteValue)]
    let toOnes: [(index: Int, target: ObjectID?)]
    let toManys: [ToMany]

    /// The changes of `object`, a member of one of its context's change lists.
    init(_ object: ManagedObject, kind: Kind) {
        id = object.objectID
        self.kind = kind
        attributes = kind == .deleted ? [] : object.attributeChanges.map { ($0, $1) }
        toOnes = kind == .deleted ? [] : object.toOneChanges.map { ($0, $1) }
        toManys =
            kind == .deleted
            ? []
            : object.toMany.compactMap { index, state in
                state.hasChanges
                    ? ToMany(
                        index: index, added: state.added, removed: Array(state.removed),
                        order: state.order)
                    : nil
            }
    }
}
