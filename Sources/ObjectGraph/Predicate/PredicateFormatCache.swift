import Synchronization

/// Format strings already read, keyed on the format's bytes: their tokens and the index of the
/// `)` closing each `(`, which depend on the text alone, never on the arguments.
///
/// A fetch repeated with the same format and new arguments (`SELF == %@` per object)
/// lexes the format once; each call still parses the cached tokens with its own
/// arguments, so `%@`, `%K` and `%d` take this call's values and a wrong argument
/// throws the same error, at the same offset, as on the first call. A format that does
/// not lex is not kept: it throws again each time. Bounded: at most `capacity`
/// formats, each at most ``longestFormat`` UTF-8 bytes (longer ones are lexed per
/// call); when full it empties and starts again, so a program that builds format
/// strings from data cannot grow it. Shared by every thread behind one lock.
///
/// Cost: one hash of the format and one lock per parse; a miss lexes as before.
final class PredicateFormatCache: Sendable {
    /// A lexed format.
    struct Entry: Sendable {
        let tokens: [PredicateToken]
        let closing: [Int: Int]
    }

    /// The cache every parse uses.
    static let shared = PredicateFormatCache(capacity: 512)
    /// The longest format kept, in UTF-8 bytes.
    static let longestFormat = 4_096

    /// How many formats are kept at most.
    let capacity: Int
    private let state = Mutex(State())

    private struct State {
        var entries: [Key: Entry] = [:]
        var lexed = 0
    }

    /// A format compared byte for byte: Swift's `==` on strings is canonical
    /// equivalence, under which `'é'` precomposed and decomposed are equal, but their
    /// literals bind different bytes, which SQLite compares as different.
    private struct Key: Hashable {
        let format: String

        static func == (lhs: Key, rhs: Key) -> Bool {
            let left = lhs.format.utf8
            let right = rhs.format.utf8
            guard left.count == right.count else { return false }
            // Native strings compare their contiguous bytes at once; others byte by byte.
            let compared = left.withContiguousStorageIfAvailable { left in
                right.withContiguousStorageIfAvailable { right in
                    left.elementsEqual(right)
                }
            }
            return (compared ?? nil) ?? left.elementsEqual(right)
        }

        func hash(into hasher: inout Hasher) {
            // Every byte, in one call for a native string (the same bytes either way).
            let hashed: Void? = format.utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if hashed == nil { Array(format.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
        }
    }

    /// An empty cache of at most `capacity` formats.
    init(capacity: Int) {
        precondition(capacity > 0, "a format cache needs room for one format")
        self.capacity = capacity
    }

    /// The tokens of `format`, lexed now or on an earlier call.
    /// - Throws: the lexer's ``PredicateSyntaxError`` for a format that does not lex.
    func entry(for format: String) throws(PredicateSyntaxError) -> Entry {
        let cacheable = format.utf8.count <= Self.longestFormat
        let key = Key(format: format)
        if cacheable, let entry = state.withLock({ $0.entries[key] }) { return entry }
        var lexer = PredicateLexer(format)
        let tokens = try lexer.tokens()
        let entry = Entry(tokens: tokens, closing: Self.matchingParentheses(tokens))
        let capacity = capacity
        state.withLock { state in
            state.lexed += 1
            guard cacheable else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = entry
        }
        return entry
    }

    /// How many formats are kept now.
    var count: Int { state.withLock { $0.entries.count } }

    /// How many times a format was lexed (each miss that lexed without error).
    var lexCount: Int { state.withLock { $0.lexed } }

    private static func matchingParentheses(_ tokens: [PredicateToken]) -> [Int: Int] {
        var open: [Int] = []
        var closing: [Int: Int] = [:]
        for (index, token) in tokens.enumerated() {
            if token.kind == .symbol("(") { open.append(index) }
            if token.kind == .symbol(")"), let start = open.popLast() { closing[start] = index }
        }
        return closing
    }
}
