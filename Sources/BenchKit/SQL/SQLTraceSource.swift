/// Hands the SQL of one iteration to the runner: where an engine's trace plugs in.
///
/// Register one from a benchmark's setup with ``CaseContext/register(trace:)``. The
/// runner calls ``startTrace()`` right before each instrumented iteration's body and
/// ``finishTrace()`` right after it, and keeps the last trace in the case result, so
/// the report can show the statements and the N+1 detector can read them. Timed
/// iterations are never traced. ``SQLTraceRecorder`` is a ready implementation.
///
/// Cost: whatever the source does per statement while tracing (at most
/// ``SQLLog/lineLimit`` log lines kept); nothing otherwise.
public protocol SQLTraceSource: AnyObject {
    /// Forgets what was recorded and starts recording.
    func startTrace()
    /// Stops recording and returns what was recorded since ``startTrace()``.
    func finishTrace() -> SQLTrace
    /// The lines the engine's level-1 SQL log printed during the last trace (or one
    /// equivalent line per statement for a source without such a log), for the case's
    /// `sql/…log` file; the runner reads it after ``finishTrace()``.
    var sqlLog: SQLLog { get }

    /// Whether the source audits projections (``FetchProjection``): the runner then
    /// runs one audit iteration per case, after the measured ones, between
    /// ``startAudit()`` and ``finishAudit()``.
    var auditsProjections: Bool { get }
    /// Starts recording which properties of fetched objects the body reads.
    func startAudit()
    /// Stops the audit and returns what it recorded.
    func finishAudit() -> [FetchProjection]
}

extension SQLTraceSource {
    /// No audit.
    public var auditsProjections: Bool { false }
    /// Nothing to start.
    public func startAudit() {}
    /// Nothing recorded.
    public func finishAudit() -> [FetchProjection] { [] }
}
