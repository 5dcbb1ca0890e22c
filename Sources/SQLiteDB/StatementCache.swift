import CSQLite

/// Prepared statements keyed by SQL text, prepared with `SQLITE_PREPARE_PERSISTENT`.
///
/// Every connection has one, used by ``Connection/execute(_:)``, the fetch helpers and
/// ``Connection/withCachedStatement(_:_:)``. Hits and misses are counted so the engine
/// can report them. When ``capacity`` is reached the oldest entry is finalized.
///
/// Cost: a dictionary lookup per use; a miss adds one prepare.
public final class StatementCache {
    unowned let connection: Connection
    private var statements: [String: Statement] = [:]
    private var insertionOrder: [String] = []

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
        if statements.count >= capacity, !insertionOrder.isEmpty {
            statements[insertionOrder.removeFirst()] = nil
        }
        statements[text] = statement
        insertionOrder.append(text)
        return statement
    }

    /// Finalizes every cached statement.
    public func removeAll() {
        statements.removeAll()
        insertionOrder.removeAll()
    }
}

@available(*, unavailable, message: "a statement cache is confined to its connection's thread")
extension StatementCache: Sendable {}
