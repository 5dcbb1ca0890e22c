import ObjectGraph
import SQLiteDB

/// The text `bench explain` prints for a ``FetchExplanation``: each statement with its
/// bound values, rows and time, the plan of each distinct SELECT with full scans and
/// temporary B-trees flagged, the statement count.
enum ExplainReport {
    /// The explanation, line by line.
    static func lines(_ explanation: FetchExplanation) -> [String] {
        let read = explanation.resultsRead
        let statements = explanation.statements
        var output = ["Statements (reading \(read) results):"]
        output += statements.flatMap(lines(for:))
        output.append("Query plans:")
        for select in explanation.plans {
            output.append("  " + select.sql)
            output += planLines(select.plan).map { "    " + $0 }
        }
        let selects = explanation.selectCount
        output.append(
            "Statement count for \(read) results: \(statements.count) "
                + "(\(selects) SELECT, \(statements.count - selects) other)")
        return output
    }

    /// `sql: …`, one `details: SQLite bind[i] = …` per bound value, then rows and time.
    private static func lines(for statement: StatementEvent) -> [String] {
        let binds = statement.arguments.enumerated().map { index, argument in
            "  details: SQLite bind[\(index)] = \(SQLDebugLogFormat.bindText(argument))"
        }
        let rows = statement.rowsReturned + statement.rowsChanged
        let seconds = SQLDebugLogFormat.seconds(statement.durationNanoseconds)
        return ["  sql: " + statement.sql] + binds + ["  result: \(rows) rows in \(seconds)s"]
    }

    /// The plan's rows, problems flagged by the definitions the reports and gates use.
    private static func planLines(_ plan: QueryPlan) -> [String] {
        plan.rows.map { row in
            let flag =
                row.isFullScan(in: plan.rows)
                ? "  <- full scan" : row.usesTempBTree ? "  <- temp B-tree" : ""
            return row.detail + flag
        }
    }
}
