/// Hands the SQL of one iteration to the runner: where an engine's trace plugs in.
///
/// Register one from a benchmark's setup with ``CaseContext/register(trace:)``. The
/// runner calls ``startTrace()`` right before each instrumented iteration's body and
/// ``finishTrace()`` right after it, and keeps the last trace in the case result, so
/// the report can show the statements and the N+1 detector can read them. Timed
/// iterations are never traced. ``SQLTraceRecorder`` is a ready implementation.
///
/// Cost: whatever the source does per statement while tracing; nothing otherwise.
public protocol SQLTraceSource: AnyObject {
    /// Forgets what was recorded and starts recording.
    func startTrace()
    /// Stops recording and returns what was recorded since ``startTrace()``.
    func finishTrace() -> SQLTrace
}
