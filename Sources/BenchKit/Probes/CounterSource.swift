/// Counters a suite adds to every case, such as the engine's SQL statement counts.
///
/// Register one from a benchmark's setup with ``CaseContext/register(_:)``. The runner
/// reads it before and after each instrumented iteration and records the difference,
/// so values must be cumulative (monotonic counters, not gauges). BenchKit knows
/// nothing of the engine; this protocol is where the engine plugs in.
///
/// ```swift
/// final class StatementCounter: CounterSource {
///     let metrics = [Metric(name: "sql.statements", unit: .count)]
///     func read() -> [Double] { [Double(container.statistics.statementCount)] }
/// }
/// ```
///
/// Cost: whatever ``read()`` costs, twice per instrumented iteration, never timed.
public protocol CounterSource: AnyObject {
    /// The metrics this source reports, in the order ``read()`` returns them.
    var metrics: [Metric] { get }
    /// The current cumulative value of each metric.
    func read() -> [Double]
}
