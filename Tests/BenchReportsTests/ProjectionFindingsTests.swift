import Foundation
import Testing

@testable import BenchKit

/// The projection audit's findings from planted results: columns fetched and not read,
/// prefetches never read, objects never touched; measured against the scenario's other
/// configurations; nothing for the floor; declared demonstrations expected.
@Suite struct ProjectionFindingsTests {
    static let id = BenchmarkID(suite: "materialize", scenario: "wide")

    /// `Post` with twelve columns: `title` (40 bytes a row) and `score` (8) read when
    /// `reads` says so, ten other attributes of 100 bytes a row.
    static func post(
        objects: Int = 10_000, touched: Int? = nil, reads: Set<String> = ["title", "score"],
        partial: Bool = false, prefetched: [String] = []
    ) -> FetchProjection {
        let others = (1...10).map { "field\($0)" }
        var properties =
            [
                FetchProjection.Property(
                    name: "title", kind: "attribute", isFetched: true,
                    isRead: reads.contains("title"), bytes: 40 * objects),
                FetchProjection.Property(
                    name: "score", kind: "attribute", isFetched: true,
                    isRead: reads.contains("score"), bytes: 8 * objects),
            ]
            + others.map {
                FetchProjection.Property(
                    name: $0, kind: "attribute", isFetched: !partial, isRead: reads.contains($0),
                    bytes: partial ? 0 : 100 * objects)
            }
        properties.append(
            FetchProjection.Property(
                name: "tags", kind: "to-many", isFetched: false, isRead: reads.contains("tags"),
                bytes: 0))
        return FetchProjection(
            entity: "Post", objects: objects, touched: touched ?? objects,
            properties: properties, prefetched: prefetched, usesPropertiesToFetch: partial)
    }

    static func result(
        _ configuration: String, time: Double, _ projections: [FetchProjection]?,
        kind: BenchmarkConfiguration.Kind = .subject, demonstrates: [FindingKind] = [],
        trace: SQLTrace? = nil
    ) -> CaseResult {
        ReportFixtures.result(id, configuration, size: 10_000, time: time, trace: trace)
            .recording(kind: kind, demonstrates: demonstrates)
            .recording(projections: projections)
    }

    @Test("12 columns fetched for 10,000 Post, 2 read: the bytes propertiesToFetch skips")
    func wideFetch() throws {
        let findings = ProjectionFindings.findings(in: [
            Self.result("objects", time: 20e6, [Self.post()])
        ])
        let finding = try #require(findings.only)
        #expect(finding.kind == .wideFetch)
        #expect(
            finding.title
                == "objects fetched 12 columns for 10,000 Post objects, read 2 (title, score): "
                + "propertiesToFetch would skip 10.0 MB (10,000,000 bytes) of the 10.5 MB fetched.")
        #expect(finding.subject.entity == "Post")
        #expect(
            finding.fix.coreData.hasPrefix("request.propertiesToFetch = [\"title\", \"score\"]"))
        #expect(
            finding.fix.swiftData.hasPrefix(
                "descriptor.propertiesToFetch = [\\Post.title, \\Post.score]"))
        #expect(finding.fix.summary.hasPrefix("Unmeasured: "))
        #expect(finding.confidence == .log)
        #expect(!finding.isExpected)
    }

    @Test("a configuration with propertiesToFetch is cited with its measured effect")
    func measuredPartial() throws {
        let findings = ProjectionFindings.findings(in: [
            Self.result("objects", time: 20e6, [Self.post()]),
            Self.result("partial", time: 8e6, [Self.post(partial: true)]),
        ])
        let finding = try #require(findings.only)
        #expect(finding.location.configuration == "objects")
        #expect(finding.confidence == .measurement)
        #expect(finding.evidence.alternatives.map(\.name) == ["partial"])
        #expect(
            finding.fix.summary.hasPrefix(
                "Measured: partial (propertiesToFetch) is 2.50x faster at 10k."))
    }

    @Test("a fetch whose objects read every column gets nothing")
    func readsAll() {
        let all = Set(["title", "score"] + (1...10).map { "field\($0)" })
        #expect(
            ProjectionFindings.findings(in: [
                Self.result("objects", time: 20e6, [Self.post(reads: all)])
            ]).isEmpty)
    }

    @Test("a raw configuration gets no Core Data advice, even with a projection planted")
    func rawGetsNone() {
        let findings = RunFindings.findings(in: [
            Self.result("raw", time: 2e6, [Self.post(prefetched: ["tags"])], kind: .raw)
        ])
        #expect(findings.isEmpty)
    }

    @Test("prefetched `tags`, never read: with the prefetch's statements from the trace")
    func unreadPrefetch() throws {
        var group = ReportFixtures.group(
            "SELECT 0, t0.Z_PK FROM ZTAG t0 JOIN Z_1TAGS t1 ON t0.Z_PK = t1.Z_2TAGS", count: 1)
        group.rows = 30_000
        group.totalNanoseconds = 4e6
        group.cause = StatementCause(kind: .prefetch, entity: "", keyPath: "tags")
        let all = Set(["title", "score"] + (1...10).map { "field\($0)" })
        let findings = ProjectionFindings.findings(in: [
            Self.result(
                "prefetch", time: 20e6, [Self.post(reads: all, prefetched: ["tags"])],
                trace: SQLTrace(statements: [group])),
            Self.result("plain", time: 15e6, [Self.post(reads: all)]),
        ])
        let finding = try #require(findings.only)
        #expect(finding.kind == .unreadPrefetch)
        #expect(
            finding.title
                == "prefetch prefetched `tags` for 10,000 Post objects, never read: 1 statement "
                + "loading 30,000 rows for nothing.")
        #expect(finding.subject.keyPath == "tags")
        #expect(finding.evidence.statementCount == 1)
        #expect(finding.fix.coreData.contains("(\"tags\" removed)"))
        #expect(
            finding.fix.summary.hasPrefix("Measured: plain (no prefetch of tags) is 1.33x faster"))
    }

    @Test("1,000 objects fetched, 40 touched: fetchLimit or fetchBatchSize")
    func untouched() throws {
        let findings = ProjectionFindings.findings(in: [
            Self.result("objects", time: 5e6, [Self.post(objects: 1_000, touched: 40)])
        ])
        let finding = try #require(findings.only)
        #expect(finding.kind == .untouchedObjects)
        #expect(
            finding.title
                == "objects: 1,000 Post objects fetched, 40 touched: fetchLimit or fetchBatchSize.")
        #expect(finding.fix.coreData.hasPrefix("request.fetchLimit = 40"))
    }

    @Test("a declared demonstration is expected, not an alarm")
    func declared() throws {
        let findings = ProjectionFindings.findings(in: [
            Self.result(
                "objects", time: 20e6, [Self.post()], demonstrates: [.wideFetch])
        ])
        #expect(try #require(findings.only).isExpected)
    }

    @Test("fewer than 100 objects: no column or touch finding")
    func small() {
        #expect(
            ProjectionFindings.findings(in: [
                Self.result("objects", time: 1e6, [Self.post(objects: 50, touched: 1)])
            ]).isEmpty)
    }

    @Test("fetches of one shape add up; another shape stays apart")
    func merged() {
        let merged = FetchProjection.merged([
            Self.post(objects: 10, reads: ["title"]), Self.post(objects: 20, reads: ["score"]),
            Self.post(objects: 5, partial: true),
        ])
        #expect(merged.count == 2)
        #expect(merged[0].fetches == 2)
        #expect(merged[0].objects == 30)
        #expect(merged[0].properties.filter(\.isRead).map(\.name) == ["title", "score"])
        #expect(merged[0].properties[0].bytes == 40 * 30)
    }

    @Test("projections survive results.json")
    func coding() throws {
        let result = Self.result("objects", time: 20e6, [Self.post(prefetched: ["tags"])])
        let decoded = try JSONDecoder().decode(
            CaseResult.self, from: JSONEncoder().encode(result))
        #expect(decoded.projections == result.projections)
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}

extension ProjectionFindingsTests {
    @Test("no column read (a to-many only): no propertiesToFetch advice")
    func noColumnRead() {
        #expect(
            ProjectionFindings.findings(in: [
                Self.result("objects", time: 20e6, [Self.post(reads: ["tags"])])
            ]).isEmpty)
    }
}

extension ProjectionFindingsTests {
    @Test("a fetch none of whose objects is read (run to refresh the context) gets nothing")
    func noneTouched() {
        #expect(
            ProjectionFindings.findings(in: [
                Self.result("fetch", time: 20e6, [Self.post(touched: 0, reads: [])])
            ]).isEmpty)
    }
}

extension ProjectionFindingsTests {
    @Test("propertiesToFetch measured within noise: said so, no gain claimed")
    func withinNoise() throws {
        let findings = ProjectionFindings.findings(in: [
            Self.result("objects", time: 20e6, [Self.post()]),
            Self.result("partial", time: 19.9e6, [Self.post(partial: true)]),
        ])
        let finding = try #require(findings.only)
        #expect(
            finding.fix.summary.hasPrefix(
                "Measured: partial (propertiesToFetch) is within noise of objects at 10k"))
        #expect(finding.evidence.seconds == nil)
    }
}

extension ProjectionFindingsTests {
    @Test("a baseline keeps the audit, so its findings are compared, not new on every run")
    func baselineKeepsProjections() throws {
        let results = ReportFixtures.results([Self.result("objects", time: 20e6, [Self.post()])])
        let baseline = Baseline.make(from: results, keepSamples: false)
        #expect(baseline.cases.first?.projections == [Self.post()])
        #expect(RunFindings.findings(in: baseline).map(\.kind) == [.wideFetch])
        #expect(FindingsDiff(baseline: baseline, current: results).isEmpty)
    }
}
