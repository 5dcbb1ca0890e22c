extension ManagedObject {
    /// Replaces temporary IDs that became permanent wherever this object refers to
    /// them: changed to-ones and to-many members, committed or pending.
    ///
    /// Cost: one pass over the object's relationship state; nothing when it has none.
    func renameReferences(_ renames: [ObjectID: ObjectID]) {
        guard !toOneChanges.isEmpty || !toMany.isEmpty else { return }
        for (index, target) in toOneChanges {
            if let id = target, let permanent = renames[id] {
                toOneChanges[index] = .some(permanent)
            }
        }
        toMany.modifyAll { state in state.rename { renames[$0] ?? $0 } }
    }
}

extension ToManyState {
    /// Applies `rename` to every member ID it holds.
    mutating func rename(_ rename: (ObjectID) -> ObjectID) {
        committed = committed?.map(rename)
        added = added.map(rename)
        removed = Set(removed.map(rename))
        order = order?.map(rename)
    }
}
