import SQLiteDB

/// The changed attribute values of one object, by attribute index.
///
/// A flat array of optional values rather than a dictionary: objects change few
/// attributes, often all at once after an insert, and an array needs no hashing and one
/// allocation for the object's lifetime.
struct AttributeChanges: Sequence {
    private var slots: [SQLiteValue?] = []
    /// How many attributes changed.
    private(set) var count = 0

    /// Whether no attribute changed.
    var isEmpty: Bool { count == 0 }

    /// The changed value of attribute `index`, or nil when unchanged.
    subscript(index: Int) -> SQLiteValue? {
        index < slots.count ? slots[index] : nil
    }

    /// Records (or, with nil, forgets) the change of attribute `index` of an entity with
    /// `attributeCount` attributes; the first change allocates every slot at once.
    mutating func set(_ value: SQLiteValue?, at index: Int, attributeCount: Int) {
        if slots.isEmpty {
            guard value != nil else { return }
            slots = Array(repeating: nil, count: attributeCount)
        }
        count += (value == nil ? 0 : 1) - (slots[index] == nil ? 0 : 1)
        slots[index] = value
    }

    /// The indices of the changed attributes, in order.
    var indices: [Int] {
        slots.indices.filter { slots[$0] != nil }
    }

    /// Forgets every change.
    mutating func removeAll() {
        slots = []
        count = 0
    }

    /// The changes as (index, value) pairs, in index order.
    func makeIterator() -> some IteratorProtocol<(Int, SQLiteValue)> {
        slots.enumerated().lazy.compactMap { index, value in value.map { (index, $0) } }
            .makeIterator()
    }
}
