import Foundation

/// Sorts managed objects by sort keys in memory, ordering values as SQLite does (nil
/// first when ascending), for fetch results merged with unsaved objects.
enum InMemorySort {
    /// `objects` in the order of `keys`; the sort is stable.
    ///
    /// - Throws: ``KeyValueError`` for a key path an object cannot read.
    static func sorted(_ objects: [ManagedObject], by keys: [SortKey]) throws -> [ManagedObject] {
        let rows = try objects.enumerated().map { offset, object in
            (
                offset, object,
                try keys.map {
                    PredicateValue(try object.checkedValue(forKeyPath: $0.keyPath)) ?? .null
                }
            )
        }
        return rows.sorted { lhs, rhs in
            for (index, key) in keys.enumerated() {
                let order = compare(lhs.2[index], rhs.2[index])
                if order != .orderedSame {
                    return (order == .orderedAscending) == key.ascending
                }
            }
            return lhs.0 < rhs.0
        }.map(\.1)
    }

    private static func compare(_ lhs: PredicateValue, _ rhs: PredicateValue) -> ComparisonResult {
        switch (lhs, rhs) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        default: return PredicateEvaluator.order(lhs, rhs) ?? .orderedSame
        }
    }
}
