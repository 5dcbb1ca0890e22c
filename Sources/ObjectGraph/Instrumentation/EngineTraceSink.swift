/// Receives a container's ``EngineTraceEvent``s: attach one with
/// ``PersistentContainer/addTraceSink(_:)``.
///
/// The ``SQLDebugLog`` is one; the lab's recorder and tests are others. Events arrive
/// synchronously on whichever queue runs the context doing the work (SQL events while
/// the coordinator's lock is held), one at a time per store, so a sink must be quick
/// and thread-safe, and must not call back into the container.
///
/// ```swift
/// final class StatementCounter: EngineTraceSink {
///     let count = Mutex(0)
///     func receive(_ event: EngineTraceEvent) {
///         if case .sql(.statement) = event { count.withLock { $0 += 1 } }
///     }
/// }
/// ```
///
/// Cost: the engine builds an event only while at least one sink is attached; with
/// none, each annotation site costs one branch and no SQL event leaves SQLiteDB.
package protocol EngineTraceSink: AnyObject, Sendable {
    /// Handles one event.
    func receive(_ event: EngineTraceEvent)

    /// Whether the engine should run `EXPLAIN QUERY PLAN` before each fetch and send
    /// it as ``EngineTraceEvent/queryPlan(_:)``: one extra statement per fetch, so
    /// false unless the sink prints plans (the level-4 debug log).
    var wantsQueryPlans: Bool { get }

    /// The audit that records, per fetch, which properties of the fetched objects
    /// were read (``ProjectionAudit``), or nil: an audit costs a lock per property
    /// read, so nil unless the sink reports projections.
    var projectionAudit: ProjectionAudit? { get }
}

extension EngineTraceSink {
    /// No plans: they cost one `EXPLAIN QUERY PLAN` per fetch.
    package var wantsQueryPlans: Bool { false }

    /// No audit.
    package var projectionAudit: ProjectionAudit? { nil }
}
