extension RunResults {
    /// The largest statement or row count a results file may hold: 2^53, far above
    /// any run, and low enough that sums and differences of counts (trace totals, gate
    /// deltas) cannot overflow `Int`.
    public static let largestCount = 1 << 53

    /// The first SQL trace count outside 0...``largestCount``, as a reason naming its
    /// JSON path; nil when every count is in range.
    func countOutOfRange() -> String? {
        for (caseIndex, result) in cases.enumerated() {
            for (index, group) in (result.sqlTrace?.statements ?? []).enumerated() {
                let path = "cases.\(caseIndex).sqlTrace.statements.\(index)"
                for (name, value) in [("count", group.count), ("rows", group.rows)]
                where !(0...Self.largestCount).contains(value) {
                    return "number \(value) at \(path).\(name) is out of range "
                        + "(0 to 2^53): fix the value or regenerate the file"
                }
            }
        }
        return nil
    }
}
