// Plan steps and statement kinds are SQLBasics types that BenchKit results carry;
// re-exported so `import BenchKit` is enough to read them.
@_exported import SQLBasics

/// The kind of an SQL statement, read from its first keyword; traces count by it.
///
/// The same type SQLiteDB's statement events carry (it lives in the leaf module
/// SQLBasics, which both link), so the harness's counts agree with the engine's
/// statistics without BenchKit linking SQLite.
public typealias SQLStatementKind = StatementKind
