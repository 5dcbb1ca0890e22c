/// A context's observers and the changes its next objects-did-change will list.
///
/// Confined to the context's queue, like the rest of its state. Changes are tracked
/// only while some objects-did-change observer exists, so a context nobody watches
/// pays one branch per change.
struct ContextObservers {
    private struct Entry {
        let id: Int
        let name: ContextNotification.Name
        /// Whether it also wants objects-did-change notes that only carry merge details.
        let wantsMergeDetails: Bool
        let handler: (ContextNotification) -> Void
    }

    private var entries: [Entry] = []
    private var nextID = 0
    /// Whether an objects-did-change observer exists (changes are then tracked).
    private(set) var tracksChanges = false

    /// Objects changed, inserted or deleted since the last objects-did-change.
    var changed = ObjectList(bit: 8)
    /// Objects refreshed since the last objects-did-change.
    var refreshed: Set<ObjectID> = []
    /// Objects invalidated since the last objects-did-change.
    var invalidated: Set<ObjectID> = []

    /// Whether an objects-did-change is due.
    var hasPendingChanges: Bool {
        !changed.isEmpty || !refreshed.isEmpty || !invalidated.isEmpty
    }

    /// Whether anyone observes `name`.
    func observes(_ name: ContextNotification.Name) -> Bool {
        entries.contains { $0.name == name }
    }

    /// Adds an observer; returns its ID for ``remove(_:)``.
    mutating func add(
        _ name: ContextNotification.Name, wantsMergeDetails: Bool = false,
        _ handler: @escaping (ContextNotification) -> Void
    ) -> Int {
        nextID += 1
        entries.append(
            Entry(
                id: nextID, name: name, wantsMergeDetails: wantsMergeDetails, handler: handler))
        tracksChanges = observes(.objectsDidChange)
        return nextID
    }

    /// Removes an observer (nothing when already gone).
    mutating func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
        tracksChanges = observes(.objectsDidChange)
        if !tracksChanges { clearPending() }
    }

    /// The handlers of `note`'s name, in registration order; a note whose public keys
    /// are empty (only merge details) goes to the observers that asked for those.
    func handlers(for note: ContextNotification) -> [(ContextNotification) -> Void] {
        let detailsOnly = note.name == .objectsDidChange && note.isEmpty
        return entries.filter { $0.name == note.name && (!detailsOnly || $0.wantsMergeDetails) }
            .map(\.handler)
    }

    /// Forgets the tracked changes.
    mutating func clearPending() {
        changed.removeAll()
        refreshed = []
        invalidated = []
    }
}
