import BenchKit
import Foundation
import Testing

/// `bench report`: re-renders every format from a results file, never runs anything.
@Suite struct ReportCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("renders every format from a run directory into --out")
    func rendersEveryFormat() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = BenchToolTests.main(
            "run", "--suite", "selftest", "--profile", "quick", "--sizes", "1k", "--iterations",
            "3", "--in-process", "--no-progress", "--format", "json", "--out", root.path)
        #expect(run.status == 0)
        let out = root.appendingPathComponent("rendered")
        let report = BenchToolTests.main(
            "report", root.appendingPathComponent("latest").path, "--out", out.path)
        #expect(report.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            names == [
                "findings.json", "index.html", "junit.xml", "results.csv", "results.json",
                "samples.csv", "summary.md",
            ])
        let findings = try FindingsDocument.read(from: out.appendingPathComponent("findings.json"))
        let recorded = try RunResults.read(from: out.appendingPathComponent("results.json"))
        #expect(findings.generator == "bench run" && findings.runID == recorded.runID)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("selftest/sort"))
    }

    @Test("a missing or malformed results file is an input error (exit 2) naming the file")
    func badInput() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = BenchToolTests.main("report", "/nonexistent/results.json")
        #expect(missing.status == 2 && missing.text.contains("/nonexistent/results.json"))
        let bad = root.appendingPathComponent("results.json")
        try Data("{\"schemaVersion\": 1}".utf8).write(to: bad)
        let malformed = BenchToolTests.main("report", bad.path)
        #expect(malformed.status == 2 && malformed.text.contains("missing key"))
    }
}
