import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct BackupTests {
    @Test("online backup copies every row into another database, replacing its content")
    func backupToConnection() throws {
        let source = try Connection()
        try source.execute(
            script:
                "CREATE TABLE t (x); WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 500) INSERT INTO t SELECT v FROM s;"
        )
        let destination = try Connection()
        try destination.execute(script: "CREATE TABLE old (y)")
        try source.backup(to: destination)
        #expect(
            try destination.fetchOne("SELECT count(*), sum(x) FROM t") {
                [$0.int64(at: 0), $0.int64(at: 1)]
            } == [500, 125_250])
        #expect(
            try destination.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'old'") {
                $0.int64(at: 0)
            } == 0)
    }

    @Test(
        "copyDatabase copies a WAL file database, uncommitted WAL content included once committed")
    func copyFile() throws {
        let directory = try TemporaryDirectory()
        let original = try Connection(location: .file(directory.path("a.sqlite")))
        try original.execute(script: "CREATE TABLE t (x)")
        try original.transaction {
            for value in 0..<100 { try original.execute("INSERT INTO t VALUES (\(value))") }
        }
        try Connection.copyDatabase(
            from: directory.path("a.sqlite"), to: directory.path("b.sqlite"))
        let copy = try Connection(location: .file(directory.path("b.sqlite")))
        #expect(try copy.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) } == 100)
    }

    @Test("backup into a WAL database checkpoints: the copy is in the database file, not the WAL")
    func backupCheckpoints() throws {
        let directory = try TemporaryDirectory()
        let source = try Connection()
        try source.execute(
            script:
                "CREATE TABLE t (x); WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 2000) INSERT INTO t SELECT printf('%0200d', v) FROM s;"
        )
        let path = directory.path("copy.sqlite")
        let destination = try Connection(location: .file(path))
        try source.backup(to: destination)
        let pages = try #require(
            try destination.fetchOne("PRAGMA page_count") { $0.int64(at: 0) })
        let pageSize = try #require(
            try destination.fetchOne("PRAGMA page_size") { $0.int64(at: 0) })
        let fileSize = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(pages > 100)
        #expect(fileSize.map(Int64.init) == pages * pageSize)
    }

    @Test("backup into a closed connection is refused")
    func closedDestination() throws {
        let source = try Connection()
        let destination = try Connection()
        try destination.close()
        #expect(throws: SQLiteError.self) { try source.backup(to: destination) }
    }
}
