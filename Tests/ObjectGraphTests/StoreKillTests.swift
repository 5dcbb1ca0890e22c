import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Part 2 of the reliability issue: a child (`StoreTestHost`) saving in a loop, or
/// batch deleting in a loop, SIGKILLed at seeded random moments. After each kill the
/// store opens (SQLite recovers the WAL) sound, holding the state of the last
/// transaction the child reported or of the one after it, never a mix.
@Suite struct StoreKillTests {
    static func count(_ connection: Connection, _ sql: SQL) throws -> Int64 {
        try connection.fetchOne(sql) { $0.int64(at: 0) } ?? -1
    }

    /// The store after `save-loop` committed transaction `step`.
    /// Returns the step the store holds.
    @discardableResult
    static func checkSaveLoop(_ path: String, acknowledged: Int64) throws -> Int64 {
        #expect(try StoreSnapshot.integrity(path: path) == "ok")
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        let step = try count(connection, "SELECT ZAGE FROM ZUSER WHERE ZNAME = 'ledger'")
        #expect(step == acknowledged || step == acknowledged + 1, "acknowledged \(acknowledged)")
        let expected = [step - 1, step].filter { $0 >= 1 }
        let users = try connection.fetchAll(
            "SELECT ZNAME FROM ZUSER WHERE ZNAME != 'ledger' ORDER BY ZAGE, ZNAME"
        ) { $0.string(at: 0) }
        #expect(Set(users) == Set(expected.map { "u\($0)" }), "step \(step)")
        let posts = try connection.fetchAll(
            """
            SELECT u.ZNAME, p.ZTITLE, p.ZSCORE FROM ZPOST p JOIN ZUSER u ON u.Z_PK = p.ZAUTHOR
            ORDER BY p.ZTITLE
            """
        ) { "\($0.string(at: 0)) \($0.string(at: 1)) \($0.double(at: 2))" }
        let wanted = expected.flatMap { user in
            (0..<3).map { "u\(user) u\(user)-\($0) \(user == step ? 0.0 : Double(step))" }
        }
        #expect(
            posts == wanted.sorted { $0.split(separator: " ")[1] < $1.split(separator: " ")[1] })
        #expect(try count(connection, "SELECT count(*) FROM ZPOST") == Int64(wanted.count))
        #expect(try count(connection, "SELECT count(*) FROM Z_1TAGS") == Int64(wanted.count))
        return step
    }

    /// The store after `batch-delete`: every user whole with ten posts, no orphan post,
    /// and at most the user of the step in progress missing.
    static func checkBatchDelete(_ path: String, lines: [String]) throws {
        #expect(try StoreSnapshot.integrity(path: path) == "ok")
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        let users = try connection.fetchAll("SELECT ZNAME FROM ZUSER") { $0.string(at: 0) }
        #expect(
            try count(
                connection,
                "SELECT count(*) FROM ZPOST WHERE ZAUTHOR IS NULL OR ZAUTHOR NOT IN (SELECT Z_PK FROM ZUSER)"
            ) == 0)
        #expect(
            try count(
                connection,
                "SELECT count(*) FROM ZUSER u WHERE (SELECT count(*) FROM ZPOST p WHERE p.ZAUTHOR = u.Z_PK) != 10"
            ) == 0)
        let missing = Set((0..<20).map { "u\($0)" }).subtracting(users)
        let last = lines.last { $0 != "ready" }?.split(separator: " ")
        let step = last.map { Int($0[1])! + ($0[0] == "restored" ? 1 : 0) } ?? 0
        #expect(missing.isSubset(of: ["u\(step % 20)"]), "after \(lines.last ?? "-")")
        #expect(users.count == Set(users).count, "duplicate users: \(users)")
    }

    @Test("SIGKILL at random moments of a save loop: the last transaction whole or not at all")
    func saveLoop() throws {
        let host = try KillTrial.executable("StoreTestHost")
        let directory = try TemporaryDirectory()
        var (steps, inFlight) = ([Int64](), 0)
        for (trial, delay) in KillTrial.delays(count: 100, limit: 0.15, seed: 18).enumerated() {
            let path = directory.path("save-\(trial).sqlite")
            let lines = try KillTrial.run(
                host, ["save-loop", path], readyLine: "ready", delay: delay)
            let acknowledged =
                lines.last { $0.hasPrefix("saved ") }.map { Int64($0.dropFirst(6))! } ?? 0
            let step = try Self.checkSaveLoop(path, acknowledged: acknowledged)
            steps.append(step)
            if step > acknowledged { inFlight += 1 }
        }
        print(
            "kill trials, save loop: 100 kills at steps \(steps.min()!)...\(steps.max()!); "
                + "\(inFlight) found the transaction in flight committed")
    }

    @Test("SIGKILL at random moments of batch deletes: no user half deleted, no orphan posts")
    func batchDelete() throws {
        let host = try KillTrial.executable("StoreTestHost")
        let directory = try TemporaryDirectory()
        for (trial, delay) in KillTrial.delays(count: 100, limit: 0.15, seed: 19).enumerated() {
            let path = directory.path("delete-\(trial).sqlite")
            let lines = try KillTrial.run(
                host, ["batch-delete", path], readyLine: "ready", delay: delay)
            try Self.checkBatchDelete(path, lines: lines)
        }
    }
}
