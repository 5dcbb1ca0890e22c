import SQLiteDB

/// What one fetch ran, as ``PersistentContainer/explain(_:reading:)`` found it: every
/// statement with its bound values, rows and SQLite's time, and the query plan of each
/// distinct SELECT.
///
/// `bench explain` prints one; a test asserts on one. Cost: holds every statement
/// event with its arguments.
public struct FetchExplanation: Sendable {
    /// A distinct SELECT and its plan, bound with its first execution's arguments.
    public struct PlannedSelect: Sendable {
        /// The statement's SQL.
        public let sql: String
        /// SQLite's plan for it (full scans and temporary B-trees flagged by
        /// `QueryPlan.fullScans` and `QueryPlan.tempBTrees`, from SQLiteDB).
        public let plan: QueryPlan
    }

    /// How many results were read (at most the number asked for).
    public let resultsRead: Int
    /// Every statement the fetch and the reads ran, in order.
    public let statements: [StatementEvent]
    /// Each distinct SELECT of ``statements``, in order of first execution.
    public let plans: [PlannedSelect]

    /// How many of ``statements`` are SELECTs.
    public var selectCount: Int { statements.filter { $0.kind == .select }.count }
}

/// Why a fetch cannot be explained.
public enum ExplainError: Error, Equatable, CustomStringConvertible {
    /// Plans are made on a second connection to the store's file, which an in-memory
    /// or binary store does not have.
    case needsSQLiteFile(StoreType)

    /// One line: what and what to do.
    public var description: String {
        switch self {
        case .needsSQLiteFile(let type):
            "explaining a fetch needs an SQLite store file, and this store is \(type.rawValue); "
                + "open the store as .sqlite"
        }
    }
}
