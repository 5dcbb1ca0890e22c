/// The `sqlite3_stmt_status` counters of one statement execution.
///
/// These are deterministic for a given database and query plan, which makes them the
/// numbers to gate on in CI: a full scan that used to be an index lookup shows up as
/// ``fullScanSteps`` going from 0 to the table size.
///
/// Related: https://www.sqlite.org/c3ref/c_stmtstatus_counter.html
public struct StatementStatus: Hashable, Sendable, Codable {
    /// Virtual machine operations run (`SQLITE_STMTSTATUS_VM_STEP`).
    public var vmSteps: Int64
    /// Forward steps in a full table scan (`SQLITE_STMTSTATUS_FULLSCAN_STEP`).
    public var fullScanSteps: Int64
    /// Sort operations (`SQLITE_STMTSTATUS_SORT`): an ORDER BY no index could serve.
    public var sorts: Int64
    /// Rows inserted into automatic indexes (`SQLITE_STMTSTATUS_AUTOINDEX`).
    public var autoIndexRows: Int64

    /// All zero.
    public static let zero = StatementStatus(
        vmSteps: 0, fullScanSteps: 0, sorts: 0, autoIndexRows: 0)

    /// Builds a set of counters.
    public init(vmSteps: Int64, fullScanSteps: Int64, sorts: Int64, autoIndexRows: Int64) {
        self.vmSteps = vmSteps
        self.fullScanSteps = fullScanSteps
        self.sorts = sorts
        self.autoIndexRows = autoIndexRows
    }

    /// The counters of `self` minus those of `earlier`.
    public func subtracting(_ earlier: StatementStatus) -> StatementStatus {
        StatementStatus(
            vmSteps: vmSteps - earlier.vmSteps,
            fullScanSteps: fullScanSteps - earlier.fullScanSteps,
            sorts: sorts - earlier.sorts,
            autoIndexRows: autoIndexRows - earlier.autoIndexRows)
    }

    /// Adds another set of counters in place.
    public static func += (lhs: inout StatementStatus, rhs: StatementStatus) {
        lhs.vmSteps += rhs.vmSteps
        lhs.fullScanSteps += rhs.fullScanSteps
        lhs.sorts += rhs.sorts
        lhs.autoIndexRows += rhs.autoIndexRows
    }
}
