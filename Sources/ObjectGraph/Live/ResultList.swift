import Foundation

/// A controller's results in order: each object's ID with its sort-key values,
/// ordered by the sort keys and then by `Z_PK` (the tie-break the controller's SQL
/// uses too; unsaved objects after saved ones), so that a changed object's place is found by binary search with no
/// SQL.
///
/// Cost: an ID and one small array per result; finding an object is a dictionary
/// lookup plus O(log n) comparisons.
struct ResultList {
    /// One result.
    struct Entry: Sendable {
        let id: ObjectID
        let keys: [PredicateValue]
    }

    let sortKeys: [SortKey]
    private(set) var entries: [Entry] = []
    private var keysByID: [ObjectID: [PredicateValue]] = [:]

    init(sortKeys: [SortKey], entries: [Entry]) {
        self.sortKeys = sortKeys
        self.entries = entries
        keysByID.reserveCapacity(entries.count)
        for entry in entries { keysByID[entry.id] = entry.keys }
    }

    var count: Int { entries.count }

    /// Where `id` is now, or nil when it is not a result.
    func position(of id: ObjectID) -> Int? {
        guard let keys = keysByID[id] else { return nil }
        let index = insertionIndex(Entry(id: id, keys: keys))
        return index < entries.count && entries[index].id == id ? index : nil
    }

    /// The first index whose entry does not order before `entry`.
    func insertionIndex(_ entry: Entry) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(entries[middle], entry) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `lhs` orders before `rhs`: sort keys in turn (nil first when
    /// ascending, as SQLite orders), then `Z_PK`.
    func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        for (index, key) in sortKeys.enumerated() {
            let order = key.compare(lhs.keys[index], rhs.keys[index])
            if order != .orderedSame { return (order == .orderedAscending) == key.ascending }
        }
        return Self.tieBreak(lhs.id) < Self.tieBreak(rhs.id)
    }

    /// The last order: `Z_PK`; an unsaved object (temporary ID) after every saved one,
    /// in creation order, which is the order a save gives them their `Z_PK`s.
    private static func tieBreak(_ id: ObjectID) -> (Int, UInt64) {
        switch id.key {
        case .permanent(let key): return (0, UInt64(bitPattern: key))
        case .temporary(let number): return (1, number)
        }
    }

    /// Gives entries with temporary IDs the permanent IDs a save gave them; sorts again
    /// when that changed the tie-break order. Returns whether any entry was renamed.
    ///
    /// Cost: O(n) when some entry is renamed, plus a sort when the order changed.
    mutating func rename(_ renames: [ObjectID: ObjectID]) -> Bool {
        var renamed = false
        for index in entries.indices {
            guard let permanent = renames[entries[index].id] else { continue }
            keysByID[entries[index].id] = nil
            entries[index] = Entry(id: permanent, keys: entries[index].keys)
            keysByID[permanent] = entries[index].keys
            renamed = true
        }
        guard renamed else { return false }
        if zip(entries, entries.dropFirst()).contains(where: { !precedes($0, $1) }) {
            entries.sort(by: precedes)
        }
        return true
    }

    /// Removes the entries at `removed` (ascending, distinct) and merges `added` in
    /// order: each addition's place is found by binary search among the old entries,
    /// and the runs between places and removals are copied whole.
    ///
    /// Cost: O(n) copying, O(k log n) comparisons.
    mutating func replace(removing removed: [Int], adding added: [Entry]) {
        let additions = added.sorted(by: precedes)
        let places = additions.map(insertionIndex)
        var result: [Entry] = []
        result.reserveCapacity(entries.count - removed.count + additions.count)
        var cursor = 0
        var nextRemoval = 0
        func copy(upTo end: Int) {
            while nextRemoval < removed.count && removed[nextRemoval] < end {
                result.append(contentsOf: entries[cursor..<removed[nextRemoval]])
                cursor = removed[nextRemoval] + 1
                nextRemoval += 1
            }
            if cursor < end { result.append(contentsOf: entries[cursor..<end]) }
            cursor = max(cursor, end)
        }
        for (addition, place) in zip(additions, places) {
            copy(upTo: place)
            result.append(addition)
        }
        copy(upTo: entries.count)
        for index in removed { keysByID[entries[index].id] = nil }
        for entry in additions { keysByID[entry.id] = entry.keys }
        entries = result
    }

    static func compare(_ lhs: PredicateValue, _ rhs: PredicateValue) -> ComparisonResult {
        switch (lhs, rhs) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        default: return PredicateEvaluator.order(lhs, rhs) ?? .orderedSame
        }
    }
}
