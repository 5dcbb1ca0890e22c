/// A registration made by ``ManagedObjectContext/observe(_:_:)``: the handler runs
/// until ``cancel()`` or until this object is released, whichever comes first.
///
/// Keep it as long as you want the notifications (store it in the observing object).
public final class ContextObservation: @unchecked Sendable {
    // Invariant behind `@unchecked Sendable`: `context` and `id` never change; the
    // observer list they name is touched only on the context's queue.
    private weak var context: ManagedObjectContext?
    private let id: Int

    init(context: ManagedObjectContext, id: Int) {
        self.context = context
        self.id = id
    }

    /// Stops the handler; later notifications do not reach it. Waits for the context's
    /// queue (runs at once on it).
    public func cancel() {
        guard let context else { return }
        context.performAndWait { context.observers.remove(id) }
    }

    deinit {
        guard let context else { return }
        let id = id
        if context.isOnQueue {
            context.observers.remove(id)
        } else {
            context.perform { context.observers.remove(id) }
        }
    }
}
