import SQLiteDB

/// The values a fetch with ``FetchRequest/propertiesToFetch`` brought for one object:
/// a partial fault's data. Reading a loaded property costs nothing; reading any other
/// fires the fault, which loads the whole row (row cache or one SELECT).
///
/// Partial rows never enter the row cache, which holds only whole rows.
struct PartialRow {
    /// The row, with NULL in slots that were not fetched.
    let row: RowSnapshot
    /// Which snapshot slots hold fetched values.
    let loaded: [Bool]

    /// The fetched value of snapshot slot `slot`, or nil when it was not fetched.
    func value(at slot: Int) -> SQLiteValue? {
        // SQLiteValue is ExpressibleByNilLiteral: a bare `nil` here would be `.null`.
        guard loaded[slot] else { return Optional.none }
        return row.values[slot]
    }
}
