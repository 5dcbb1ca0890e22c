/// The SQL one iteration of a case issued, grouped by fingerprint.
///
/// Suites record it through an ``SQLTraceRecorder`` registered on the case context;
/// the runner keeps the trace of the last instrumented iteration in the case result.
/// Engine-agnostic: it holds text, counts and times, never a SQLite type.
/// Cost: one ``StatementGroup`` per distinct statement shape.
public struct SQLTrace: Hashable, Sendable, Codable {
    /// One group per fingerprint, in order of first execution.
    public var statements: [StatementGroup]

    /// Makes a trace from its groups.
    public init(statements: [StatementGroup] = []) {
        self.statements = statements
    }

    /// Executions of every statement.
    public var statementCount: Int { statements.reduce(0) { $0 + $1.count } }

    /// Executions by kind (`select`, `insert`, …); kinds never seen are absent.
    public var countsByKind: [SQLStatementKind: Int] {
        statements.reduce(into: [:]) { $0[$1.kind, default: 0] += $1.count }
    }

    /// Time of every statement, in nanoseconds.
    public var totalNanoseconds: Double { statements.reduce(0) { $0 + $1.totalNanoseconds } }

    /// The group for `fingerprint`, if it ran.
    public func group(_ fingerprint: String) -> StatementGroup? {
        statements.first { $0.fingerprint == fingerprint }
    }
}
