import Synchronization

/// The contexts a save is merged into: those with
/// ``ManagedObjectContext/automaticallyMergesChangesFromParent`` on the same
/// coordinator (for root saves) or the children of a context (for its saves), held
/// weakly so that a context's lifetime is its owner's business.
///
/// Thread-safe (a mutex): contexts on any queue register and read it.
final class MergeTargets: Sendable {
    private struct Target: @unchecked Sendable {
        // A weak reference is safe to read from any thread; the context is Sendable.
        weak var context: ManagedObjectContext?
    }

    private let targets = Mutex<[Target]>([])

    /// Adds `context` (once).
    func add(_ context: ManagedObjectContext) {
        targets.withLock { targets in
            targets.removeAll { $0.context == nil }
            if !targets.contains(where: { $0.context === context }) {
                targets.append(Target(context: context))
            }
        }
    }

    /// Removes `context`.
    func remove(_ context: ManagedObjectContext) {
        targets.withLock { $0.removeAll { $0.context == nil || $0.context === context } }
    }

    /// The live contexts, in registration order.
    var contexts: [ManagedObjectContext] {
        targets.withLock { $0.compactMap(\.context) }
    }

    /// Whether any live context is registered.
    var isEmpty: Bool {
        targets.withLock { !$0.contains { $0.context != nil } }
    }
}
