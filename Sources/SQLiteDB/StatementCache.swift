import CSQLite

/// Prepared statements keyed by SQL text, prepared with `SQLITE_PREPARE_PERSISTENT`.
///
/// Every connection has one, used by ``Connection/execute(_:)``, the fetch helpers and
/// ``Connection/withCachedStatement(_:_:)``. Hits and misses are counted so the engine
/// can report them. When ``capacity`` is reached the oldest entry is finalized.
///
/// A text that comes with a statement key (`StatementKey`, package API) is found by the key,
/// an integer, once it has been found by its text: a kept fetch SELECT is hundreds of
/// bytes, and hashing it was a tenth of a repeated one-row fetch. The keyed entries are
/// a second index over the same statements: a statement evicted or removed leaves both,
/// and the number of keys is bounded (at most twice ``capacity``; when full they are
/// dropped, and the next use of each key finds its statement by text again).
///
/// Cost: a dictionary lookup per use (of the key's integer when there is one, else of
/// the text); a miss adds one prepare.
public final class StatementCache {
    unowned let connection: Connection
    private var statements: [String: Statement] = [:]
    private var insertionOrder: [String] = []
    /// By ``StatementKey``'s integer: a dictionary keyed by `Int` needs no runtime
    /// metadata of its own (one keyed by `StatementKey` cost about 450,000 instructions
    /// the first time a process used it, looking up its `Hashable` conformance).
    private var keyed: [Int: Statement] = [:]

    /// How many statements are kept at most.
    public var capacity = 512
    /// Lookups that found a prepared statement.
    public private(set) var hits = 0
    /// Lookups that had to prepare one.
    public private(set) var misses = 0
    /// How many statements are cached now.
    public var count: Int { statements.count }

    init(connection: Connection) {
        self.connection = connection
    }

    /// The cached statement for `text`, prepared on a miss.
    func statement(for text: String) throws -> Statement {
        if let statement = statements[text] {
            hits += 1
            return statement
        }
        misses += 1
        let statement = try connection.makeStatement(text, persistent: true)
        if statements.count >= capacity, !insertionOrder.isEmpty,
            let evicted = statements.removeValue(forKey: insertionOrder.removeFirst())
        {
            for key in evicted.cacheKeys { keyed[key] = nil }
            evicted.cacheKeys = []
        }
        statements[text] = statement
        insertionOrder.append(text)
        return statement
    }

    /// The cached statement for `text`, found by `key` when it was found by its text
    /// before; `key` must have been made for `text` (``SQL/statementKey``). Hits and
    /// misses count as for ``statement(for:)``.
    func statement(for text: String, key: StatementKey) throws -> Statement {
        if let statement = keyed[key.value] {
            hits += 1
            return statement
        }
        let statement = try statement(for: text)
        if keyed.count >= 2 * capacity { dropKeys() }
        keyed[key.value] = statement
        statement.cacheKeys.append(key.value)
        return statement
    }

    /// How many keys find a statement now.
    package var keyCount: Int { keyed.count }

    private func dropKeys() {
        for statement in keyed.values { statement.cacheKeys = [] }
        keyed.removeAll()
    }

    /// Finalizes every cached statement.
    public func removeAll() {
        dropKeys()
        statements.removeAll()
        insertionOrder.removeAll()
    }
}

@available(*, unavailable, message: "a statement cache is confined to its connection's thread")
extension StatementCache: Sendable {}
