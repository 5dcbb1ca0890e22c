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
/// A predicate format keeps its tree as a ``PredicateTemplate`` where its `%@`
/// arguments cannot shape it (``predicate(format:arguments:)``): later calls fill it
/// instead of parsing.
///
/// Cost: one hash of the format and one lock per parse; a miss lexes as before; the first
/// parse of a format with `%@` arguments parses once more to make its template.
final class PredicateFormatCache: Sendable {
    /// A lexed format.
    struct Entry: Sendable {
        let tokens: [PredicateToken]
        let closing: [Int: Int]
        /// The format's predicate template, once a successful predicate parse tried to
        /// make one.
        var template: TemplateState = .untried
    }

    /// Whether a format's predicate parse is kept as a ``PredicateTemplate``.
    enum TemplateState: Sendable {
        /// Not tried yet: no predicate parse of the format has succeeded.
        case untried
        /// Its tree may depend on its arguments: every call parses.
        case none
        /// Calls fill this template.
        case kept(PredicateTemplate)
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
        var templates = 0
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
        try lookup(format).entry
    }

    /// `format` parsed as a predicate with `arguments`: the tree a fresh
    /// ``PredicateParser`` gives, or its error. From the format's template when it has
    /// one (``PredicateTemplate``); otherwise parsed from the cached tokens, and on the
    /// first parse that succeeds the template is made, or marked impossible. A format
    /// without arguments keeps the tree it parsed to; one with `%@` arguments parses once
    /// more with probes (such a format is written once in code and used again, so the
    /// probe parse is paid once, at its first use).
    ///
    /// - Throws: the parser's ``PredicateSyntaxError``.
    func predicate(format: String, arguments: [Any?]) throws(PredicateSyntaxError)
        -> PredicateNode
    {
        let (entry, key) = try lookup(format)
        if case .kept(let template) = entry.template, let root = template.root(with: arguments) {
            return root
        }
        var parser = PredicateParser(format: format, lexed: entry, arguments: arguments)
        let root = try parser.parse()
        if case .untried = entry.template, let key {
            let template = PredicateTemplate.make(
                format: format, lexed: entry, parsed: root, arguments: arguments)
            state.withLock { state in
                guard state.entries[key] != nil else { return }
                state.entries[key]?.template = template.map { .kept($0) } ?? .none
                if template != nil { state.templates += 1 }
            }
        }
        return root
    }

    /// The entry of `format`, and its key when it can be kept.
    private func lookup(_ format: String) throws(PredicateSyntaxError)
        -> (entry: Entry, key: Key?)
    {
        let cacheable = format.utf8.count <= Self.longestFormat
        let key = Key(format: format)
        if cacheable, let entry = state.withLock({ $0.entries[key] }) { return (entry, key) }
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
        return (entry, cacheable ? key : nil)
    }

    /// How many formats are kept now.
    var count: Int { state.withLock { $0.entries.count } }

    /// How many times a format was lexed (each miss that lexed without error).
    var lexCount: Int { state.withLock { $0.lexed } }

    /// How many predicate templates were made.
    var templateCount: Int { state.withLock { $0.templates } }

    /// Whether `format`'s entry keeps a predicate template now.
    func hasTemplate(_ format: String) -> Bool {
        state.withLock { state in
            guard case .kept = state.entries[Key(format: format)]?.template else { return false }
            return true
        }
    }

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
