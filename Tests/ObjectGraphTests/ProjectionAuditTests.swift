import ObjectGraph
import SQLiteDB
import Synchronization
import Testing

/// The projection audit: per fetch, which properties of the fetched objects were read,
/// how many objects were touched, which prefetched relationships were never read, and
/// the bytes of each property's fetched values; nothing made when no sink asks.
@Suite struct ProjectionAuditTests {
    /// A sink that keeps statements and, when made with one, hands out an audit.
    final class AuditSink: EngineTraceSink {
        let projectionAudit: ProjectionAudit?
        private let sql = Mutex<[String]>([])

        init(audit: ProjectionAudit?) {
            projectionAudit = audit
        }

        func receive(_ event: EngineTraceEvent) {
            if case .sql(.statement(let statement)) = event {
                sql.withLock { $0.append(statement.sql) }
            }
        }

        var statements: [String] { sql.withLock { $0 } }
    }

    /// Six posts (titles `p0-0` … `p1-2`, four bytes each), then `body` in a context
    /// with `sink` attached.
    private func audited(
        _ sink: AuditSink, _ body: (ManagedObjectContext) throws -> Void
    ) throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 3)
        container.addTraceSink(sink)
        try inContext(container, body)
        container.removeTraceSink(sink)
    }

    private func property(_ report: FetchAuditReport, _ name: String) throws
        -> FetchAuditReport.Property
    {
        try #require(report.properties.first { $0.name == name })
    }

    @Test(
        "a fetch whose objects read one attribute: that one read, the rest fetched unread, with bytes"
    )
    func readsOneAttribute() throws {
        let audit = ProjectionAudit()
        try audited(AuditSink(audit: audit)) { context in
            for post in try context.fetch(FetchRequest(entityName: "Post")) {
                _ = post.value(forKey: "title")
            }
        }
        let report = try #require(audit.finish().only)
        #expect(report.entity == "Post")
        #expect(report.objects == 6)
        #expect(report.touched == 6)
        #expect(report.bytesKnown)
        // Attributes in the entity's column order (by name, as Core Data orders them),
        // then relationships.
        #expect(
            report.properties.map(\.name) == [
                "isDraft", "published", "score", "title", "author", "tags",
            ])
        #expect(report.properties.filter(\.isRead).map(\.name) == ["title"])
        #expect(
            report.properties.filter(\.isFetched).map(\.name) == [
                "isDraft", "published", "score", "title", "author",
            ])
        // Six 4-byte titles; six reals; no dates (NULL); six booleans and six keys as
        // integers.
        #expect(try property(report, "title").bytes == 24)
        #expect(try property(report, "score").bytes == 48)
        #expect(try property(report, "published").bytes == 0)
        #expect(try property(report, "isDraft").bytes == 48)
        #expect(try property(report, "author").bytes == 48)
        #expect(try property(report, "tags").bytes == 0)
    }

    @Test("objects never read are not touched; a to-one read through a key path counts")
    func touchedObjects() throws {
        let audit = ProjectionAudit()
        try audited(AuditSink(audit: audit)) { context in
            let posts = try context.fetch(FetchRequest(entityName: "Post"))
            _ = posts[0].value(forKeyPath: "author.name")
            _ = posts[1].value(forKey: "score")
        }
        let reports = audit.finish()
        let posts = try #require(reports.first { $0.entity == "Post" })
        #expect(posts.objects == 6)
        #expect(posts.touched == 2)
        #expect(posts.properties.filter(\.isRead).map(\.name) == ["score", "author"])
    }

    @Test("a prefetched relationship never read stays unread; one read is read")
    func prefetchedNeverRead() throws {
        let audit = ProjectionAudit()
        try audited(AuditSink(audit: audit)) { context in
            let request = FetchRequest(entityName: "User")
            request.relationshipKeyPathsForPrefetching = ["posts"]
            for user in try context.fetch(request) { _ = user.value(forKey: "name") }
            let read = FetchRequest(entityName: "Post")
            read.relationshipKeyPathsForPrefetching = ["author"]
            for post in try context.fetch(read) { _ = post.value(forKey: "author") }
        }
        let reports = audit.finish()
        #expect(reports.map(\.entity) == ["User", "Post"])
        #expect(reports[0].prefetched == ["posts"])
        #expect(try property(reports[0], "posts").isRead == false)
        #expect(reports[1].prefetched == ["author"])
        #expect(try property(reports[1], "author").isRead)
    }

    @Test("propertiesToFetch: only the listed properties are fetched and counted")
    func partialFetch() throws {
        let audit = ProjectionAudit()
        try audited(AuditSink(audit: audit)) { context in
            let request = FetchRequest(entityName: "Post")
            request.propertiesToFetch = [.key("title")]
            for post in try context.fetch(request) { _ = post.value(forKey: "title") }
        }
        let report = try #require(audit.finish().only)
        #expect(report.usesPropertiesToFetch)
        #expect(report.properties.filter(\.isFetched).map(\.name) == ["title"])
        #expect(try property(report, "title").bytes == 24)
        #expect(try property(report, "score").bytes == 0)
    }

    @Test("a batched fetch records its objects and reads, bytes unknown")
    func batchedFetch() throws {
        let audit = ProjectionAudit()
        try audited(AuditSink(audit: audit)) { context in
            let request = FetchRequest(entityName: "Post")
            request.fetchBatchSize = 2
            _ = try context.fetch(request)[0].value(forKey: "title")
        }
        let report = try #require(audit.finish().only)
        #expect(report.objects == 6)
        #expect(report.touched == 1)
        #expect(report.fetchBatchSize == 2)
        #expect(!report.bytesKnown)
    }

    @Test("no sink that wants an audit: the context holds none, and the SQL is the same")
    func noAuditWithoutSink() throws {
        func run(_ sink: AuditSink) throws -> (statements: [String], hasAudit: Bool) {
            var hasAudit = true
            try audited(sink) { context in
                let request = FetchRequest(entityName: "Post")
                request.relationshipKeyPathsForPrefetching = ["tags"]
                for post in try context.fetch(request) { _ = post.value(forKey: "title") }
                hasAudit = context.projectionAudit != nil
            }
            return (sink.statements, hasAudit)
        }
        let plain = try run(AuditSink(audit: nil))
        let audit = ProjectionAudit()
        let auditedRun = try run(AuditSink(audit: audit))
        #expect(!plain.hasAudit)
        #expect(auditedRun.hasAudit)
        #expect(plain.statements == auditedRun.statements)
        #expect(plain.statements.count == 2)
        #expect(audit.finish().count == 1)
    }

    @Test("after finish() the audit records nothing more")
    func finishStops() throws {
        let audit = ProjectionAudit()
        try audited(AuditSink(audit: audit)) { context in
            let posts = try context.fetch(FetchRequest(entityName: "Post"))
            _ = audit.finish()
            _ = posts[0].value(forKey: "title")
        }
        let report = try #require(audit.reports.only)
        #expect(report.touched == 0)
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
