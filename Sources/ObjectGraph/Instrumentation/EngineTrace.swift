import SQLiteDB

/// The engine's side of the trace-sink hook: the sinks attached when it was made, the
/// store connection's trace sink that forwards SQLite's events to them as
/// ``EngineTraceEvent/sql(_:)``, and one method per annotation the engine sends.
///
/// Immutable: attaching or detaching a sink makes a new one (the coordinator swaps it
/// under its lock), so contexts on any queue can send annotations without a lock of
/// their own. The coordinator holds none while no sink is attached, so every
/// annotation site is one optional-chaining branch that skips building its arguments:
/// `coordinator.trace?.prefetched(key: keyPath, rows: rows.count)`.
///
/// Cost: one call per sink per event.
package final class EngineTrace: TraceSink, Sendable {
    /// The sinks, in the order they were attached.
    package let sinks: [any EngineTraceSink]
    /// Whether any sink asks for query plans (``EngineTraceSink/wantsQueryPlans``).
    package let wantsQueryPlans: Bool
    /// The first sink's ``ProjectionAudit``, when one wants it.
    package let projectionAudit: ProjectionAudit?

    /// A trace for `sinks`, or nil when there are none (so nothing is traced).
    package init?(sinks: [any EngineTraceSink]) {
        guard !sinks.isEmpty else { return nil }
        self.sinks = sinks
        wantsQueryPlans = sinks.contains { $0.wantsQueryPlans }
        projectionAudit = sinks.lazy.compactMap(\.projectionAudit).first
    }

    /// Forwards a connection event; the engine's own `EXPLAIN QUERY PLAN` statements
    /// (run for ``queryPlan(_:)``) are not the workload's and are left out.
    package func receive(_ event: TraceEvent) {
        if case .statement(let statement) = event, statement.sql.hasPrefix("EXPLAIN ") {
            return
        }
        send(.sql(event))
    }

    private func send(_ event: EngineTraceEvent) {
        for sink in sinks { sink.receive(event) }
    }

    // MARK: - Annotations

    /// After a fetch of `entity` returned `rows` results, `nanoseconds` after it
    /// started.
    package func fetchCompleted(nanoseconds: UInt64, rows: Int, entity: String) {
        send(.fetchCompleted(rows: rows, nanoseconds: nanoseconds, entity: entity))
    }

    /// After `count(for:)` answered `count` for `request`.
    package func countCompleted(nanoseconds: UInt64, count: Int, request: AnyFetchRequest) {
        send(.countCompleted(request: request.description, count: count, nanoseconds: nanoseconds))
    }

    /// After an object fault's SELECT filled `snapshot`.
    package func faultFulfilled(_ snapshot: RowSnapshot) {
        send(
            .faultFulfilled(
                FulfilledRow(objectID: snapshot.objectID, values: Array(snapshot.values))))
    }

    /// After the to-many relationship `name` of `objectID` was read: `rows` IDs.
    package func toManyFaultFulfilled(_ name: String, of objectID: ObjectID, rows: Int) {
        send(.toManyFaultFulfilled(relationship: name, objectID: objectID, rows: rows))
    }

    /// After one prefetch level: `key` is the key path so far (`posts.comments`).
    package func prefetched(key: String, rows: Int) {
        let level = key.utf8.reduce(1) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
        send(.prefetched(keyPath: key, level: level, rows: rows))
    }

    /// After a batched fetch loaded `batch` (from 0) of `count` batches.
    package func batchFulfilled(batch: Int, of count: Int, rows: Int) {
        send(.batchLoaded(batch: batch, of: count, rows: rows))
    }

    /// After a batch request of `kind` (`insert`, `update`, `delete`) on `table`.
    package func batchRequestCompleted(
        _ kind: String, table: String, rows: Int, nanoseconds: UInt64
    ) {
        send(.batchRequestCompleted(kind: kind, table: table, rows: rows, nanoseconds: nanoseconds))
    }

    /// The plan of the fetch about to run (only when ``wantsQueryPlans``).
    package func queryPlan(_ plan: QueryPlan) {
        send(.queryPlan(plan))
    }

    /// The statements until ``causeEnded()`` serve `cause`.
    package func causeBegan(_ cause: TraceCause) {
        send(.causeBegan(cause))
    }

    /// The innermost cause is over.
    package func causeEnded() {
        send(.causeEnded)
    }

    /// A save entering `phase`.
    package func savePhase(_ phase: SavePhase) {
        send(.savePhase(phase))
    }
}
