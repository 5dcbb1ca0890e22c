import Foundation
import FoundationXML
import Testing

@testable import BenchKit
@testable import BenchReports

/// Every string from the results reaches the page escaped, through one function.
@Suite struct HTMLEscapingTests {
    @Test(
        "escape replaces the five markup characters",
        arguments: [
            ("plain", "plain"), ("<b>", "&lt;b&gt;"), ("a & b", "a &amp; b"),
            ("say \"hi\"", "say &quot;hi&quot;"), ("it's", "it&#39;s"),
            ("µs → ✓", "µs → ✓"),
        ])
    func escape(text: String, expected: String) {
        #expect(HTML.escape(text) == expected)
    }

    @Test("interpolated strings are escaped; HTML fragments are not")
    func interpolation() {
        let name = "<script>"
        let inner: HTML = "<em>\(name)</em>"
        let outer: HTML = "<p>\(inner)\(42)</p>"
        #expect(outer.description == "<p><em>&lt;script&gt;</em>42</p>")
    }

    static let payload = "\"><script>alert('x')</script><img src=x onerror=alert(1)>"

    /// Results in which every string a user or suite controls carries the payload.
    static func hostileResults() -> RunResults {
        let id = BenchmarkID(suite: "s<script>", scenario: "x\"'><img src=x onerror=alert(1)>")
        var trace = ReportFixtures.trace("faults", size: 10_000)
        trace.statements[1].sampleArguments = [[payload]]
        trace.statements[0].queryPlan = [QueryPlanStep(id: 1, parent: 0, detail: "SCAN " + payload)]
        trace.statements.append(
            ReportFixtures.group("SELECT \"</td><script>\" FROM ZPOST WHERE ZTITLE = ?", count: 12))
        let cases = [
            ReportFixtures.result(id, payload, size: 10_000, time: 1e6, trace: trace),
            ReportFixtures.result(id, "b" + payload, size: 10_000, time: 2e6, trace: trace),
            ReportFixtures.result(
                id, "c" + payload, size: 10_000, time: 2e6, status: .failed, errors: [payload]),
        ]
        var results = ReportFixtures.results(
            cases, label: payload,
            comparison: BaselineComparison(
                baseline: payload,
                gates: [
                    GateResult(
                        key: cases[0].key, metric: payload, baseline: 1, current: 2,
                        verdict: .regressed, message: payload)
                ]))
        results.gitCommit = payload
        results.commandLine = ["bench", payload]
        results.environment.cpuModel = payload
        results.datasets = [DatasetRecord(name: payload, size: 1, seed: 1, contentHash: payload)]
        results.leftOut = [payload]
        return results
    }

    @Test("a results file full of script and quote payloads renders with none unescaped")
    func hostilePage() throws {
        let page = HTMLReportWriter().render(Self.hostileResults())
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("</td><script>"))
        #expect(!page.contains("'x'"))
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(page.contains(HTML.escape(Self.payload)))
    }

    @Test("the page is self-contained: no external resources")
    func selfContained() {
        let page = HTMLReportWriter().render(ReportFixtures.results(ReportFixtures.tracedCases()))
        for pattern in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
            #expect(!page.contains(pattern), "found \(pattern)")
        }
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<meta name=\"viewport\""))
    }

    @Test("summary.md and junit.xml carry the payloads inert too")
    func hostileMarkdownAndJUnit() throws {
        let results = Self.hostileResults()
        let markdown = MarkdownReportWriter().render(results)
        #expect(!markdown.contains("<script") && !markdown.contains("<img"))
        let junit = JUnitReportWriter().render(results)
        #expect(!junit.contains("<script") && !junit.contains("<img"))
        _ = try XMLDocument(xmlString: junit)
    }
}
