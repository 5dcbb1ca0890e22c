import SQLiteDB

extension SortKey {
    /// The ORDER BY term for `column`: `column [COLLATE NSCollateFinderlike] [DESC]`
    /// (Core Data's collation for `localizedStandardCompare:`, registered by
    /// ``StoreFunctions``).
    func ordering(_ column: SQL) -> SQL {
        var term = column
        if comparison == .localizedStandard { term = term + " COLLATE NSCollateFinderlike" }
        if !ascending { term = term + " DESC" }
        return term
    }
}
