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
                let order = key.compare(lhs.2[index], rhs.2[index])
                if order != .orderedSame {
                    return (order == .orderedAscending) == key.ascending
                }
            }
            return lhs.0 < rhs.0
        }.map(\.1)
    }
}
