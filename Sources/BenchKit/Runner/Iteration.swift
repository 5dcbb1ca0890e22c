/// The kinds of iteration a case runs, in this order (counted instead of timed under
/// `bench run --instructions`).
///
/// Cost: none; a tag.
public enum IterationKind: String, Sendable, Codable {
    /// Runs the body untimed to warm caches, JIT-free code paths and the allocator.
    case warmup
    /// Runs the body between clock reads; wall and CPU time.
    case timed
    /// Runs the body with allocation, memory and counter probes; not timed.
    case instrumented
    /// Runs the body with callgrind counting its instructions; only in a worker under
    /// valgrind (``Callgrind``).
    case counted
    /// Runs the body once more, after the measured iterations, with the trace
    /// sources' projection audit on (``FetchProjection``); no metric, no trace.
    case audit
}

/// What one iteration produced: its probe values and the body's checksum.
///
/// Cost: a small array; crosses the child-process pipe as one JSON line.
struct IterationRecord: Sendable, Codable {
    /// Which kind of iteration ran.
    var kind: IterationKind
    /// One value per metric of that kind, in the worker's metric order.
    var values: [Double]
    /// The body's checksum.
    var checksum: UInt64
    /// The SQL the body issued, for instrumented iterations of traced cases.
    var sqlTrace: SQLTrace? = nil
    /// The SQL log lines, for the first instrumented iteration of a traced case only:
    /// bounded by ``SQLLog``, so the JSON line stays a few hundred KB at most.
    var sqlLog: SQLLog? = nil
    /// What the projection audit saw, for the audit iteration of an audited case.
    var projections: [FetchProjection]? = nil
}
