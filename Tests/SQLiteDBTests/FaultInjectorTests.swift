import Foundation
import SQLiteDB
import SQLiteFaultInjection
import TestSupport
import Testing

/// The fault-injecting VFS itself: it counts the calls under its directory only, fails
/// the planned one with the planned code, and passes everything else through.
@Suite struct FaultInjectorTests {
    static func table(in directory: TemporaryDirectory) throws -> Connection {
        FaultInjector.install()
        let connection = try Connection(location: .file(directory.path("t.sqlite")))
        try connection.execute(script: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        return connection
    }

    @Test("counts reads, writes, syncs and locks of files under its directory only")
    func counts() throws {
        let directory = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        let other = try Self.table(in: elsewhere)
        let injector = FaultInjector(directory: directory.url, plan: nil)
        let connection = try Self.table(in: directory)
        _ = try other.execute("INSERT INTO t VALUES (2)")
        _ = try connection.fetchAll("SELECT x FROM t") { $0.int64(at: 0) }
        let counts = injector.disarm()
        #expect(counts[.write, default: 0] > 0)
        #expect(counts[.read, default: 0] > 0)
        #expect(counts[.sync, default: 0] > 0)
        #expect(counts[.lock, default: 0] > 0)
        print("fault injector counts: \(counts)")
    }

    @Test(
        "fails the planned call with the planned code",
        arguments: [
            (InjectedFault.ioError, "SQLITE_IOERR_WRITE"), (.diskFull, "SQLITE_FULL"),
            (.shortWrite, "SQLITE_FULL"),
        ])
    func planned(_ fault: InjectedFault, _ code: String) throws {
        let directory = try TemporaryDirectory()
        let connection = try Self.table(in: directory)
        let injector = FaultInjector(
            directory: directory.url, plan: FaultPlan(call: .write, number: 1, fault: fault))
        #expect {
            _ = try connection.execute("INSERT INTO t VALUES (zeroblob(9000))")
        } throws: { "\($0)".contains(code) }
        #expect(injector.faultsInjected == 1)
        injector.disarm()
        _ = try connection.execute("INSERT INTO t VALUES (3)")
        #expect(try connection.fetchAll("SELECT x FROM t") { $0.int64(at: 0) } == [1, 3])
    }

    @Test("a busy lock fails after the busy timeout only when it persists")
    func busy() throws {
        let directory = try TemporaryDirectory()
        let connection = try Self.table(in: directory)
        let injector = FaultInjector(
            directory: directory.url,
            plan: FaultPlan(call: .lock, number: 1, fault: .busy, isPersistent: true))
        #expect {
            _ = try Connection(
                location: .file(directory.path("t.sqlite")),
                configuration: {
                    var configuration = Connection.Configuration()
                    configuration.busyTimeoutMilliseconds = 10
                    return configuration
                }())
        } throws: { ($0 as? SQLiteError)?.code == .SQLITE_BUSY }
        injector.disarm()
        _ = connection
    }
}
