import BenchKit
import Foundation
import Testing

@testable import bench

/// `bench compare`, `bench baseline update` and `bench run --baseline`: exit codes,
/// input errors naming file and JSON path, the table, reports and annotations.
@Suite struct CompareCommandTests {
    /// A real selftest-sql run at 200 authors, one instrumented iteration, in process.
    static func lookups(in root: URL) throws -> RunResults {
        let out = root.appendingPathComponent("run")
        let run = BenchToolTests.main(
            "run", "--suite", "selftest-sql", "--sizes", "200", "--iterations", "2", "--warmup",
            "0", "--in-process", "--no-progress", "--format", "json", "--out", out.path)
        #expect(run.status == 0)
        return try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
    }

    /// `results` with `case`'s metrics and trace replaced by `source`'s, key kept.
    static func replacing(_ results: RunResults, _ target: String, with source: String)
        -> RunResults
    {
        var copy = results
        guard let donor = results.cases.first(where: { $0.key.configuration == source }) else {
            return copy
        }
        copy.cases = results.cases.map { result in
            guard result.key.configuration == target else { return result }
            return CaseResult(
                key: result.key, status: result.status, checksum: result.checksum,
                iterations: result.iterations, metrics: donor.metrics, errors: [],
                sqlTrace: donor.sqlTrace)
        }
        return copy
    }

    @Test("batched lookups that fall back to one SELECT per author fail on 'batched' (exit 1)")
    func prefetchSwitchedOff() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = try Self.lookups(in: root)
        let base = try GateFixtures.write(baseline, "base.json", in: root)
        let broken = Self.replacing(baseline, "batched", with: "per-row")
        let current = try GateFixtures.write(broken, "current.json", in: root)
        let result = BenchToolTests.main(
            "compare", base, current, "--thresholds", try Self.countersOnly(in: root), "--out",
            root.path)
        #expect(result.status == 1)
        #expect(result.text.contains("REGRESSED  selftest-sql/author-lookups [batched]"))
        #expect(!result.text.contains("REGRESSED  selftest-sql/author-lookups [per-row]"))
        #expect(
            result.text.contains("+ SELECT t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ? ×20 (appeared)")
        )
        #expect(result.text.contains("(disappeared)"))
        let summary = try String(
            contentsOf: root.appendingPathComponent("latest/summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# ") && summary.contains("## Regressions against"))
        let junit = try String(
            contentsOf: root.appendingPathComponent("latest/junit.xml"), encoding: .utf8)
        #expect(junit.contains("type=\"regression\""))
    }

    @Test("bench run --baseline gates the fresh run: more statements than the baseline exit 1")
    func runWithBaseline() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let recorded = try Self.lookups(in: root)
        let lean = Self.replacing(recorded, "per-row", with: "batched")
        let base = try GateFixtures.write(lean, "base.json", in: root)
        let run = BenchToolTests.main(
            "run", "--suite", "selftest-sql", "--sizes", "200", "--iterations", "2", "--warmup",
            "0", "--in-process", "--no-progress", "--format", "json", "--out", root.path,
            "--baseline", base, "--thresholds", try Self.countersOnly(in: root))
        #expect(run.status == 1)
        #expect(
            run.text.contains("REGRESSED  selftest-sql/author-lookups [per-row] 200  sql.select"))
        let bad = BenchToolTests.main("run", "--baseline", "/nonexistent.json", "--no-progress")
        #expect(bad.status == 2 && bad.text.contains("/nonexistent.json"))
        #expect(BenchToolTests.main("run", "--rerun-suspects").status == 2)
    }

    @Test("a run writes findings.json and prints findings readably; compare lists what disappeared")
    func findingsAcrossRuns() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("run")
        let run = BenchToolTests.main(
            "run", "--suite", "selftest-sql", "--sizes", "200", "--iterations", "2", "--warmup",
            "0", "--in-process", "--no-progress", "--format", "json", "--out", out.path)
        #expect(run.status == 0)
        #expect(
            run.text.contains("finding (n-plus-one): selftest-sql/author-lookups [per-row] 200: "))
        #expect(!run.text.contains("FindingLocation(") && !run.text.contains("Optional("))
        let document = try FindingsDocument.read(
            from: out.appendingPathComponent("latest/findings.json"))
        #expect(document.generator == "bench run")
        #expect(document.findings.contains { $0.location.configuration == "per-row" })
        let recorded = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        let base = try GateFixtures.write(recorded, "base.json", in: root)
        let fixed = Self.replacing(recorded, "per-row", with: "batched")
        let current = try GateFixtures.write(fixed, "current.json", in: root)
        let compare = BenchToolTests.main(
            "compare", base, current, "--thresholds", try Self.countersOnly(in: root), "--out",
            root.path)
        #expect(
            compare.text.contains(
                "finding disappeared (n-plus-one): selftest-sql/author-lookups [per-row] 200: "))
        #expect(compare.text.contains("findings: 0 appeared, 1 disappeared"))
        let summary = try String(
            contentsOf: root.appendingPathComponent("latest/summary.md"), encoding: .utf8)
        #expect(summary.contains("## Findings against"))
    }

    @Test("A/A with the same file passes (exit 0); a baseline update round-trips")
    func sameResults() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let results = GateFixtures.run([GateFixtures.caseResult()])
        let file = try GateFixtures.write(results, "results.json", in: root)
        let update = BenchToolTests.main(
            "baseline", "update", "--from", file, "--dir", root.path, "--name", "aa")
        #expect(update.status == 0)
        let baseline = root.appendingPathComponent("aa.json").path
        #expect(
            try RunResults.read(from: URL(fileURLWithPath: baseline)).cases[0].metrics[0].samples
                .isEmpty)
        let compare = BenchToolTests.main("compare", baseline, file, "--out", root.path)
        #expect(compare.status == 0)
        #expect(compare.text.contains("gates: 0 failed"))
    }

    @Test("input errors exit 2 naming the file and JSON path")
    func inputErrors() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()]), "r.json", in: root)
        let missing = BenchToolTests.main("compare", "/nonexistent/base.json", file)
        #expect(missing.status == 2 && missing.text.contains("/nonexistent/base.json"))
        let thresholds = root.appendingPathComponent("t.json")
        try Data(#"{"metrics": {"wallTime": {"threshold": "ten"}}}"#.utf8).write(to: thresholds)
        let bad = BenchToolTests.main("compare", file, file, "--thresholds", thresholds.path)
        #expect(
            bad.status == 2 && bad.text.contains("t.json")
                && bad.text.contains("metrics.wallTime.threshold"))
        var old = GateFixtures.run([GateFixtures.caseResult()])
        old.schemaVersion = 0
        let oldFile = try GateFixtures.write(old, "old.json", in: root)
        let version = BenchToolTests.main("compare", oldFile, file)
        #expect(version.status == 2 && version.text.contains("schemaVersion 0"))
        #expect(BenchToolTests.main("compare", file).status == 2)
    }

    @Test("a thresholds rule that names no metric or benchmark of either run is warned about")
    func unmatchedRuleWarning() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()]), "r.json", in: root)
        let thresholds = root.appendingPathComponent("t.json")
        try Data(
            #"{"metrics": {"wallTme": {"gate": false}, "wallTime": {"gate": false}}, "#
                .appending(#""benchmarks": {"nowhere/case": {"wallTime": {"gate": false}}}}"#)
                .utf8
        ).write(to: thresholds)
        let compare = BenchToolTests.main(
            "compare", file, file, "--thresholds", thresholds.path, "--out", root.path)
        #expect(compare.status == 0)
        let warnings = compare.text.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        let path: String = thresholds.path
        let expected: [String] = [
            "warning: \(path): benchmarks.nowhere/case matches nothing in the baseline or this "
                + "run, so it applies to nothing: check its spelling",
            "warning: \(path): metrics.wallTme matches nothing in the baseline or this run, so "
                + "it applies to nothing: check its spelling",
        ]
        #expect(warnings.map(String.init) == expected)
    }

    @Test("another dataset hash is refused unless --allow-dataset-change")
    func datasetChange() throws {
        let root = try ReportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()], hash: "aaa"), "a.json", in: root)
        let after = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()], hash: "bbb"), "b.json", in: root)
        let refused = BenchToolTests.main("compare", before, after, "--out", root.path)
        #expect(refused.status == 2 && refused.text.contains("--allow-dataset-change"))
        let allowed = BenchToolTests.main(
            "compare", before, after, "--allow-dataset-change", "--out", root.path)
        #expect(allowed.status == 0)
        _ = BenchToolTests.main("baseline", "update", "--from", before, "--dir", root.path)
        let update = BenchToolTests.main("baseline", "update", "--from", after, "--dir", root.path)
        #expect(update.status == 2 && update.text.contains("content hash aaa"))
    }

    @Test("::error lines name the case and metric, newlines encoded")
    func annotations() {
        let comparison = GateEvaluator().compare(
            baseline: GateFixtures.run([GateFixtures.caseResult()]),
            current: GateFixtures.run([GateFixtures.caseResult(statements: 2)]), name: "b")
        let capture = BenchToolTests.Capture()
        GateTable.print(comparison, to: capture.console, annotate: true)
        #expect(
            capture.text.contains(
                "::error title=Benchmark regression::fixture/lookups [batched] 10k sql.select: 1 → 2 (exact)%0A+ SELECT"
            ))
    }

    /// A thresholds file gating counters only, as the CI gate does.
    static func countersOnly(in root: URL) throws -> String {
        let url = root.appendingPathComponent("counters.json")
        try Data(#"{"noisy": {"gate": false}}"#.utf8).write(to: url)
        return url.path
    }
}
