/// A log's operation counts as one line, `12 fetch, 3 save, 3 to-many fault`: most
/// frequent first, equal counts by kind name, so the same log prints the same line in
/// every run (ordered by count alone, ties followed the dictionary's per-process hash
/// order: `explain-log` printed a log of one save, one fetch and one maintenance
/// operation in five orders in five runs).
enum OperationCountsText {
    /// The line for `counts` (kind name to count), empty for none.
    static func line(_ counts: [String: Int]) -> String {
        counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { "\(ValueFormat.count(Double($0.value))) \($0.key)" }
            .joined(separator: ", ")
    }
}
