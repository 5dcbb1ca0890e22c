import BenchKit

/// Reads ObjectGraph's level-2 SQL debug log line by line into an
/// ``SQLTraceRecorder``: each `sql:` line and the `details: SQLite bind[i] = v` lines
/// after it become one statement with its bound values, and the lines a level-1 log
/// prints too (everything but `details:` and the connection's open and close
/// annotations) become log lines.
///
/// Confined to the thread running the case, like the recorder. Cost: a few prefix
/// checks per line, one string per bound value.
final class DebugLogReader {
    private let recorder: SQLTraceRecorder
    private var pending: (sql: String, arguments: [String])?

    /// Feeds `recorder`, which must be recording.
    init(recorder: SQLTraceRecorder) {
        self.recorder = recorder
    }

    /// Takes one printed line.
    func read(_ line: String) {
        if Self.isLevelOne(line) { recorder.appendLogLine(line) }
        if let sql = Self.field(line, "sql") {
            finish()
            pending = (sql, [])
        } else if let detail = Self.field(line, "details"), pending != nil {
            pending?.arguments.append(detail.components(separatedBy: " = ").last ?? detail)
        }
    }

    /// Records the statement still waiting for bound values; call after the last line.
    func finish() {
        guard let pending else { return }
        recorder.record(sql: pending.sql, arguments: pending.arguments, nanoseconds: 0, rows: 0)
        self.pending = nil
    }

    /// Whether a level-1 log prints `line` too: level 2 adds only the bound values
    /// (`details:`) and the connection's open and close annotations.
    private static func isLevelOne(_ line: String) -> Bool {
        !(line.hasPrefix("ObjectGraph: details: ")
            || line.hasPrefix("ObjectGraph: annotation: Connecting to sqlite database")
            || line.hasPrefix("ObjectGraph: annotation: Disconnecting from sqlite database"))
    }

    private static func field(_ line: String, _ category: String) -> String? {
        let prefix = "ObjectGraph: \(category): "
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
    }
}
