extension ManagedObjectContext {
    // MARK: - Observing

    /// Calls `handler` on the context's queue each time the context posts `name`.
    ///
    /// ```swift
    /// let observation = context.observe(.objectsDidChange) { note in
    ///     for object in note.updatedObjects { … }   // on the context's queue
    /// }
    /// ```
    ///
    /// Cost: none until a notification is posted; while an objects-did-change observer
    /// exists, each change also records its object (an array append). Call on the
    /// context's queue (checked in every build).
    ///
    /// - Returns: the registration; the handler runs until it is cancelled or released.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/didsaveobjectidsnotification
    public func observe(
        _ name: ContextNotification.Name, _ handler: @escaping (ContextNotification) -> Void
    ) -> ContextObservation {
        checkQueue()
        return ContextObservation(context: self, id: observers.add(name, handler))
    }

    /// As ``observe(_:_:)``, and the handler also gets the objects-did-change of a merge
    /// that lists nothing this context holds but carries the merged save's IDs
    /// (``ContextNotification/mergedUpdateIDs``): what a results controller needs.
    package func observeIncludingMergeDetails(
        _ name: ContextNotification.Name, _ handler: @escaping (ContextNotification) -> Void
    ) -> ContextObservation {
        checkQueue()
        return ContextObservation(
            context: self, id: observers.add(name, wantsMergeDetails: true, handler))
    }

    /// The notifications named `name`, as an asynchronous sequence: each is yielded
    /// from the context's queue in posting order and buffered until consumed. The
    /// observation ends when the consuming task stops iterating.
    ///
    /// ```swift
    /// for await note in context.notifications(of: .didSave) {
    ///     try await view.perform { view.mergeChanges(fromContextDidSave: note) }
    /// }
    /// ```
    ///
    /// Cost: as ``observe(_:_:)``, plus one buffered element per notification. Callable
    /// from any thread (waits for the context's queue to register).
    public func notifications(of name: ContextNotification.Name)
        -> AsyncStream<ContextNotification>
    {
        let (stream, continuation) = AsyncStream<ContextNotification>.makeStream()
        let observation = performAndWait {
            observe(name) { continuation.yield($0) }
        }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    // MARK: - Posting

    /// Posts objects-did-change for the changes made since the last one, if any: what
    /// Core Data does at the end of each event. `perform` and `performAndWait` blocks
    /// call it when they end, and ``save()`` before it writes; call it yourself for a
    /// context used directly on its queue.
    ///
    /// Cost: nothing without objects-did-change observers; otherwise one pass over
    /// the changed objects.
    public func processPendingChanges() {
        checkQueue()
        undoManager?.closeEventGroup()
        guard observers.tracksChanges, observers.hasPendingChanges else { return }
        var inserted = Set<ObjectID>()
        var updated = Set<ObjectID>()
        var deleted = Set<ObjectID>()
        for object in observers.changed.objects where object.managedObjectContext === self {
            if object.isInserted {
                inserted.insert(object.objectID)
            } else if object.isDeleted {
                deleted.insert(object.objectID)
            } else {
                updated.insert(object.objectID)
            }
        }
        let note = ContextNotification(
            name: .objectsDidChange, context: self, inserted: inserted, updated: updated,
            deleted: deleted, refreshed: observers.refreshed, invalidated: observers.invalidated)
        observers.clearPending()
        if !note.isEmpty { post(note) }
    }

    /// Calls the observers of the notification's name, in registration order.
    func post(_ note: ContextNotification) {
        for handler in observers.handlers(for: note) { handler(note) }
    }

    /// Records a change for the next objects-did-change (one branch when unobserved).
    @inline(__always)
    func trackChange(_ object: ManagedObject) {
        if observers.tracksChanges { observers.changed.append(object) }
    }

    /// Records refreshed objects for the next objects-did-change.
    func trackRefreshed<S: Sequence>(_ ids: S) where S.Element == ObjectID {
        if observers.tracksChanges { observers.refreshed.formUnion(ids) }
    }

    /// Records invalidated objects for the next objects-did-change.
    func trackInvalidated<S: Sequence>(_ ids: S) where S.Element == ObjectID {
        if observers.tracksChanges { observers.invalidated.formUnion(ids) }
    }
}
