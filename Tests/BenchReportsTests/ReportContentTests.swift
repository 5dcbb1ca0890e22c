import Foundation
import FoundationXML
import Testing

@testable import BenchKit
@testable import BenchReports

/// What the HTML, Markdown and JUnit reports say about a traced run.
@Suite struct ReportContentTests {
    static let results = ReportFixtures.results(ReportFixtures.tracedCases())

    @Test(
        "what a run left out is listed in index.html, summary.md and results.json; nothing when none"
    )
    func leftOut() throws {
        var results = Self.results
        let lines = [
            "Book.cover left out: transformable values of UIImage through ImageTransformer "
                + "are not generated yet",
            "Book.titleLength left out: derived attributes are not stored yet",
        ]
        results.leftOut = lines
        let page = HTMLReportWriter().render(results)
        #expect(
            page.contains(
                "<details class=\"facts\" open><summary>Left out of this run (2)</summary><ul>"
                    + "<li>\(lines[0])</li><li>\(lines[1])</li></ul></details>"))
        let markdown = MarkdownReportWriter().render(results)
        #expect(
            markdown.contains(
                "## Left out of this run\n\n- Book.cover left out: transformable values of UIImage "
                    + "through ImageTransformer are not generated yet\n- Book.titleLength left "
                    + "out: derived attributes are not stored yet\n"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(RunResults.self, from: results.jsonData()).leftOut == lines)
        // A run that left nothing out says nothing, and its JSON has no such key.
        #expect(!HTMLReportWriter().render(Self.results).contains("Left out of this run"))
        #expect(!MarkdownReportWriter().render(Self.results).contains("Left out of this run"))
        #expect(!String(decoding: try Self.results.jsonData(), as: UTF8.self).contains("leftOut"))
    }

    @Test("verdicts put statement counts and the speed-up in words, with the interval")
    func verdicts() throws {
        let scenario = try #require(ScenarioView.suites(of: Self.results).first?.scenarios.first)
        let sentences = Verdict(scenario: scenario, analysis: Self.results.analysis).sentences
        let prefetch = try #require(sentences.first { $0.hasPrefix("prefetch-author:") })
        #expect(prefetch.contains("2 statements instead of 10,001"))
        #expect(prefetch.contains("10.0x faster than faults at 100k (95% CI "))
    }

    @Test("the page flags the N+1 configuration with the measured fix, and shows SQL panels")
    func page() {
        let page = HTMLReportWriter().render(Self.results)
        #expect(page.contains("id=\"findings\""))
        #expect(
            page.contains("<strong>faulting/posts-with-author</strong>: faults runs one statement"))
        #expect(
            page.contains(
                "<strong>Fix:</strong> Measured: prefetch-author avoids it, 2 statements instead of "
                    + "10,001, 10.0x faster at 100k."))
        #expect(page.contains("<tr><td class=\"text\">prefetch-author</td><td>100k</td><td>2</td>"))
        #expect(!page.contains("prefetch-author runs one statement"))
        #expect(page.contains("SQL of faults at 100k: 10,001"))
        #expect(page.contains("full scan"))
        #expect(page.contains("temp B-tree"))
        #expect(page.contains("t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))"))
        #expect(page.components(separatedBy: "<svg class=\"chart\"").count == 4)
        #expect(page.contains("<th>vs raw</th>"))
        #expect(page.contains("<td>20.0x</td>"), "faults wall time against the raw floor")
    }

    /// The traced cases with their configurations renamed by `names` and the kinds
    /// `kinds` recorded (none recorded when `kinds` is empty).
    static func floorCases(
        names: [String: String] = [:], kinds: [String: BenchmarkConfiguration.Kind] = [:]
    ) -> [CaseResult] {
        ReportFixtures.tracedCases().map { result in
            let name = names[result.key.configuration] ?? result.key.configuration
            let renamed = CaseResult(
                key: CaseKey(
                    benchmark: result.key.benchmark, configuration: name, size: result.key.size),
                status: result.status, checksum: result.checksum, iterations: result.iterations,
                metrics: result.metrics, errors: result.errors, sqlTrace: result.sqlTrace)
            return kinds.isEmpty ? renamed : renamed.recording(kind: kinds[name] ?? .subject)
        }
    }

    @Test("the floor is the configuration recorded as raw, whatever its name")
    func floorByKind() throws {
        let renamed = Self.floorCases(names: ["raw": "by-hand"], kinds: ["by-hand": .raw])
        let page = HTMLReportWriter().render(ReportFixtures.results(renamed))
        #expect(page.contains("<th>vs by-hand</th>"))
        #expect(page.contains("<td>20.0x</td>"), "faults wall time against the floor")
        let subjectNamedRaw = Self.floorCases(kinds: ["raw": .subject])
        let unfloored = HTMLReportWriter().render(ReportFixtures.results(subjectNamedRaw))
        #expect(!unfloored.contains("<th>vs raw</th>"))
        #expect(unfloored.contains("<th>vs reference</th>"))
        let legacy = HTMLReportWriter().render(ReportFixtures.results(Self.floorCases()))
        #expect(legacy.contains("<th>vs raw</th>"), "results without kinds: the one named raw")
        let decoded = try JSONDecoder().decode(
            [CaseResult].self, from: JSONEncoder().encode(renamed))
        #expect(decoded.map(\.configurationKind) == renamed.map(\.configurationKind))
        #expect(decoded.map(\.configurationKind).contains(.raw))
    }

    @Test("summary.md leads with regressions and has a table per scenario")
    func markdown() {
        let key = Self.results.cases[0].key
        var results = Self.results
        results.comparison = BaselineComparison(
            baseline: "ci.json",
            gates: [
                GateResult(
                    key: key, metric: "sql.select", baseline: 2, current: 3, verdict: .regressed,
                    message: "2 -> 3 statements")
            ])
        let text = MarkdownReportWriter().render(results)
        let regressions = text.range(of: "## Regressions against ci.json")
        let table = text.range(of: "### faulting/posts-with-author")
        #expect(regressions != nil && table != nil)
        #expect(regressions!.lowerBound < table!.lowerBound)
        #expect(text.contains("| faults | 100k |"))
        #expect(text.contains("## Findings"))
    }

    @Test("Markdown escaping keeps table cells and HTML inert")
    func markdownEscape() {
        #expect(MarkdownReportWriter.escape("a|b<i>*x*") == "a\\|b&lt;i&gt;\\*x\\*")
    }

    @Test("junit.xml parses, has a test case per case and per gate, failures carry messages")
    func junit() throws {
        var cases = ReportFixtures.tracedCases()
        let id = BenchmarkID(suite: "faulting", scenario: "broken")
        cases.append(
            ReportFixtures.result(
                id, "faults", size: 10, time: 1, status: .failed, errors: ["setup failed: <boom>"]))
        var results = ReportFixtures.results(cases)
        results.comparison = BaselineComparison(
            baseline: "ci.json",
            gates: [
                GateResult(
                    key: cases[0].key, metric: "wallTime", baseline: 1, current: 2,
                    verdict: .regressed, message: "2x slower")
            ])
        let document = try XMLDocument(xmlString: JUnitReportWriter().render(results))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "8")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let failures = try root.nodes(forXPath: "//testcase/failure")
        let messages = failures.compactMap {
            ($0 as? XMLElement)?.attribute(forName: "message")?.stringValue
        }
        #expect(messages.sorted() == ["2x slower", "setup failed: <boom>"])
        #expect(try root.nodes(forXPath: "//testsuite[@name='gates']/testcase").count == 1)
    }

    @Test("a skipped case is a JUnit skip and a muted row with its reason, not a failure")
    func skipped() throws {
        var cases = ReportFixtures.tracedCases()
        let id = BenchmarkID(suite: "faulting", scenario: "posts-with-author")
        cases.append(
            ReportFixtures.result(
                id, "faults", size: 1_000_000, time: 1, status: .skipped,
                errors: ["runs up to 100k: too slow"]))
        let results = ReportFixtures.results(cases)
        let document = try XMLDocument(xmlString: JUnitReportWriter().render(results))
        let root = try #require(document.rootElement())
        let skips = try root.nodes(forXPath: "//testcase/skipped")
        #expect(skips.count == 1)
        #expect(
            (skips.first as? XMLElement)?.attribute(forName: "message")?.stringValue
                == "runs up to 100k: too slow")
        #expect(root.attribute(forName: "failures")?.stringValue == "0")
        let page = HTMLReportWriter().render(results)
        #expect(
            page.contains(
                "<td class=\"text muted\" colspan=\"8\">skipped: runs up to 100k: too slow"))
        #expect(page.contains("1 case was skipped above its configuration&#39;s size limit."))
    }

    /// Writes every format of the traced fixture. Set `BENCH_REPORT_FIXTURE_OUT` to a
    /// directory to keep the files and look at the page (scripts/check-report on it).
    @Test("every writer writes its files for a traced run")
    func writesEveryFormat() throws {
        let kept = ProcessInfo.processInfo.environment["BENCH_REPORT_FIXTURE_OUT"]
        let directory = URL(
            fileURLWithPath: kept
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "report-fixture-\(UUID().uuidString)"
                ).path)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if kept == nil { try? FileManager.default.removeItem(at: directory) } }
        let written = try ReportFormat.allCases.flatMap {
            try $0.writer.write(Self.results, to: directory)
        }
        #expect(written.count == 7)
        #expect(
            try RunResults.read(from: directory.appendingPathComponent("results.json"))
                == Self.results)
        #expect(
            try FindingsDocument.read(from: directory.appendingPathComponent("findings.json"))
                == FindingsDocument(run: Self.results))
    }
}
