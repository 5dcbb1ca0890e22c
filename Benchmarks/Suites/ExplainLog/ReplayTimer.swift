import BenchKit
import SQLiteDB

/// Runs one replayed statement until its time is known: one untimed run (which counts
/// the rows and warms the page cache), then timed runs until ``budget`` seconds or
/// ``maximumRepetitions``, at least three; the median is its time.
///
/// Cost: up to about ``budget`` seconds per statement and size.
struct ReplayTimer {
    /// Seconds spent timing one statement at one size.
    var budget = 0.2
    /// Timed runs at most.
    var maximumRepetitions = 100

    /// The median time, rows and plan of `sql` on `connection`.
    /// - Throws: ``ReplaySQL/Refusal`` when the statement would write; `SQLiteError`
    ///   when SQLite refuses it (a column the model lacks).
    func measure(_ sql: String, _ arguments: [SQLArgument], on connection: Connection, size: Int)
        throws -> ReplayRun
    {
        let statement = try connection.prepare(sql)
        guard statement.isReadOnly else { throw ReplaySQL.Refusal(reason: "the statement writes") }
        try statement.bind(arguments)
        var rows = 0
        while try statement.step() { rows += 1 }
        var times: [Double] = []
        var spent = 0.0
        while times.count < 3 || (spent < budget && times.count < maximumRepetitions) {
            statement.reset()
            let start = MonotonicClock.now()
            while try statement.step() {}
            let seconds = Double(MonotonicClock.now() - start) / 1e9
            times.append(seconds)
            spent += seconds
        }
        times.sort()
        let plan = try connection.explainQueryPlan(SQL(text: sql, arguments: arguments)).rows
        return ReplayRun(
            size: size, seconds: times[times.count / 2], rows: rows, repetitions: times.count,
            plan: plan)
    }
}
