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
        // SQLiteValue is ExpressibleByNilLiteral, so `== nil` would compare with `.null`:
        // test for absence with `.none` only.
        if slots.isEmpty {
            guard case .some = value else { return }
            slots = Array(repeating: .none, count: attributeCount)
        }
        count += (value.isNone ? 0 : 1) - (slots[index].isNone ? 0 : 1)
        slots[index] = value
    }

    /// The indices of the changed attributes, in order.
    var indices: [Int] {
        slots.indices.filter { !slots[$0].isNone }
    }

    /// Forgets every change, keeping the slots for the next ones (a reused object).
    mutating func clear() {
        guard count > 0 else { return }
        for index in slots.indices { slots[index] = .none }
        count = 0
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

extension Optional where Wrapped == SQLiteValue {
    /// Whether there is no value at all (as opposed to SQL NULL, `.some(.null)`).
    fileprivate var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
