import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// Findings backed by the run's own measurements, from planted results shaped like
/// `n-plus-one/user-post-counts` as a default run measured it (fault-per-object 1,001
/// statements; prefetch 2.86x slower; count-subquery 4.4x faster; the raw floor).
@Suite struct RunFindingsTests {
    static let id = BenchmarkID(suite: "n-plus-one", scenario: "user-post-counts")
    static let users = "SELECT 0, t0.Z_PK, t0.ZEMAIL FROM ZUSER t0 ORDER BY t0.ZEMAIL LIMIT 1000"
    static let postsOfUser = ReportFixtures.postsOfUser
    static let prefetchPosts =
        "SELECT 0, t0.Z_PK, t0.ZAUTHOR FROM ZPOST t0 WHERE t0.ZAUTHOR IN (SELECT * FROM _Z_intarray0(?))"
    static let countQuery =
        "SELECT t0.ZEMAIL, (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE t1.ZAUTHOR = t0.Z_PK) FROM ZUSER t0"

    static func trace(_ sqls: [(String, Int)]) -> SQLTrace {
        SQLTrace(statements: sqls.map { ReportFixtures.group($0.0, count: $0.1) })
    }

    /// The four configurations; `faultPerObject` declared a demonstration when asked.
    static func cases(declared: Bool = false, rawRepeats: Bool = true) -> [CaseResult] {
        let faults = ReportFixtures.result(
            id, "fault-per-object", size: 10_000, time: 10e6,
            trace: trace([(users, 1), (postsOfUser, 1_000)])
        ).recording(kind: .subject, demonstrates: declared ? [.nPlusOne] : [])
        let prefetch = ReportFixtures.result(
            id, "prefetch", size: 10_000, time: 28.6e6,
            trace: trace([(users, 1), (prefetchPosts, 1)])
        ).recording(kind: .subject)
        let count = ReportFixtures.result(
            id, "count-subquery", size: 10_000, time: 2.27e6, trace: trace([(countQuery, 1)])
        ).recording(kind: .subject)
        let raw = ReportFixtures.result(
            id, "raw", size: 10_000, time: 2e6,
            trace: trace(rawRepeats ? [(users, 1), (postsOfUser, 1_000)] : [(countQuery, 1)])
        ).recording(kind: .raw)
        return [faults, prefetch, count, raw]
    }

    @Test("a fix measured slower is never recommended: the winner is named with its ratio")
    func measuredFix() throws {
        let findings = RunFindings.findings(in: Self.cases())
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.kind == .nPlusOne)
        #expect(finding.confidence == .measurement)
        #expect(
            finding.fix.summary.hasPrefix(
                "Measured: count-subquery avoids it, 1 statement instead of 1,001, 4.41x faster at 10k."
            ))
        #expect(
            finding.fix.summary.contains(
                "The textbook fix, prefetch, measured 2.86x slower here; count-subquery won."))
        #expect(!finding.fix.coreData.hasPrefix("Do what prefetch"))
        #expect(
            finding.evidence.alternatives.map(\.name).sorted() == ["count-subquery", "prefetch"])
    }

    @Test("a raw configuration never gets a finding, even with a statement per row")
    func rawGetsNone() {
        let findings = RunFindings.findings(in: Self.cases(rawRepeats: true))
        #expect(findings.allSatisfy { $0.location.configuration != "raw" })
        #expect(!findings.isEmpty, "the engine's N+1 is still found")
    }

    @Test("a declared demonstration is expected, never an alarm, on the page and in summary.md")
    func declared() throws {
        let cases = Self.cases(declared: true)
        let finding = try #require(RunFindings.findings(in: cases).first)
        #expect(finding.isExpected)
        let results = ReportFixtures.results(cases, label: "n-plus-one")
        let page = HTMLReportWriter().render(results)
        #expect(page.contains("No finding outside the demonstrations."))
        #expect(page.contains("1 expected: configurations built to show a pattern"))
        #expect(!page.contains("<span class=\"flag\">"))
        let markdown = MarkdownReportWriter().render(results)
        #expect(markdown.contains("Expected, in configurations built to show a pattern:"))
    }

    @Test("an ID lookup is a per-row-fetch, never an n-plus-one; unmeasured when nothing batches")
    func lookups() throws {
        var group = ReportFixtures.group(ReportFixtures.userFault, count: 1_000)
        group.cause = StatementCause(kind: .lookup, entity: "User")
        group.causedCount = 1_000
        let id = BenchmarkID(suite: "materialize", scenario: "lookup")
        let engine = ReportFixtures.result(
            id, "engine", size: 10_000, time: 5e6, trace: SQLTrace(statements: [group]))
        let finding = try #require(RunFindings.findings(in: [engine]).first)
        #expect(finding.kind == .perRowFetch)
        #expect(finding.title.contains("fetches 1,000 User objects one at a time by ID"))
        #expect(finding.fix.summary.hasPrefix("Unmeasured: "))
        #expect(finding.confidence == .log)
    }

    @Test("delete-rule reads are attributed to the rule, with the batch delete's measured effect")
    func deleteRule() throws {
        let id = BenchmarkID(suite: "batch-ops", scenario: "delete")
        var reads = ReportFixtures.group(Self.postsOfUser, count: 500)
        reads.cause = StatementCause(
            kind: .deleteRule, entity: "Post", relationship: "tags", rule: "nullify")
        let perObject = ReportFixtures.result(
            id, "per-object-save-once", size: 10_000, time: 40e6,
            trace: SQLTrace(statements: [reads]))
        let batch = ReportFixtures.result(
            id, "batch-request", size: 10_000, time: 4e6,
            trace: Self.trace([("DELETE FROM ZPOST WHERE ZSTATUSINDEXED = ?", 1)]))
        let finding = try #require(RunFindings.findings(in: [perObject, batch]).first)
        #expect(
            finding.title.hasPrefix(
                "Deleting Post objects one by one: the nullify rule of Post.tags"))
        #expect(
            finding.fix.summary.hasPrefix(
                "Measured: batch-request avoids it, 1 statement instead of 500, 10.0x faster"))
        #expect(finding.fix.coreData.contains("NSBatchDeleteRequest"))
    }

    @Test("a to-many fault names the relationship as the model spells it, from the fetched side")
    func toManyKeyPath() throws {
        let id = BenchmarkID(suite: "model", scenario: "to-many-MastodonUser.domainBlockingBy")
        var faults = ReportFixtures.group(
            "SELECT 0, t0.Z_PK FROM ZMASTODONUSER t0 JOIN Z_5DOMAINBLOCKING t1 ON t0.Z_PK = "
                + "t1.Z_5DOMAINBLOCKINGBY WHERE t1.Z_5DOMAINBLOCKING = ?", count: 200)
        faults.cause = StatementCause(
            kind: .toManyFault, entity: "MastodonUser", relationship: "domainBlockingBy",
            fetchedEntity: "MastodonUser", keyPath: "domainBlockingBy")
        let perOwner = ReportFixtures.result(
            id, "fault-per-owner", size: 1_000, time: 9e6, trace: SQLTrace(statements: [faults]))
        let finding = try #require(RunFindings.findings(in: [perOwner]).first)
        #expect(finding.subject.entity == "MastodonUser")
        #expect(finding.subject.keyPath == "domainBlockingBy")
        #expect(
            finding.title.contains("MastodonUser.domainBlockingBy once per MastodonUser object"))
        #expect(finding.fix.coreData.contains("[\"domainBlockingBy\"]"))
        #expect(finding.fix.coreData.contains("NSFetchRequest<MastodonUser>"))
        #expect(finding.fix.swiftData.contains("[\\MastodonUser.domainBlockingBy]"))
        let text = [finding.title, finding.fix.summary, finding.fix.coreData].joined()
        #expect(!text.contains("domainblocking") && !text.contains("Mastodonuser"))
    }

    @Test("an object fault names the to-one key path from the fetched entity, case kept")
    func objectFaultKeyPath() throws {
        let id = BenchmarkID(suite: "model", scenario: "to-one-DownloadTask.metaData")
        var faults = ReportFixtures.group(
            "SELECT 0, t0.Z_PK, t0.ZORDER FROM ZMETADATA t0 WHERE t0.Z_PK = ?", count: 500)
        faults.cause = StatementCause(
            kind: .objectFault, entity: "MetaData", fetchedEntity: "DownloadTask",
            keyPath: "metaData")
        let result = ReportFixtures.result(
            id, "faults", size: 1_000, time: 9e6, trace: SQLTrace(statements: [faults]))
        let finding = try #require(RunFindings.findings(in: [result]).first)
        #expect(finding.subject == FindingSubject(entity: "DownloadTask", keyPath: "metaData"))
        #expect(finding.title.contains("500 MetaData object faults through DownloadTask.metaData"))
        #expect(finding.fix.coreData.contains("[\"metaData\"] on the NSFetchRequest<DownloadTask>"))
        #expect(!finding.fix.summary.contains("Metadata") && !finding.title.contains("Metadata"))
    }

    @Test("when the textbook fix measured slower, the API text names what won, not the textbook")
    func contradictedTextbook() throws {
        var cases = Self.cases()
        var trace = try #require(cases[0].sqlTrace)
        trace.statements[1].cause = StatementCause(
            kind: .toManyFault, entity: "User", relationship: "posts", fetchedEntity: "User",
            keyPath: "posts")
        cases[0] = ReportFixtures.result(
            Self.id, "fault-per-object", size: 10_000, time: 10e6, trace: trace
        ).recording(kind: .subject)
        let finding = try #require(RunFindings.findings(in: cases).first)
        #expect(finding.fix.summary.hasPrefix("Measured: count-subquery avoids it"))
        #expect(finding.fix.coreData.hasPrefix("Do what count-subquery does (1 statement: SELECT"))
        #expect(!finding.fix.coreData.contains("relationshipKeyPathsForPrefetching"))
        #expect(!finding.fix.swiftData.contains("relationshipKeyPathsForPrefetching"))
    }

    @Test("one delete rule's reads in two statements and two configurations are one pattern")
    func groupedByRule() throws {
        let id = BenchmarkID(suite: "batch-ops", scenario: "delete")
        func reads(_ sql: String, _ count: Int) -> StatementGroup {
            var group = ReportFixtures.group(sql, count: count)
            group.cause = StatementCause(
                kind: .deleteRule, entity: "Post", relationship: "tags", rule: "nullify")
            return group
        }
        let joinRows = "SELECT 0, t0.Z_1TAGS FROM Z_1TAGS t0 WHERE t0.Z_3POSTS = ?"
        let tags = "SELECT 0, t0.Z_PK FROM ZTAG t0 WHERE t0.Z_PK = ?"
        let cases = ["per-object-save-once", "per-object-save-every-100"].map {
            ReportFixtures.result(
                id, $0, size: 10_000, time: 40e6,
                trace: SQLTrace(statements: [reads(joinRows, 600), reads(tags, 500)]))
        }
        let findings = RunFindings.findings(in: cases)
        #expect(findings.count == 4)
        let groups = FindingGroup.grouping(findings)
        #expect(groups.count == 1)
        #expect(groups[0].seenIn == "per-object-save-every-100 10k, per-object-save-once 10k")
        let markdown = MarkdownReportWriter().render(ReportFixtures.results(cases))
        #expect(markdown.components(separatedBy: "- **batch-ops/delete**").count == 2)
        #expect(
            markdown.contains("  - Seen in per-object-save-every-100 10k, per-object-save-once 10k")
        )
    }

    @Test("faults on the fetched objects themselves are fixed by fetching values, not prefetching")
    func faultsOnFetchedObjects() throws {
        let id = BenchmarkID(suite: "materialize", scenario: "n-plus-one")
        var faults = ReportFixtures.group(ReportFixtures.userFault, count: 1_000)
        faults.cause = StatementCause(kind: .objectFault, entity: "User", fetchedEntity: "User")
        let result = ReportFixtures.result(
            id, "engine", size: 10_000, time: 9e6, trace: SQLTrace(statements: [faults]))
        let finding = try #require(RunFindings.findings(in: [result]).first)
        #expect(finding.title.contains("fills 1,000 User object faults of the objects it fetched"))
        #expect(finding.fix.coreData.contains("returnsObjectsAsFaults = false"))
        #expect(!finding.fix.coreData.contains("relationshipKeyPathsForPrefetching"))
    }

    @Test(
        "an object fault the model reaches two ways is named by the key path the winner prefetched")
    func ambiguousToOne() throws {
        let id = BenchmarkID(suite: "model", scenario: "to-one-Status.author")
        let userFault = "SELECT 0, t0.Z_PK, t0.ZUSERNAME FROM ZMASTODONUSER t0 WHERE t0.Z_PK = ?"
        var faults = ReportFixtures.group(userFault, count: 800)
        faults.cause = StatementCause(
            kind: .objectFault, entity: "MastodonUser", fetchedEntity: "Status")
        var prefetched = ReportFixtures.group(
            "SELECT 0, t0.Z_PK, t0.ZUSERNAME FROM ZMASTODONUSER t0 WHERE t0.Z_PK IN "
                + "(SELECT * FROM _Z_intarray0(?))", count: 1)
        prefetched.cause = StatementCause(kind: .prefetch, entity: "", keyPath: "author")
        let cases = [
            ReportFixtures.result(
                id, "faults", size: 1_000, time: 30e6, trace: SQLTrace(statements: [faults])),
            ReportFixtures.result(
                id, "prefetch", size: 1_000, time: 10e6, trace: SQLTrace(statements: [prefetched])),
        ]
        let finding = try #require(RunFindings.findings(in: cases).first)
        #expect(finding.subject == FindingSubject(entity: "Status", keyPath: "author"))
        #expect(
            finding.fix.coreData == """
                Do what prefetch does: request.relationshipKeyPathsForPrefetching = ["author"] \
                on the NSFetchRequest<Status>.
                """)
    }

    @Test("an alternative within the interval of the original is a tie, not a measured speedup")
    func tiedAlternative() throws {
        let id = BenchmarkID(suite: "model", scenario: "to-one-Content.bookmark")
        let fault = "SELECT 0, t0.Z_PK, t0.ZNOTE FROM ZBOOKMARK t0 WHERE t0.Z_PK = ?"
        let prefetch =
            "SELECT 0, t0.Z_PK, t0.ZNOTE FROM ZBOOKMARK t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))"
        let cases = [
            ReportFixtures.result(
                id, "faults", size: 1_000, time: 10e6,
                trace: SQLTrace(statements: [ReportFixtures.group(fault, count: 1_000)])),
            ReportFixtures.result(
                id, "prefetch", size: 1_000, time: 9.9e6,
                trace: SQLTrace(statements: [ReportFixtures.group(prefetch, count: 1)])),
        ]
        let finding = try #require(RunFindings.findings(in: cases).first)
        #expect(
            finding.fix.summary
                == "Measured: prefetch avoids it, 1 statement instead of 1,000, but its time is "
                + "within noise of faults at 1k (1.01x faster by the medians): no time measured "
                + "gained at this size.")
        #expect(!finding.fix.summary.contains("x faster at"))
    }
}
