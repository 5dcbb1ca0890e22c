import Foundation
import Testing

/// `bench run` writes a level-1 SQL log per traced case under `sql/`, the page links
/// them, and `bench report --out` carries them along.
@Suite struct SQLLogOutputTests {
    @Test("selftest-sql gets one log per configuration, selftest none; report copies them")
    func runWritesLogs() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = BenchToolTests.main(
            "run", "--suite", "selftest,selftest-sql", "--profile", "quick", "--sizes", "1k",
            "--iterations", "3", "--in-process", "--no-progress", "--out", root.path)
        #expect(run.status == 0)
        let latest = root.appendingPathComponent("latest")
        let sql = latest.appendingPathComponent("sql")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sql.path) == ["selftest-sql"])
        let names = try FileManager.default.contentsOfDirectory(
            atPath: sql.appendingPathComponent("selftest-sql").path
        ).sorted()
        #expect(
            names == [
                "author-lookups--batched--1k.log", "author-lookups--join--1k.log",
                "author-lookups--per-row--1k.log",
            ])
        let perRow = try String(
            contentsOf: sql.appendingPathComponent("selftest-sql/author-lookups--per-row--1k.log"),
            encoding: .utf8
        ).split(separator: "\n")
        #expect(
            perRow.first?.hasPrefix("SQLiteDB: sql: SELECT t0.ZTITLE, t0.ZAUTHOR FROM ZPOST")
                == true)
        let lookups = perRow.filter {
            $0 == "SQLiteDB: sql: SELECT t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ?"
        }
        #expect(lookups.count == 100)
        let page = try String(
            contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("href=\"sql/selftest-sql/author-lookups--per-row--1k.log\""))

        let out = root.appendingPathComponent("rendered")
        #expect(BenchToolTests.main("report", latest.path, "--out", out.path).status == 0)
        let copied = out.appendingPathComponent("sql/selftest-sql/author-lookups--join--1k.log")
        #expect(FileManager.default.fileExists(atPath: copied.path))
    }

    @Test("bench merge copies every shard's logs into the merged run directory")
    func mergeCopiesLogs() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var parts: [String] = []
        for index in 1...2 {
            let run = BenchToolTests.main(
                "run", "--suite", "selftest-sql", "--profile", "quick", "--sizes", "1k,2k",
                "--iterations", "3", "--in-process", "--no-progress", "--shard", "\(index)/2",
                "--out", root.path)
            #expect(run.status == 0)
            parts.append(
                root.appendingPathComponent(
                    try FileManager.default.destinationOfSymbolicLink(
                        atPath: root.appendingPathComponent("latest").path)
                ).path)
        }
        let merge = BenchToolTests.main(["merge", "--out", root.path] + parts)
        #expect(merge.status == 0)
        let logs = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("latest/sql/selftest-sql").path)
        #expect(logs.count == 6)
    }
}
