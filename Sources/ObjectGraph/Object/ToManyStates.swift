/// An object's to-many states, by relationship index: the first one held inline, any
/// others in a dictionary.
///
/// Most objects whose to-many is read have one such state (a user's posts, a post's
/// tags), and a dictionary allocated its storage for it on first use: about 1,000
/// instructions per object, a tenth of a to-many fault beyond its SELECT. The first
/// state set is now stored in place; the dictionary is allocated only for a second
/// relationship. A relationship index is in at most one of the two places.
///
/// It reads as the dictionary it replaced (an optional subscript, iteration of `(key,
/// value)` pairs, ``keys``, ``values``, ``isEmpty``; iteration order unspecified) and
/// changes a state in place through ``modify(_:_:)``, ``modify(_:default:_:)`` and
/// ``modifyAll(_:)``, so a state's arrays are not copied to change them; the hot
/// readers (``hasChanges``, ``forEachState(_:)``) read in place, without an iterator.
struct ToManyStates: Sequence {
    /// The inline state's relationship index, or -1 when there is none. An integer
    /// rather than an optional state: copying and testing an optional `ToManyState`
    /// went through outlined value witnesses (about 130 instructions per object in a
    /// batch release's change check).
    private var firstIndex = -1
    /// The inline state; an empty one (no changes) while ``firstIndex`` is -1.
    private var first = ToManyState()
    /// States of other relationships than the inline one's.
    private var rest = [Int: ToManyState]()

    /// The state of relationship `index`, nil when it has none.
    subscript(index: Int) -> ToManyState? {
        if index == firstIndex { return first }
        return rest.isEmpty ? nil : rest[index]
    }

    /// Changes the state of relationship `index` in place, which must have one, and
    /// returns what `change` returns.
    ///
    /// A method, not a subscript's `_modify`: that coroutine was not inlined, and its
    /// frame (holding the dictionary's own access for the other case) was too big for
    /// the caller's buffer, so each change allocated one (about 350 instructions).
    @inline(__always)
    mutating func modify<T>(_ index: Int, _ change: (inout ToManyState) -> T) -> T {
        if index == firstIndex { return change(&first) }
        return change(&rest[index]!)
    }

    /// Changes the state of relationship `index` in place, `value` inserted first when
    /// it has none (inline when no other relationship is), and returns what `change`
    /// returns.
    @inline(__always)
    mutating func modify<T>(
        _ index: Int, default value: @autoclosure () -> ToManyState,
        _ change: (inout ToManyState) -> T
    ) -> T {
        if index == firstIndex { return change(&first) }
        // Inline when there is no inline state and the dictionary does not hold `index`
        // (no hashing while it is empty, as it nearly always is).
        if firstIndex < 0, rest.isEmpty || rest.index(forKey: index) == nil {
            firstIndex = index
            first = value()
            return change(&first)
        }
        return change(&rest[index, default: value()])
    }

    /// Whether no relationship has a state.
    @inline(__always)
    var isEmpty: Bool { firstIndex < 0 && rest.isEmpty }

    /// Changes every state in place: what a save, a rollback or a merge does to each
    /// relationship of an object, without the iterator (which copied the states) that
    /// looping over ``keys`` makes.
    mutating func modifyAll(_ change: (inout ToManyState) -> Void) {
        if firstIndex >= 0 { change(&first) }
        guard !rest.isEmpty else { return }
        for position in rest.indices { change(&rest.values[position]) }
    }

    /// Calls `body` with each relationship index and its state, read in place: a save
    /// looks at every written object's states, most of them empty, and an iterator
    /// copied them (about 100 instructions an object).
    func forEachState(_ body: (Int, ToManyState) throws -> Void) rethrows {
        if firstIndex >= 0 { try body(firstIndex, first) }
        guard !rest.isEmpty else { return }
        for (index, state) in rest { try body(index, state) }
    }

    /// Whether any state has unsaved changes: read for every object a batch release,
    /// a save or a refresh looks at, most of them without any state, so without
    /// iterating (which copied the states, about 55 instructions per object).
    ///
    /// Inlined, the test for no state reads two fields of the object's storage; called,
    /// the object's whole `ToManyStates` was copied out of it and destroyed to answer
    /// (its inline state's four references: about 570 instructions per object in
    /// `refreshAllObjects`, `contexts/merge-into-view-k1 [refresh-all]` +15%).
    @inline(__always)
    var hasChanges: Bool {
        if firstIndex < 0 && rest.isEmpty { return false }
        return anyStateHasChanges
    }

    /// ``hasChanges`` for an object with a state.
    private var anyStateHasChanges: Bool {
        (firstIndex >= 0 && first.hasChanges)
            || (!rest.isEmpty && rest.values.contains { $0.hasChanges })
    }

    /// The relationship indexes that have a state.
    var keys: LazyMapSequence<ToManyStates, Int> { lazy.map(\.key) }

    /// The states.
    var values: LazyMapSequence<ToManyStates, ToManyState> { lazy.map(\.value) }

    func makeIterator() -> Iterator {
        Iterator(first: firstIndex < 0 ? nil : (firstIndex, first), rest: rest.makeIterator())
    }

    /// The inline state first, then the dictionary's.
    struct Iterator: IteratorProtocol {
        fileprivate var first: (key: Int, value: ToManyState)?
        fileprivate var rest: [Int: ToManyState].Iterator

        mutating func next() -> (key: Int, value: ToManyState)? {
            if let element = first {
                first = nil
                return element
            }
            return rest.next()
        }
    }
}
