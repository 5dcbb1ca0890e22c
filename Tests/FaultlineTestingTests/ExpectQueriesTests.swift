import FaultlineTesting
import ObjectGraph
import Testing

/// `expectQueries(in:)` over the engine trace: each assertion passes on a correct
/// block and records an issue naming the statements on a planted regression. Counts
/// are Core Data's (coredata-reference.md §3): a fetch is one SELECT, each fault of an
/// object not in the row cache one more, a prefetch one per key path.
@Suite struct ExpectQueriesTests {
    /// Fetches the posts of user `u1` (by object, so `t0.ZAUTHOR = ?`) and reads
    /// each one's title; with `readAuthors`, each post's author's name too.
    static func postsOfOneUser(
        _ context: ManagedObjectContext, readAuthors: Bool = false, prefetch: Bool = false
    ) throws {
        try context.performAndWait {
            let users = FetchRequest(entityName: "User")
            users.predicate = try FetchPredicate(format: "name == 'u1'")
            let user = try #require(try context.fetch(users).first)
            let posts = FetchRequest(entityName: "Post")
            posts.predicate = try FetchPredicate(format: "author == %@", user)
            for post in try context.fetch(posts) { _ = post.value(forKey: "title") }
            guard readAuthors else { return }
            let all = FetchRequest(entityName: "Post")
            if prefetch { all.relationshipKeyPathsForPrefetching = ["author"] }
            for post in try context.fetch(all) {
                _ = (post.value(forKey: "author") as? ManagedObject)?.value(forKey: "name")
            }
        }
    }

    @Test("statements: 2 SELECTs pass; a planted read of every post's author (3 more) fails")
    func statementCount() async throws {
        let container = try Blog.container()
        let context = container.newBackgroundContext()
        try await expectQueries(in: container) { try Self.postsOfOneUser(context) }
            .statements(2).statements(2, of: .select).statements(atMost: 2)
        context.performAndWait { context.reset() }
        let planted = try await expectQueries(in: container) {
            try Self.postsOfOneUser(context, readAuthors: true)
        }
        // u1 is in the context already: the other two authors fault, one SELECT each.
        Blog.expectFailure(startingWith: "expected 2 statements, 5 ran\nstatements (the engine") {
            planted.statements(2)
        }
        Blog.expectFailure(startingWith: "expected at most 2 statements, 5 ran") {
            planted.statements(atMost: 2)
        }
    }

    @Test("noRepeatedStatement: a prefetched author passes, an author fault per post fails")
    func nPlusOne() async throws {
        let container = try Blog.container()
        let context = container.newBackgroundContext()
        try await expectQueries(in: container) {
            try Self.postsOfOneUser(context, readAuthors: true, prefetch: true)
        }.noRepeatedStatement()
        context.performAndWait { context.reset() }
        let planted = try await expectQueries(in: container) {
            try context.performAndWait {
                for post in try context.fetch(FetchRequest(entityName: "Post")) {
                    _ = (post.value(forKey: "author") as? ManagedObject)?.value(forKey: "name")
                }
            }
        }
        #expect(planted.statements.count == 4)
        Blog.expectFailure(
            startingWith: "expected no repeated SELECT statement, 1 ran more than once"
        ) { planted.noRepeatedStatement() }
        let message = try #require(
            QueryCheck.noRepeatedStatement(kind: .select).failure(in: planted.log))
        #expect(
            message.contains(
                "\n  3× SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ?"))
    }

    @Test("noFullScan and usesIndex: the foreign-key search passes, a title search fails both")
    func plans() async throws {
        let container = try Blog.container()
        let context = container.newBackgroundContext()
        let indexed = try await expectQueries(in: container) { try Self.postsOfOneUser(context) }
        // The user lookup by name scans ZUSER (no index on name): judge the post fetch.
        Blog.expectFailure(
            startingWith:
                "expected no full scan, 1 statement(s) read a whole table:\n  SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.ZNAME = ?\n    SCAN t0"
        ) {
            indexed.noFullScan()
        }
        indexed.usesIndex("ZPOST_ZAUTHOR_INDEX")
        let postFetch = try #require(indexed.statements.last?.plan)
        #expect(
            postFetch.map(\.detail) == ["SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)"])
        let lostIndex = try await expectQueries(in: container) {
            try context.performAndWait {
                let posts = FetchRequest(entityName: "Post")
                posts.predicate = try FetchPredicate(format: "title == 'p1-0'")
                _ = try context.fetch(posts)
            }
        }
        Blog.expectFailure(startingWith: "expected no full scan, 1 statement(s)") {
            lostIndex.noFullScan()
        }
        Blog.expectFailure(
            startingWith:
                "expected a statement using index ZPOST_ZAUTHOR_INDEX, none does; indexes used: none"
        ) { lostIndex.usesIndex("ZPOST_ZAUTHOR_INDEX") }
    }

    @Test("columnsRead: a dictionary fetch of title passes; an added column fails, named")
    func columns() async throws {
        let container = try Blog.container()
        let context = container.newBackgroundContext()
        func titles(_ properties: [String]) async throws -> QueryExpectation {
            try await expectQueries(in: container) {
                try context.performAndWait {
                    let request = FetchRequest(entityName: "Post")
                    request.propertiesToFetch = properties.map(FetchProperty.key)
                    _ = try context.fetchDictionaries(request)
                }
            }
        }
        try await titles(["title"]).columnsRead(of: "Post", ["title"]).statements(1)
        try await titles(["title", "author"]).columnsRead(of: "Post", ["title", "author"])
        let planted = try await titles(["title", "score"])
        Blog.expectFailure(
            startingWith:
                "expected the SELECTs of Post (ZPOST) to read ZTITLE; they also read ZSCORE"
        ) { planted.columnsRead(of: "Post", ["title"]) }
        Blog.expectFailure(
            startingWith:
                "expected the SELECTs of Post (ZPOST) to read ZTITLE, ZSCORE, ZAUTHOR; they never read ZAUTHOR"
        ) {
            planted.columnsRead(of: "Post", ["title", "score", "author"])
        }
    }

    @Test("the block's own error is thrown, and the sink is detached")
    func bodyThrows() async throws {
        struct Planted: Error {}
        let container = try Blog.container()
        await #expect(throws: Planted.self) {
            _ = try await expectQueries(in: container) { throw Planted() }
        }
        let after = try await expectQueries(in: container) {}
        after.statements(0)
    }

    @Test("the whole failure text: the count, then each statement with binds, rows and plan")
    func wholeMessage() async throws {
        let container = try Blog.container()
        let context = container.newBackgroundContext()
        let expectation = try await expectQueries(in: container) {
            try context.performAndWait {
                let posts = FetchRequest(entityName: "Post")
                posts.predicate = try FetchPredicate(format: "score > 0.5")
                _ = try context.fetch(posts)
            }
        }
        #expect(
            QueryCheck.statements(0, kind: nil).failure(in: expectation.log)
                == """
                expected 0 statements, 1 ran
                statements (the engine trace of the block):
                  1. SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZSCORE, t0.ZTITLE, t0.ZAUTHOR FROM ZPOST t0 WHERE t0.ZSCORE > ?
                     bound 0.5; 3 rows
                     plan: SCAN t0
                """)
    }
}
