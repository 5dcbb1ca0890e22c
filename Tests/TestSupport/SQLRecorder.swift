import SQLiteDB
import Synchronization

/// A trace sink that keeps every event, for tests that assert SQL text and counts.
///
/// ```swift
/// let recorder = SQLRecorder()
/// connection.addTraceSink(recorder)
/// try connection.execute("SELECT 1")
/// #expect(recorder.statements.map(\.sql) == ["SELECT 1"])
/// ```
public final class SQLRecorder: TraceSink, Sendable {
    private let storage = Mutex<[TraceEvent]>([])

    /// An empty recorder.
    public init() {}

    public func receive(_ event: TraceEvent) {
        storage.withLock { $0.append(event) }
    }

    /// Every event so far, in order.
    public var events: [TraceEvent] { storage.withLock { $0 } }

    /// The statement events so far, in order.
    public var statements: [StatementEvent] {
        events.compactMap { event in
            if case .statement(let statement) = event { return statement }
            return nil
        }
    }

    /// The SQL of each statement event, in order.
    public var sql: [String] { statements.map(\.sql) }

    /// How many statements of `kind` ran.
    public func count(_ kind: StatementKind) -> Int {
        statements.filter { $0.kind == kind }.count
    }

    /// Forgets everything recorded so far.
    public func clear() {
        storage.withLock { $0.removeAll() }
    }
}
