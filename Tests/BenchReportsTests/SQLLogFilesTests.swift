import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// The `sql/` folder: one file per traced case under the literal name template, the
/// HTML panel's escaped relative link to it, and copies for re-rendered reports.
@Suite struct SQLLogFilesTests {
    static let id = BenchmarkID(suite: "faulting", scenario: "posts-with-author")

    /// A traced case of `configuration` whose log has `lines` lines.
    static func logged(_ configuration: String, size: Int = 10_000, lines: Int) -> CaseResult {
        let plain = ReportFixtures.result(
            id, configuration, size: size, time: 1e6,
            trace: ReportFixtures.trace("faults", size: size))
        var log = SQLLog()
        for line in 1...lines { log.append("ObjectGraph: sql: SELECT \(line)") }
        return CaseResult(
            key: plain.key, status: plain.status, checksum: plain.checksum,
            iterations: plain.iterations, metrics: plain.metrics, errors: plain.errors,
            sqlTrace: plain.sqlTrace, sqlLog: log)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sql-logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("paths follow sql/<suite>/<scenario>--<configuration>--<size>.log")
    func paths() {
        let key = { CaseKey(benchmark: Self.id, configuration: $0, size: $1) }
        #expect(
            SQLLogFiles.path(for: key("faults", 10_000))
                == "sql/faulting/posts-with-author--faults--10k.log")
        #expect(
            SQLLogFiles.path(for: key("raw", 1_000_000))
                == "sql/faulting/posts-with-author--raw--1m.log")
        #expect(
            SQLLogFiles.path(for: key("a/b", 2_500))
                == "sql/faulting/posts-with-author--a_b--2500.log")
    }

    @Test("writes one file per case with a log, truncated ones ending in the count line")
    func writes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = ReportFixtures.result(Self.id, "raw", size: 10_000, time: 1e5)
        let results = ReportFixtures.results([
            Self.logged("faults", lines: 2_345), Self.logged("prefetch-author", lines: 4), plain,
        ])
        let written = try SQLLogFiles.write(results, to: directory)
        #expect(written.count == 2)
        let faults = try String(
            contentsOf: directory.appendingPathComponent(
                "sql/faulting/posts-with-author--faults--10k.log"), encoding: .utf8)
        let lines = faults.split(separator: "\n")
        #expect(lines.count == 2_001 && lines[0] == "ObjectGraph: sql: SELECT 1")
        #expect(lines.last == "… 345 more lines not shown (2,345 total)")
        let prefetch = try String(
            contentsOf: directory.appendingPathComponent(
                "sql/faulting/posts-with-author--prefetch-author--10k.log"), encoding: .utf8)
        #expect(prefetch.split(separator: "\n").count == 4)
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(
                    "sql/faulting/posts-with-author--raw--10k.log"
                ).path))
    }

    @Test("the SQL panel links its log relatively, escaped; unlogged cases get no link")
    func htmlLink() {
        let payload = Self.logged("x\"><script>&'", lines: 3)
        let page = HTMLReportWriter().render(
            ReportFixtures.results([Self.logged("faults", lines: 2_345), payload]))
        #expect(
            page.contains(
                "<a href=\"sql/faulting/posts-with-author--faults--10k.log\">SQL log</a> "
                    + "(2,345 lines, the first 2,000 in the file)."))
        #expect(!page.contains("<script>&"))
        #expect(page.contains("posts-with-author--x%22%3E%3Cscript%3E&amp;&#39;--10k.log"))
        let unlogged = HTMLReportWriter().render(
            ReportFixtures.results(ReportFixtures.tracedCases()))
        #expect(!unlogged.contains("SQL log</a>"))
    }

    @Test("summary.md names the sql/ folder only when there are logs")
    func markdown() {
        let logged = MarkdownReportWriter().render(
            ReportFixtures.results([Self.logged("faults", lines: 3)]))
        #expect(logged.contains("SQL logs: `sql/<suite>/<scenario>--<configuration>--<size>.log`"))
        let plain = MarkdownReportWriter().render(
            ReportFixtures.results(ReportFixtures.tracedCases()))
        #expect(!plain.contains("SQL logs"))
    }

    @Test("copies the logs of a run directory into another, once")
    func copies() throws {
        let source = try Self.temporaryDirectory()
        let target = try Self.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: target)
        }
        let results = ReportFixtures.results([Self.logged("faults", lines: 3)])
        _ = try SQLLogFiles.write(results, to: source)
        let copied = try SQLLogFiles.copy(results, from: source, to: target)
        #expect(copied.map(\.lastPathComponent) == ["posts-with-author--faults--10k.log"])
        #expect(try SQLLogFiles.copy(results, from: source, to: target).isEmpty)
        #expect(try SQLLogFiles.copy(results, from: source, to: source).isEmpty)
    }
}
