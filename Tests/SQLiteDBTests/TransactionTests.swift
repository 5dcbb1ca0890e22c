import SQLiteDB
import Testing

@Suite struct TransactionTests {
    private struct Failure: Error, Equatable {}

    private func count(_ connection: Connection) throws -> Int64? {
        try connection.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) }
    }

    private func makeConnection() throws -> Connection {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE t (x UNIQUE)")
        return connection
    }

    @Test(
        "a transaction commits what its body wrote",
        arguments: [
            TransactionKind.deferred, .immediate, .exclusive,
        ])
    func commits(kind: TransactionKind) throws {
        let connection = try makeConnection()
        let result = try connection.transaction(kind) {
            // SQLITE_TXN_WRITE: IMMEDIATE and EXCLUSIVE hold the write lock from BEGIN,
            // DEFERRED only once it writes (sqlite.org/c3ref/txn_state.html).
            #expect(connection.hasWriteTransaction == (kind != .deferred))
            try connection.execute("INSERT INTO t VALUES (\(1))")
            #expect(connection.hasWriteTransaction)
            return "done"
        }
        #expect(result == "done")
        #expect(try count(connection) == 1)
        #expect(!connection.isInTransaction)
    }

    @Test("a thrown error rolls back and is rethrown unchanged")
    func rollsBack() throws {
        let connection = try makeConnection()
        #expect(throws: Failure()) {
            try connection.transaction(.immediate) {
                try connection.execute("INSERT INTO t VALUES (\(1))")
                throw Failure()
            }
        }
        #expect(try count(connection) == 0)
        #expect(!connection.isInTransaction)
    }

    @Test("a failing statement midway rolls back the earlier writes")
    func failingStatementRollsBack() throws {
        let connection = try makeConnection()
        #expect(throws: SQLiteError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (\(1))")
                try connection.execute("INSERT INTO t VALUES (\(1))")
            }
        }
        #expect(try count(connection) == 0)
    }

    @Test("a savepoint rolls back only its own writes and nests")
    func savepoints() throws {
        let connection = try makeConnection()
        try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (\(1))")
            try? connection.savepoint {
                try connection.execute("INSERT INTO t VALUES (\(2))")
                try connection.savepoint { try connection.execute("INSERT INTO t VALUES (\(3))") }
                throw Failure()
            }
            try connection.savepoint { try connection.execute("INSERT INTO t VALUES (\(4))") }
        }
        let values = try connection.fetchAll("SELECT x FROM t ORDER BY x") { $0.int64(at: 0) }
        #expect(values == [1, 4])
    }

    @Test("beginning inside a transaction is an error, not a silent nest")
    func nestedBegin() throws {
        let connection = try makeConnection()
        try connection.begin()
        let error = try #require(throws: SQLiteError.self) { try connection.begin() }
        #expect(error.message.contains("cannot start a transaction within a transaction"))
        try connection.rollback()
    }
}
