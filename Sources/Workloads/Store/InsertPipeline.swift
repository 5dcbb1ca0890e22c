import Dispatch
import ObjectGraph
import Synchronization

/// Runs batch inserts on a context's own queue while the caller generates the next
/// chunk: generation and SQLite each keep one of the machine's two cores busy.
///
/// At most `depth` chunks wait or run at once, which bounds memory; the context's queue
/// is serial, so chunks insert (and receive their keys) in submission order.
final class InsertPipeline: Sendable {
    /// What finished chunks produced.
    struct Outcome: Sendable {
        var objectIDs: [String: [ObjectID]] = [:]
        var rows = 0
        var error: (any Error)?
    }

    /// A request handed to the context's queue. Invariant behind `@unchecked Sendable`:
    /// the submitting thread never touches the request again after handing it over.
    private struct Handoff: @unchecked Sendable {
        let request: BatchInsertRequest
        let rows: Int
    }

    private let context: ManagedObjectContext
    private let slots: DispatchSemaphore
    private let running = DispatchGroup()
    private let outcome = Mutex(Outcome())

    /// A pipeline inserting through `context`, `depth` chunks deep.
    init(context: ManagedObjectContext, depth: Int = 2) {
        self.context = context
        self.slots = DispatchSemaphore(value: depth)
    }

    /// Queues one chunk; blocks while `depth` chunks are already in flight.
    func submit(_ request: BatchInsertRequest, rows: Int) {
        slots.wait()
        running.enter()
        let handoff = Handoff(request: request, rows: rows)
        context.perform { [self] in
            defer {
                slots.signal()
                running.leave()
            }
            do {
                let result = try context.execute(handoff.request)
                outcome.withLock { state in
                    state.rows += handoff.rows
                    if let ids = result.objectIDs {
                        state.objectIDs[handoff.request.entityName, default: []] += ids
                    }
                }
            } catch {
                outcome.withLock { state in state.error = state.error ?? error }
            }
        }
    }

    /// Waits for every queued chunk and returns what they produced so far.
    /// - Throws: the first error a chunk raised.
    func drain() throws -> Outcome {
        running.wait()
        let current = outcome.withLock { $0 }
        if let error = current.error { throw error }
        return current
    }
}
