import Foundation
import SQLiteDB

/// Core Data's `-com.apple.CoreData.SQLDebug` log, with the prefix `ObjectGraph:`.
///
/// Levels, as in Core Data:
/// - 1: each statement (`sql: …`), fetch timings, fault and to-many fault annotations;
/// - 2: adds bound values (`details: SQLite bind[0] = 18`) and connection events;
/// - 3: adds the row values of fulfilled faults;
/// - 4: adds `EXPLAIN QUERY PLAN` for each fetch.
///
/// Turn it on with the environment variable `FAULTLINE_SQL_DEBUG=N`, or in code:
/// ```swift
/// container.sqlDebugLog = SQLDebugLog(level: 2) { line in print(line) }
/// ```
///
/// The log is one sink of the container's engine trace (`EngineTraceSink`): it
/// formats the same typed events the lab records.
///
/// Cost: nothing when off; when on, string formatting per statement (level 4 also
/// runs one `EXPLAIN QUERY PLAN` per fetch).
///
/// Related: https://developer.apple.com/documentation/coredata/accessing_data_when_the_store_changes
public final class SQLDebugLog: EngineTraceSink {
    /// How much is logged, 1 to 4.
    public var level: Int { format.level }
    private let format: SQLDebugLogFormat
    private let output: @Sendable (String) -> Void

    /// A log at `level` (clamped to 1...4) writing each line to `output` (standard
    /// error by default).
    public init(
        level: Int, output: @escaping @Sendable (String) -> Void = SQLDebugLog.standardError
    ) {
        format = SQLDebugLogFormat(level: level)
        self.output = output
    }

    /// The log asked for by `FAULTLINE_SQL_DEBUG`, or nil when it is unset or not 1...4.
    public static func fromEnvironment() -> SQLDebugLog? {
        guard let text = ProcessInfo.processInfo.environment["FAULTLINE_SQL_DEBUG"],
            let level = Int(text), (1...4).contains(level)
        else { return nil }
        return SQLDebugLog(level: level)
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: - Sink

    /// Prints the lines of `event` at this log's level (``SQLDebugLogFormat``).
    package func receive(_ event: EngineTraceEvent) {
        for line in format.lines(for: event) { output(line) }
    }

    /// At level 4 the engine explains each fetch for this log.
    package var wantsQueryPlans: Bool { level >= 4 }
}
