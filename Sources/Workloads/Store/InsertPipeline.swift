import Dispatch
import ObjectGraph
import Synchronization

/// Runs the SQLite side of a dataset load on a context's own queue while the caller
/// generates: batch inserts (whose dictionaries are also built there), index builds
/// and join-table rows. Generation and SQLite each keep one of the two cores busy.
///
/// At most `depth` jobs wait or run at once, which bounds memory; the context's queue
/// is serial, so jobs run (and chunks receive their keys) in submission order.
final class InsertPipeline: Sendable {
    /// What finished chunks produced.
    struct Outcome: Sendable {
        var objectIDs: [String: [ObjectID]] = [:]
        var rows = 0
        var error: (any Error)?
    }

    /// A job handed to the context's queue. Invariant behind `@unchecked Sendable`: the
    /// job owns what it captures (values, or the load connection, which only jobs use
    /// while the pipeline runs), and the submitting thread never touches it again.
    private struct Handoff: @unchecked Sendable {
        let run: () throws -> Void
    }

    private let context: ManagedObjectContext
    private let slots: DispatchSemaphore
    private let running = DispatchGroup()
    private let outcome = Mutex(Outcome())

    /// A pipeline inserting through `context`, `depth` jobs deep.
    init(context: ManagedObjectContext, depth: Int = 2) {
        self.context = context
        self.slots = DispatchSemaphore(value: depth)
    }

    /// Queues one chunk: `makeRequest` runs on the queue, so building the rows'
    /// dictionaries is off the generating thread. Blocks while `depth` jobs are queued.
    func submit(rows: Int, _ makeRequest: @escaping () -> BatchInsertRequest) {
        enqueue { [self] in
            let request = makeRequest()
            let result = try context.execute(request)
            outcome.withLock { state in
                state.rows += rows
                if let ids = result.objectIDs {
                    state.objectIDs[request.entityName, default: []] += ids
                }
            }
        }
    }

    /// Queues other work for the queue (index builds, join rows), in order with chunks.
    func enqueue(_ work: @escaping () throws -> Void) {
        slots.wait()
        running.enter()
        let handoff = Handoff(run: work)
        context.perform { [self] in
            defer {
                slots.signal()
                running.leave()
            }
            guard outcome.withLock({ $0.error == nil }) else { return }
            do {
                try handoff.run()
            } catch {
                outcome.withLock { state in state.error = state.error ?? error }
            }
        }
    }

    /// Waits for every queued job and returns what they produced so far.
    /// - Throws: the first error a job raised.
    func drain() throws -> Outcome {
        running.wait()
        let current = outcome.withLock { $0 }
        if let error = current.error { throw error }
        return current
    }
}
