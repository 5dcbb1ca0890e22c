import BenchKit
import BenchReports
import CoreDataLog
import Foundation
import Testing

/// The explain-log report: three files written, everything from the log escaped for
/// HTML, Markdown and the terminal.
@Suite struct ExplainLogReportWriterTests {
    /// Twelve to-many faults whose names and values carry markup and escape sequences.
    static func report() -> ExplainLogReport {
        var lines: [String] = []
        for key in 1...12 {
            lines += [
                "CoreData: sql: SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = ?",
                "CoreData: details: SQLite bind[0] = \"<script>alert(\(key))</script>\"",
                "CoreData: annotation: sql connection fetch time: 0.0010s",
                "CoreData: annotation: to-many relationship fault \"<img src=x>|*_\u{07}\" for objectID <x-coredata://A/Post/p\(key)> fulfilled from database.  Got 2 rows",
            ]
        }
        lines.append("CoreData: annotation: <b>unknown</b> wording")
        var reader = LogLineReader(data: Data(lines.joined(separator: "\n").utf8))
        let summary = (try? LogReading.summarize(&reader)) ?? LogSummary()
        let findings = LogFindings(summary: summary, file: "<evil>.log", names: nil, replay: nil)
            .findings()
        return ExplainLogReport(
            files: [ExplainedFile(path: "<evil>.log", bytes: 100, summary: summary)], model: nil,
            findings: findings, replay: nil, notes: ["a <note>"])
    }

    @Test("writes explain.json, index.html and summary.md")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("explain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try ExplainLogReportWriter().write(Self.report(), to: directory)
        #expect(written.map(\.lastPathComponent) == ["explain.json", "index.html", "summary.md"])
        let json = try Data(contentsOf: written[0])
        let decoded = try JSONDecoder.iso8601.decode(ExplainLogReport.self, from: json)
        #expect(decoded.findings.map(\.kind) == [.nPlusOne])
        #expect(decoded.files.first?.counts.unparsed == 1)
    }

    @Test("nothing from the log reaches the page as markup")
    func htmlEscaping() {
        let page = ExplainLogReportWriter().html(Self.report())
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img src=x>"))
        #expect(!page.contains("<b>unknown"))
        #expect(!page.contains("<evil>") && !page.contains("<note>"))
        #expect(page.contains("&lt;img src=x&gt;"))
        #expect(page.contains("<span class=\"kind\">n-plus-one</span>"))
    }

    @Test("Markdown cells cannot break the table or inject HTML")
    func markdownEscaping() {
        let text = ExplainLogReportWriter().markdown(Self.report())
        #expect(!text.contains("<img"))
        #expect(text.contains("\\|\\*\\_"))
    }

    @Test("the terminal summary shows escape sequences instead of obeying them")
    func terminal() {
        let lines = ExplainSummaryText(report: Self.report()).lines
        #expect(!lines.contains { $0.contains("\u{07}") })
        #expect(lines.contains { $0.contains("\\u{7}") })
        #expect(lines.contains { $0.hasPrefix("1. [n-plus-one, ") })
    }
}

extension JSONDecoder {
    /// A decoder for the ISO 8601 dates explain.json writes.
    static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
