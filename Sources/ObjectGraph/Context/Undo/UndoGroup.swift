import SQLiteDB

/// One undo group: what each change replaced, in order, so that replaying it
/// backwards restores the state before the group.
final class UndoGroup {
    /// One recorded change.
    enum Action {
        /// An attribute's stored value before the group changed it.
        case attribute(ManagedObject, index: Int, old: SQLiteValue)
        /// A to-one's target before.
        case toOne(ManagedObject, index: Int, old: ObjectID?)
        /// A member added to one side of a to-many.
        case added(ManagedObject, index: Int, member: ObjectID)
        /// A member removed from one side of a to-many.
        case removed(ManagedObject, index: Int, member: ObjectID)
        /// The object was inserted (or its deletion undone): undone by deleting it.
        case inserted(ManagedObject)
        /// The object was deleted; whether it had been inserted (unsaved) then.
        case deleted(ManagedObject, wasInserted: Bool)
    }

    private(set) var actions: [Action] = []
    private var seen = Set<PropertyKey>()

    private struct PropertyKey: Hashable {
        let object: ObjectIdentifier
        let property: Int
    }

    var isEmpty: Bool { actions.isEmpty }

    /// Records `action`; an attribute or to-one only when the same property of the same
    /// object is not recorded in this group yet (its first old value is the one to
    /// restore). To-many changes are kept one by one, so nothing is loaded to record them.
    func record(_ action: Action) {
        switch action {
        case .attribute(let object, let index, _):
            guard
                seen.insert(PropertyKey(object: ObjectIdentifier(object), property: index))
                    .inserted
            else { return }
        case .toOne(let object, let index, _):
            let key = PropertyKey(object: ObjectIdentifier(object), property: -1 - index)
            guard seen.insert(key).inserted else { return }
        case .added, .removed, .inserted, .deleted:
            break
        }
        actions.append(action)
    }

    /// Restores every recorded old state, last change first. Objects whose deletion
    /// a save already wrote come back first, so the relationship records of the group
    /// (recorded after the delete, replayed before it) find them in the context.
    func reverse(in context: ManagedObjectContext) {
        for case .deleted(let object, false) in actions where object.managedObjectContext == nil {
            context.reinsertSavedDeletion(object)
        }
        for action in actions.reversed() { context.restore(action) }
    }
}
