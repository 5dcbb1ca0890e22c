import Foundation
import ObjectGraph
import SQLiteDB
import Testing

@Suite struct FetchRequestTests {
    private func titles(_ objects: some Sequence<ManagedObject>) -> [String] {
        objects.compactMap { $0.value(forKey: "title") as? String }
    }

    @Test("predicate, sort, literal LIMIT and OFFSET, all values bound")
    func sqlShape() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log, level: 2)
        try Fixtures.seed(container, users: 3, posts: 4)
        log.clear()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "score >= %@ AND title != %@", 1, "p0-1")
            request.sortDescriptors = [SortKey("score", ascending: false), SortKey("title")]
            request.fetchLimit = 3
            request.fetchOffset = 1
            let posts = try context.fetch(request)
            #expect(titles(posts) == ["p1-3", "p2-3", "p0-2"])
        }
        #expect(
            log.sql == [
                "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZISDRAFT, t0.ZPUBLISHED, t0.ZSCORE, t0.ZTITLE, "
                    + "t0.ZAUTHOR FROM ZPOST t0 WHERE (t0.ZSCORE >= ? AND t0.ZTITLE IS NOT ?) "
                    + "ORDER BY t0.ZSCORE DESC, t0.ZTITLE LIMIT 3 OFFSET 1"
            ])
        #expect(log.all.contains("ObjectGraph: details: SQLite bind[0] = 1.0"))
        #expect(log.all.contains("ObjectGraph: details: SQLite bind[1] = \"p0-1\""))
        #expect(log.all.last?.hasSuffix("s for 3 rows.") == true)
    }

    @Test("a key path through a to-one becomes a JOIN, in predicates and sorts")
    func joins() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 2)
        log.clear()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "author.name BEGINSWITH[c] %@", "U1")
            request.sortDescriptors = [SortKey("author.age", ascending: false), SortKey("title")]
            #expect(titles(try context.fetch(request)) == ["p1-0", "p1-1"])
            request.predicate = nil
            #expect(titles(try context.fetch(request)).first == "p2-0")
            let count = FetchRequest(entityName: "Post")
            count.predicate = try FetchPredicate(format: "author.age > 20")
            #expect(try context.count(for: count) == 4)
        }
        #expect(
            log.sql[0]
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZISDRAFT, t0.ZPUBLISHED, t0.ZSCORE, t0.ZTITLE, "
                + "t0.ZAUTHOR FROM ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK "
                + "WHERE NSCoreDataStringSearch(t1.ZNAME, ?, 1, 1) ORDER BY t1.ZAGE DESC, t0.ZTITLE"
        )
        #expect(log.sql[1].contains("LEFT OUTER JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK"))
        #expect(
            log.sql[2]
                == "SELECT COUNT(DISTINCT t0.Z_PK) FROM ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK "
                + "WHERE t1.ZAGE > ?")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let format: String
        let arguments: [String]
        let expected: [String]
        var testDescription: String { format }
    }

    static let cases: [Case] = [
        Case(format: "name == 'u1'", arguments: [], expected: ["u1"]),
        Case(format: "name != 'u1'", arguments: [], expected: ["u0", "u2", "Ünïcode"]),
        Case(format: "age < 21 OR age >= 22", arguments: [], expected: ["u0", "u2", "Ünïcode"]),
        Case(format: "NOT (age <= 21)", arguments: [], expected: ["u2", "Ünïcode"]),
        Case(format: "name IN {'u0', 'u2'}", arguments: [], expected: ["u0", "u2"]),
        Case(format: "name IN %@", arguments: ["u1", "zz"], expected: ["u1"]),
        Case(format: "name BEGINSWITH 'U'", arguments: [], expected: []),
        Case(format: "name BEGINSWITH[c] 'U'", arguments: [], expected: ["u0", "u1", "u2"]),
        Case(
            format: "name BEGINSWITH[cd] 'u'", arguments: [],
            expected: ["u0", "u1", "u2", "Ünïcode"]),
        Case(format: "name ENDSWITH '2'", arguments: [], expected: ["u2"]),
        Case(format: "name CONTAINS[d] 'nic'", arguments: [], expected: ["Ünïcode"]),
        Case(format: "name LIKE 'u?'", arguments: [], expected: ["u0", "u1", "u2"]),
        Case(format: "name LIKE[c] '*CODE'", arguments: [], expected: ["Ünïcode"]),
        Case(format: "name ==[c] 'U1'", arguments: [], expected: ["u1"]),
        Case(format: "name == nil", arguments: [], expected: []),
        Case(format: "%K == %@", arguments: ["name", "u2"], expected: ["u2"]),
        Case(format: "TRUEPREDICATE", arguments: [], expected: ["u0", "u1", "u2", "Ünïcode"]),
        Case(format: "FALSEPREDICATE", arguments: [], expected: []),
    ]

    @Test("predicates select the same objects in SQL and in memory", arguments: cases)
    func predicates(_ testCase: Case) throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        try inContext(container) { context in
            let extra = context.insertNewObject(forEntityName: "User")
            extra.setValue("Ünïcode", forKey: "name")
            extra.setValue(Int64(40), forKey: "age")
            try context.save()
            let arguments: [Any?] =
                testCase.format.contains("IN %@")
                ? [testCase.arguments] : testCase.arguments.map { $0 as Any? }
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(
                format: testCase.format, argumentArray: arguments)
            request.sortDescriptors = [SortKey("age")]
            let fromSQL = try context.fetch(request).compactMap {
                $0.value(forKey: "name") as? String
            }
            #expect(fromSQL == testCase.expected)
            // The same predicate in memory: with every saved user deleted (pending), the
            // fetch returns only the unsaved inserts it matches, sorted in memory.
            for user in try context.fetch(FetchRequest(entityName: "User")) { context.delete(user) }
            for (name, age) in zip(["u0", "u1", "u2", "Ünïcode"], [20, 21, 22, 40]) {
                let user = context.insertNewObject(forEntityName: "User")
                user.setValue(name, forKey: "name")
                user.setValue(Int64(age), forKey: "age")
            }
            let inMemory = try context.fetch(request)
            #expect(inMemory.allSatisfy { $0.isInserted })
            #expect(
                inMemory.compactMap { $0.value(forKey: "name") as? String } == testCase.expected)
        }
    }

    @Test("dates compare through %@ and CAST")
    func dates() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            for day in 0..<3 {
                let post = context.insertNewObject(forEntityName: "Post")
                post.setValue("d\(day)", forKey: "title")
                post.setValue(
                    Date(timeIntervalSinceReferenceDate: Double(day) * 86_400), forKey: "published")
            }
            try context.save()
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(
                format: "published >= %@", Date(timeIntervalSinceReferenceDate: 86_400))
            #expect(try context.count(for: request) == 2)
            request.predicate = try FetchPredicate(format: "published < CAST(86400, \"NSDate\")")
            #expect(titles(try context.fetch(request)) == ["d0"])
        }
    }

    @Test("pending inserts that match are included and sorted in; pending deletes left out")
    func pendingChanges() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(format: "age >= 21")
            request.sortDescriptors = [SortKey("age")]
            let users = try context.fetch(request)
            context.delete(users[0])
            let young = context.insertNewObject(forEntityName: "User")
            young.setValue("new", forKey: "name")
            young.setValue(Int64(25), forKey: "age")
            context.insertNewObject(forEntityName: "User").setValue(Int64(5), forKey: "age")
            let names = try context.fetch(request).map { $0.value(forKey: "name") as? String }
            #expect(names == ["u2", "new"])
            #expect(try context.count(for: request) == 2)
            request.includesPendingChanges = false
            #expect(try context.fetch(request).count == 2)
            #expect(try context.count(for: request) == 2)
        }
    }

    @Test("returnsObjectsAsFaults = false gives loaded objects without firing faults")
    func notFaults() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.returnsObjectsAsFaults = false
            let users = try context.fetch(request)
            #expect(users.allSatisfy { !$0.isFault })
            _ = users.map { $0.value(forKey: "name") }
            #expect(container.statistics.objectFaultsFired == 0)
            #expect(container.statistics.objectsMaterialized == 3)
        }
    }

    @Test("requests that do not fit the model fail with a FetchError")
    func errors() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            #expect(throws: FetchError.unknownEntity("Nope")) {
                try context.fetch(FetchRequest(entityName: "Nope"))
            }
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(format: "nickname == 'x'")
            #expect(throws: FetchError.unknownKeyPath(entity: "User", keyPath: "nickname")) {
                try context.fetch(request)
            }
            request.predicate = try FetchPredicate(format: "age == 'old'")
            #expect(
                throws: FetchError.typeMismatch(
                    keyPath: "age", expected: "Int64", actual: "\"old\"")
            ) {
                try context.fetch(request)
            }
            request.predicate = try FetchPredicate(format: "posts.title == 'x'")
            #expect(throws: FetchError.toManyKeyPath(entity: "User", keyPath: "posts.title")) {
                try context.fetch(request)
            }
        }
    }

    @Test("comparing a to-one with an object binds its primary key")
    func objectComparison() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 2)
        try inContext(container) { context in
            let user = try context.fetch(FetchRequest(entityName: "User"))[1]
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "author == %@", user)
            request.sortDescriptors = [SortKey("title")]
            #expect(titles(try context.fetch(request)) == ["p1-0", "p1-1"])
        }
    }
}
