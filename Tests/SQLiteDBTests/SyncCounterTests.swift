import Foundation
import SQLiteDB
import SQLiteFaultInjection
import TestSupport
import Testing

/// `SyncCounter`: every `xSync` SQLite makes on files opened after it is installed,
/// as many as the journal mode and `synchronous` level call for.
///
/// The counter is process-wide and other tests sync meanwhile, so each check also arms
/// a counting `FaultInjector` on its own directory: that count is exact, and the
/// process-wide one must be at least as large.
@Suite struct SyncCounterTests {
    /// A connection in `journalMode` with `synchronous` at `level`, and a table.
    private func connection(
        in directory: TemporaryDirectory, journalMode: String, synchronous level: String
    ) throws -> Connection {
        SyncCounter.install()
        FaultInjector.install()  // the exact count per directory, over or under the counter
        var configuration = Connection.Configuration()
        configuration.pragmas = [.init("journal_mode", journalMode), .init("synchronous", level)]
        let connection = try Connection(
            location: .file(directory.path("sync.sqlite")), configuration: configuration)
        try connection.execute(script: "CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        return connection
    }

    /// The syncs `body` made on files under `directory` (exact), and the process's
    /// count over the same time (at least as many).
    private func syncs(in directory: TemporaryDirectory, _ body: () throws -> Void) throws
        -> (here: Int, process: Int)
    {
        let injector = FaultInjector(directory: directory.url, plan: nil)
        let before = SyncCounter.count
        try body()
        let process = SyncCounter.count - before
        return (injector.disarm()[.sync, default: 0], process)
    }

    private func insert(_ ids: ClosedRange<Int>, into connection: Connection) throws {
        for id in ids {
            try connection.transaction {
                _ = try connection.execute("INSERT INTO t (id, body) VALUES (\(id), 'x')")
            }
        }
    }

    @Test("WAL at FULL syncs the log once per commit; at NORMAL, not at commit")
    func walCommits() throws {
        let directory = try TemporaryDirectory()
        let connection = try connection(in: directory, journalMode: "wal", synchronous: "full")
        try insert(1...1, into: connection)
        let full = try syncs(in: directory) { try insert(2...11, into: connection) }
        #expect(full.here == 10)
        #expect(full.process >= full.here)
        try connection.execute(script: "PRAGMA synchronous = NORMAL")
        let normal = try syncs(in: directory) { try insert(12...21, into: connection) }
        #expect(normal.here == 0, "NORMAL syncs the log at checkpoints only")
    }

    @Test("a rollback journal at FULL syncs the journal and the database on every commit")
    func rollbackJournal() throws {
        let directory = try TemporaryDirectory()
        let connection = try connection(in: directory, journalMode: "delete", synchronous: "full")
        let full = try syncs(in: directory) { try insert(1...5, into: connection) }
        #expect(full.here >= 10, "per commit, the journal, then the database: \(full.here)")
        #expect(full.process >= full.here)
        try connection.execute(script: "PRAGMA synchronous = OFF")
        let off = try syncs(in: directory) { try insert(6...10, into: connection) }
        #expect(off.here == 0)
    }
}
