import ObjectGraph
import Testing

/// Per-row key-path expressions in dictionary fetches (`posts.@count` as an
/// `NSExpressionDescription`): one statement with a correlated subquery, no objects.
@Suite struct FetchExpressionTests {
    @Test("posts.@count per user: one SELECT with a correlated COUNT subquery")
    func countPerRow() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 2)
        try addPost(to: "u1", in: container)
        log.clear()
        let rows = try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.propertiesToFetch = [
                "name", .expression(try FetchExpression(name: "posts", expression: "posts.@count")),
            ]
            request.sortDescriptors = [SortKey("name")]
            return try context.fetchDictionaries(request)
        }
        #expect(rows.map { $0["name"] as? String } == ["u0", "u1", "u2"])
        #expect(rows.map { $0["posts"] as? Int64 } == [2, 3, 2])
        #expect(container.statistics.selectCount == 1)
        #expect(container.rowCacheCount == 0)
        #expect(
            log.sql
                == [
                    "SELECT t0.ZNAME, (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK = "
                        + "t1.ZAUTHOR)) FROM ZUSER t0 ORDER BY t0.ZNAME"
                ])
    }

    @Test("@sum, @max and SUBQUERY(…).@count with a bound constant, beside a to-one key")
    func aggregatesAndSubquery() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 4)
        let rows = try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.propertiesToFetch = [
                "name",
                .expression(try FetchExpression(name: "total", expression: "posts.@sum.score")),
                .expression(try FetchExpression(name: "best", expression: "posts.@max.score")),
                .expression(
                    try FetchExpression(
                        name: "high", expression: "SUBQUERY(posts, $p, $p.score >= %@).@count", 2)),
            ]
            request.sortDescriptors = [SortKey("name", ascending: false)]
            return try context.fetchDictionaries(request)
        }
        #expect(rows.map { $0["name"] as? String } == ["u1", "u0"])
        #expect(rows.allSatisfy { $0["total"] as? Double == 6 && $0["best"] as? Double == 3 })
        #expect(rows.allSatisfy { $0["high"] as? Int64 == 2 })
    }

    @Test("a malformed expression is a syntax error with its offset")
    func malformed() {
        #expect(throws: PredicateSyntaxError.self) {
            try FetchExpression(name: "n", expression: "posts.@cnt")
        }
        #expect(throws: PredicateSyntaxError.self) {
            try FetchExpression(name: "n", expression: "posts.@count > 2")
        }
    }

    @Test("unknown key paths and constants fail at fetch time, naming the problem")
    func invalid() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 1)
        try inContext(container) { context in
            for (format, expected) in [("comments.@count", "comments"), ("42", "constant")] {
                let request = FetchRequest(entityName: "User")
                request.propertiesToFetch = [
                    .expression(try FetchExpression(name: "n", expression: format))
                ]
                do {
                    _ = try context.fetchDictionaries(request)
                    Issue.record("\(format) fetched")
                } catch {
                    #expect("\(error)".contains(expected), "\(error)")
                }
            }
        }
    }

    private func addPost(to name: String, in container: PersistentContainer) throws {
        try inContext(container) { context in
            let users = FetchRequest(entityName: "User")
            users.predicate = try FetchPredicate(format: "name == %@", name)
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(try context.fetch(users)[0], forKey: "author")
            try context.save()
        }
        container.resetStatistics()
    }
}
