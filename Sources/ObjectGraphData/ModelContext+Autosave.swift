import ObjectGraph

extension ModelContext {
    /// Starts or stops saving at the end of each event with changes.
    func setAutosave(_ enabled: Bool) {
        guard enabled != (autosaveObservation != nil) else { return }
        guard enabled else {
            autosaveObservation?.cancel()
            autosaveObservation = nil
            return
        }
        autosaveObservation = managedObjectContext.performAndWait {
            managedObjectContext.observe(.objectsDidChange) { [weak self] _ in
                self?.autosave()
            }
        }
    }

    /// Saves after an event, as SwiftData's main context does after a run-loop turn.
    private func autosave() {
        guard !isAutosaving, managedObjectContext.hasChanges else { return }
        isAutosaving = true
        defer { isAutosaving = false }
        do {
            try managedObjectContext.save()
            autosaveCount += 1
        } catch {
            autosaveError = error
        }
    }
}
