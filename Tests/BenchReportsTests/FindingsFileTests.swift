import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// `findings.json` beside `results.json`, findings compared between two runs, the
/// place a finding prints as, and fault findings that name key paths exactly as the
/// model spells them (issue 30, items 5 and 6).
@Suite struct FindingsFileTests {
    static let lookup = BenchmarkID(suite: "n-plus-one", scenario: "user-post-counts")

    /// Planted fault-per-object and count-subquery at 10k: the fault case repeats
    /// `postsOfUser` `repeats` times.
    static func cases(repeats: Int) -> [CaseResult] {
        let faults = ReportFixtures.result(
            lookup, "fault-per-object", size: 10_000, time: 10e6,
            trace: SQLTrace(statements: [
                ReportFixtures.group(ReportFixtures.postsOfUser, count: repeats)
            ]))
        let count = ReportFixtures.result(
            lookup, "count-subquery", size: 10_000, time: 2e6,
            trace: SQLTrace(statements: [
                ReportFixtures.group("SELECT COUNT(*) FROM ZPOST", count: 1)
            ]))
        return [faults, count]
    }

    @Test("a finding's place prints as 'scenario [configuration] size', never a debug dump")
    func location() {
        let place = FindingLocation(
            scenario: "batch-ops/delete", configuration: "per-object-save-once", size: 10_000)
        #expect("\(place)" == "batch-ops/delete [per-object-save-once] 10k")
        #expect(!"\(place)".contains("Optional"))
        #expect("\(FindingLocation(file: "log.txt", lines: [3, 9]))" == "log.txt:3, 9")
    }

    @Test("the json format writes findings.json beside results.json, versioned, read back equal")
    func written() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "findings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = ReportFixtures.results(Self.cases(repeats: 1_000), label: "n-plus-one")
        let files = try JSONReportWriter().write(results, to: directory)
        #expect(files.map(\.lastPathComponent) == ["results.json", "findings.json"])
        let document = try FindingsDocument.read(
            from: directory.appendingPathComponent("findings.json"))
        #expect(document.schemaVersion == 1 && document.generator == "bench run")
        #expect(document.runID == "20270115-080000-n-plus-one")
        #expect(document.findings == RunFindings.findings(in: results))
        let finding = try #require(document.findings.first)
        #expect(finding.kind == .nPlusOne && finding.location.configuration == "fault-per-object")
        #expect(finding.evidence.alternatives.map(\.name) == ["count-subquery"])
        let text = try String(
            contentsOf: directory.appendingPathComponent("findings.json"), encoding: .utf8)
        #expect(text.contains("\"fingerprints\" : ["))
    }

    @Test("a findings file of another schema version is refused, naming the file")
    func otherVersion() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "findings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        var document = FindingsDocument(generator: "bench run", findings: [])
        document.schemaVersion = 2
        try document.encoded().write(to: file)
        let error = #expect(throws: ResultsFileError.self) {
            try FindingsDocument.read(from: file)
        }
        #expect(error?.description.contains(file.path) == true)
        #expect(error?.description.contains("findings schemaVersion 2") == true)
    }

    @Test("findings that appeared and disappeared between two runs; counts that moved are the same")
    func diff() throws {
        let before = ReportFixtures.results(Self.cases(repeats: 1_000), label: "base")
        let moved = ReportFixtures.results(Self.cases(repeats: 1_200), label: "run")
        #expect(FindingsDiff(baseline: before, current: moved).isEmpty)
        let fixed = ReportFixtures.results(Self.cases(repeats: 1), label: "run")
        let diff = FindingsDiff(baseline: before, current: fixed)
        #expect(diff.appeared.isEmpty)
        #expect(diff.disappeared.map(\.location.configuration) == ["fault-per-object"])
        #expect(
            diff.lines == [
                "finding disappeared (n-plus-one): n-plus-one/user-post-counts "
                    + "[fault-per-object] 10k: fault-per-object runs one statement per object "
                    + "(to-many fault through Post.author): 1,000 of 1,000 statements."
            ])
        let back = FindingsDiff(baseline: fixed, current: before)
        #expect(back.appeared.count == 1 && back.disappeared.isEmpty)
    }

    @Test("a case only one run measured is not a finding change")
    func unmatchedCase() {
        let before = ReportFixtures.results([], label: "base")
        let after = ReportFixtures.results(Self.cases(repeats: 1_000), label: "run")
        #expect(FindingsDiff(baseline: before, current: after).isEmpty)
    }

    @Test("the comparison carries the finding changes into summary.md and index.html")
    func rendered() {
        let before = ReportFixtures.results(Self.cases(repeats: 1_000), label: "base")
        let fixed = ReportFixtures.results(Self.cases(repeats: 1), label: "run")
        let comparison = GateEvaluator().compare(
            baseline: before, current: fixed, name: "base.json")
        #expect(comparison.findings?.disappeared.count == 1)
        let results = ReportFixtures.results(
            Self.cases(repeats: 1), label: "run", comparison: comparison)
        let markdown = MarkdownReportWriter().render(results)
        #expect(markdown.contains("## Findings against base.json"))
        #expect(
            markdown.contains("- finding disappeared (n-plus-one): n-plus-one/user-post-counts"))
        let page = HTMLReportWriter().render(results)
        #expect(page.contains("<h3>Findings that changed</h3><ul><li>finding disappeared"))
    }
}
