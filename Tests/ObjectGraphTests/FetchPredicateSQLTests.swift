import Foundation
import ObjectGraph
import Testing

/// Every construct of the format language: the SQL it compiles to (exact text, values
/// bound as `?`) and the objects it selects, in SQL and in memory.
@Suite struct FetchPredicateSQLTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let entity: String
        let format: String
        let sql: String
        let rows: [String]
        var testDescription: String { "\(entity): \(format)" }

        init(_ entity: String, _ format: String, sql: String, _ rows: [String]) {
            self.entity = entity
            self.format = format
            self.sql = sql
            self.rows = rows
        }
    }

    static let cases: [Case] = [
        Case(
            "User", "age == 30",
            sql: "ZUSER t0 WHERE t0.ZAGE = ?",
            ["ann"]),
        Case(
            "User", "age = 30",
            sql: "ZUSER t0 WHERE t0.ZAGE = ?",
            ["ann"]),
        Case(
            "User", "age != 30",
            sql: "ZUSER t0 WHERE t0.ZAGE IS NOT ?",
            ["Céline", "bob"]),
        Case(
            "User", "age <> 30",
            sql: "ZUSER t0 WHERE t0.ZAGE IS NOT ?",
            ["Céline", "bob"]),
        Case(
            "User", "age < 30",
            sql: "ZUSER t0 WHERE t0.ZAGE < ?",
            ["bob"]),
        Case(
            "User", "age <= 30",
            sql: "ZUSER t0 WHERE t0.ZAGE <= ?",
            ["ann", "bob"]),
        Case(
            "User", "age =< 30",
            sql: "ZUSER t0 WHERE t0.ZAGE <= ?",
            ["ann", "bob"]),
        Case(
            "User", "age > 30",
            sql: "ZUSER t0 WHERE t0.ZAGE > ?",
            ["Céline"]),
        Case(
            "User", "age >= 30",
            sql: "ZUSER t0 WHERE t0.ZAGE >= ?",
            ["Céline", "ann"]),
        Case(
            "User", "age => 30",
            sql: "ZUSER t0 WHERE t0.ZAGE >= ?",
            ["Céline", "ann"]),
        Case(
            "User", "age BETWEEN {25, 30}",
            sql: "ZUSER t0 WHERE t0.ZAGE BETWEEN ? AND ?",
            ["ann", "bob"]),
        Case(
            "User", "age IN {25, 41}",
            sql: "ZUSER t0 WHERE t0.ZAGE IN (?, ?)",
            ["Céline", "bob"]),
        Case(
            "User", "name IN {'ann', 'nobody'}",
            sql: "ZUSER t0 WHERE t0.ZNAME IN (?, ?)",
            ["ann"]),
        Case(
            "User", "name BEGINSWITH 'a'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 0, 1)",
            ["ann"]),
        Case(
            "User", "name BEGINSWITH[c] 'c'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 1, 1)",
            ["Céline"]),
        Case(
            "User", "name ENDSWITH 'b'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 0, 2)",
            ["bob"]),
        Case(
            "User", "name CONTAINS 'é'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 0, 3)",
            ["Céline"]),
        Case(
            "User", "name CONTAINS[c] 'CÉ'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 1, 3)",
            ["Céline"]),
        Case(
            "User", "name CONTAINS[d] 'Celi'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 2, 3)",
            ["Céline"]),
        Case(
            "User", "name CONTAINS[cd] 'CELI'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 3, 3)",
            ["Céline"]),
        Case(
            "User", "name LIKE 'a?n'",
            sql: "ZUSER t0 WHERE NSCoreDataLike(t0.ZNAME, ?, 0)",
            ["ann"]),
        Case(
            "User", "name LIKE[c] '*O*'",
            sql: "ZUSER t0 WHERE NSCoreDataLike(t0.ZNAME, ?, 1)",
            ["bob"]),
        Case(
            "User", "name MATCHES '[a-b].*'",
            sql: "ZUSER t0 WHERE NSCoreDataMatches(t0.ZNAME, ?, 0)",
            ["ann", "bob"]),
        Case(
            "User", "name MATCHES[c] 'c.*'",
            sql: "ZUSER t0 WHERE NSCoreDataMatches(t0.ZNAME, ?, 1)",
            ["Céline"]),
        Case(
            "User", "name ==[cd] 'celine'",
            sql: "ZUSER t0 WHERE NSCoreDataStringSearch(t0.ZNAME, ?, 3, 5)",
            ["Céline"]),
        Case(
            "User", "age > 26 AND name BEGINSWITH 'a'",
            sql: "ZUSER t0 WHERE (t0.ZAGE > ? AND NSCoreDataStringSearch(t0.ZNAME, ?, 0, 1))",
            ["ann"]),
        Case(
            "User", "age > 26 && name BEGINSWITH 'a'",
            sql: "ZUSER t0 WHERE (t0.ZAGE > ? AND NSCoreDataStringSearch(t0.ZNAME, ?, 0, 1))",
            ["ann"]),
        Case(
            "User", "age < 26 OR age > 40",
            sql: "ZUSER t0 WHERE (t0.ZAGE < ? OR t0.ZAGE > ?)",
            ["Céline", "bob"]),
        Case(
            "User", "age < 26 || age > 40",
            sql: "ZUSER t0 WHERE (t0.ZAGE < ? OR t0.ZAGE > ?)",
            ["Céline", "bob"]),
        Case(
            "User", "NOT age == 30",
            sql: "ZUSER t0 WHERE NOT COALESCE(t0.ZAGE = ?, 0)",
            ["Céline", "bob"]),
        Case(
            "User", "!(age == 30)",
            sql: "ZUSER t0 WHERE NOT COALESCE(t0.ZAGE = ?, 0)",
            ["Céline", "bob"]),
        Case(
            "User", "age > 26 and not name beginswith 'b'",
            sql:
                "ZUSER t0 WHERE (t0.ZAGE > ? AND NOT COALESCE(NSCoreDataStringSearch(t0.ZNAME, ?, 0, 1), 0))",
            ["Céline", "ann"]),
        Case(
            "User", "TRUEPREDICATE",
            sql: "ZUSER t0 WHERE 1",
            ["Céline", "ann", "bob"]),
        Case(
            "User", "FALSEPREDICATE",
            sql: "ZUSER t0 WHERE 0",
            []),
        Case(
            "User", "name == nil",
            sql: "ZUSER t0 WHERE t0.ZNAME IS NULL",
            []),
        Case(
            "User", "name != NULL",
            sql: "ZUSER t0 WHERE t0.ZNAME IS NOT NULL",
            ["Céline", "ann", "bob"]),
        Case(
            "User", "ANY posts.title BEGINSWITH 'S'",
            sql:
                "DISTINCT ZUSER t0 JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR) WHERE (NSCoreDataStringSearch(t1.ZTITLE, ?, 0, 1))",
            ["ann", "bob"]),
        Case(
            "User", "SOME posts.score > 4.5",
            sql: "DISTINCT ZUSER t0 JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR) WHERE (t1.ZSCORE > ?)",
            ["ann"]),
        Case(
            "User", "ALL posts.score > 3",
            sql:
                "ZUSER t0 WHERE NOT EXISTS (SELECT 1 FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR) AND NOT COALESCE(t1.ZSCORE > ?, 0))",
            ["Céline", "bob"]),
        Case(
            "User", "NONE posts.isDraft == YES",
            sql:
                "ZUSER t0 WHERE NOT EXISTS (SELECT 1 FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR) AND (t1.ZISDRAFT = ?))",
            ["Céline", "ann"]),
        Case(
            "User", "ANY posts.score > 4.5 OR age > 40",
            sql:
                "DISTINCT ZUSER t0 LEFT OUTER JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR) WHERE ((t1.Z_PK IS NOT NULL AND (t1.ZSCORE > ?)) OR t0.ZAGE > ?)",
            ["Céline", "ann"]),
        Case(
            "User", "NOT (ANY posts.isDraft == YES)",
            sql:
                "ZUSER t0 WHERE NOT COALESCE(EXISTS (SELECT 1 FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR) AND (t1.ZISDRAFT = ?)), 0)",
            ["Céline", "ann"]),
        Case(
            "User", "ANY posts.score > 4.5 AND ANY posts.score < 3",
            sql:
                "DISTINCT ZUSER t0 JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR) JOIN ZPOST t2 ON (t0.Z_PK = t2.ZAUTHOR) WHERE ((t1.ZSCORE > ?) AND (t2.ZSCORE < ?))",
            ["ann"]),
        Case(
            "User", "ANY posts.tags.name == 'tips'",
            sql:
                "DISTINCT ZUSER t0 JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR) WHERE EXISTS (SELECT 1 FROM Z_1TAGS t2 JOIN ZTAG t3 ON t2.Z_2TAGS = t3.Z_PK WHERE (t1.Z_PK = t2.Z_1POSTS) AND (t3.ZNAME = ?))",
            ["ann", "bob"]),
        Case(
            "User", "posts.@count == 2",
            sql:
                "ZUSER t0 WHERE (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR)) = ?",
            ["ann"]),
        Case(
            "User", "posts.@count == 0",
            sql:
                "ZUSER t0 WHERE (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR)) = ?",
            ["Céline"]),
        Case(
            "User", "posts.@sum.score > 5",
            sql:
                "ZUSER t0 WHERE (SELECT IFNULL(SUM(t1.ZSCORE), 0) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR)) > ?",
            ["ann"]),
        Case(
            "User", "posts.@avg.score >= 4",
            sql:
                "ZUSER t0 WHERE (SELECT AVG(t1.ZSCORE) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR)) >= ?",
            ["bob"]),
        Case(
            "User", "posts.@min.score < 3",
            sql:
                "ZUSER t0 WHERE (SELECT MIN(t1.ZSCORE) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR)) < ?",
            ["ann"]),
        Case(
            "User", "posts.@max.published > CAST(86400, \"NSDate\")",
            sql:
                "ZUSER t0 WHERE (SELECT MAX(t1.ZPUBLISHED) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR)) > ?",
            ["bob"]),
        Case(
            "User", "SUBQUERY(posts, $p, $p.score > 3 AND $p.isDraft == NO).@count > 0",
            sql:
                "ZUSER t0 WHERE (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR) AND (t1.ZSCORE > ? AND t1.ZISDRAFT = ?)) > ?",
            ["ann"]),
        Case(
            "User", "SUBQUERY(posts, $p, ANY $p.tags.name == 'tips').@count == 1",
            sql:
                "ZUSER t0 WHERE (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR) AND EXISTS (SELECT 1 FROM Z_1TAGS t2 JOIN ZTAG t3 ON t2.Z_2TAGS = t3.Z_PK WHERE (t1.Z_PK = t2.Z_1POSTS) AND (t3.ZNAME = ?))) = ?",
            ["ann", "bob"]),
        Case(
            "Post", "author.name == 'ann'",
            sql: "ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE t1.ZNAME = ?",
            ["Café notes", "Swift tips"]),
        Case(
            "Post", "author.age > 26",
            sql: "ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE t1.ZAGE > ?",
            ["Café notes", "Swift tips"]),
        Case(
            "Post", "author.posts.@count == 1",
            sql:
                "ZPOST t0 WHERE (SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.ZAUTHOR = t1.ZAUTHOR)) = ?",
            ["SQL joins"]),
        Case(
            "Post", "tags.@count >= 2",
            sql:
                "ZPOST t0 WHERE (SELECT COUNT(t1.Z_2TAGS) FROM Z_1TAGS t1 WHERE (t0.Z_PK = t1.Z_1POSTS)) >= ?",
            ["SQL joins", "Swift tips"]),
        Case(
            "Post", "ANY tags.name IN {'food', 'sql'}",
            sql:
                "DISTINCT ZPOST t0 JOIN Z_1TAGS t1 ON (t0.Z_PK = t1.Z_1POSTS) JOIN ZTAG t2 ON t1.Z_2TAGS = t2.Z_PK WHERE (t2.ZNAME IN (?, ?))",
            ["Café notes", "SQL joins"]),
        Case(
            "Post", "'food' IN tags.name",
            sql:
                "DISTINCT ZPOST t0 JOIN Z_1TAGS t1 ON (t0.Z_PK = t1.Z_1POSTS) JOIN ZTAG t2 ON t1.Z_2TAGS = t2.Z_PK WHERE (t2.ZNAME = ?)",
            ["Café notes"]),
        Case(
            "Post", "author == nil",
            sql: "ZPOST t0 WHERE t0.ZAUTHOR IS NULL",
            []),
        Case(
            "Post", "author != nil",
            sql: "ZPOST t0 WHERE t0.ZAUTHOR IS NOT NULL",
            ["Café notes", "SQL joins", "Swift tips"]),
        Case(
            "Post", "isDraft == YES",
            sql: "ZPOST t0 WHERE t0.ZISDRAFT = ?",
            ["SQL joins"]),
        Case(
            "Post", "isDraft == TRUE",
            sql: "ZPOST t0 WHERE t0.ZISDRAFT = ?",
            ["SQL joins"]),
        Case(
            "Post", "isDraft == NO",
            sql: "ZPOST t0 WHERE t0.ZISDRAFT = ?",
            ["Café notes", "Swift tips"]),
        Case(
            "Post", "isDraft == FALSE",
            sql: "ZPOST t0 WHERE t0.ZISDRAFT = ?",
            ["Café notes", "Swift tips"]),
        Case(
            "Post", "published < CAST(86400, \"NSDate\")",
            sql: "ZPOST t0 WHERE t0.ZPUBLISHED < ?",
            ["Swift tips"]),
        Case(
            "Post", "published BETWEEN {CAST(86400, 'NSDate'), CAST(172800.0, 'NSDate')}",
            sql: "ZPOST t0 WHERE t0.ZPUBLISHED BETWEEN ? AND ?",
            ["Café notes", "SQL joins"]),
        Case(
            "Post", "score == 2.5",
            sql: "ZPOST t0 WHERE t0.ZSCORE = ?",
            ["Café notes"]),
        Case(
            "Post", "score > 0x3",
            sql: "ZPOST t0 WHERE t0.ZSCORE > ?",
            ["SQL joins", "Swift tips"]),
        Case(
            "Post", "score < 3e0",
            sql: "ZPOST t0 WHERE t0.ZSCORE < ?",
            ["Café notes"]),
        Case(
            "Post", "score > -1",
            sql: "ZPOST t0 WHERE t0.ZSCORE > ?",
            ["Café notes", "SQL joins", "Swift tips"]),
        Case(
            "Post", "SELF == SELF",
            sql: "ZPOST t0 WHERE t0.Z_PK IS t0.Z_PK",
            ["Café notes", "SQL joins", "Swift tips"]),
        Case(
            "Post", "title BEGINSWITH author.name",
            sql:
                "ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE NSCoreDataStringSearch(t0.ZTITLE, t1.ZNAME, 0, 1)",
            []),
        Case(
            "Post", "title CONTAINS[c] 'sql' OR author.name ENDSWITH 'n'",
            sql:
                "ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE (NSCoreDataStringSearch(t0.ZTITLE, ?, 1, 3) OR NSCoreDataStringSearch(t1.ZNAME, ?, 0, 2))",
            ["Café notes", "SQL joins", "Swift tips"]),
        Case(
            "Tag", "posts.@count == 0",
            sql:
                "ZTAG t0 WHERE (SELECT COUNT(t1.Z_1POSTS) FROM Z_1TAGS t1 WHERE (t0.Z_PK = t1.Z_2TAGS)) = ?",
            ["empty"]),
        Case(
            "Tag", "ANY posts.author.name == 'bob'",
            sql:
                "DISTINCT ZTAG t0 JOIN Z_1TAGS t1 ON (t0.Z_PK = t1.Z_2TAGS) JOIN ZPOST t2 ON t1.Z_1POSTS = t2.Z_PK JOIN ZUSER t3 ON t2.ZAUTHOR = t3.Z_PK WHERE (t3.ZNAME = ?)",
            ["sql", "tips"]),
        Case(
            "Tag", "ALL posts.score >= 4",
            sql:
                "ZTAG t0 WHERE NOT EXISTS (SELECT 1 FROM Z_1TAGS t1 JOIN ZPOST t2 ON t1.Z_1POSTS = t2.Z_PK WHERE (t0.Z_PK = t1.Z_2TAGS) AND NOT COALESCE(t2.ZSCORE >= ?, 0))",
            ["empty", "sql", "swift", "tips"]),
        Case(
            "Tag", "name IN {'swift', 'sql'} AND posts.@count > 0",
            sql:
                "ZTAG t0 WHERE (t0.ZNAME IN (?, ?) AND (SELECT COUNT(t1.Z_1POSTS) FROM Z_1TAGS t1 WHERE (t0.Z_PK = t1.Z_2TAGS)) > ?)",
            ["sql", "swift"]),
    ]

    @Test("format string -> SQL and rows, the same rows in memory", arguments: cases)
    func construct(_ testCase: Case) throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            let predicate = try FetchPredicate(format: testCase.format)
            let request = FetchRequest(entityName: testCase.entity)
            request.predicate = predicate
            log.clear()
            let fetched = try context.fetch(request)
            let select = try #require(log.sql.first)
            // The statement from its FROM on, marked when it is SELECT DISTINCT.
            let from = select.components(separatedBy: " FROM ").dropFirst()
                .joined(separator: " FROM ")
            let shape = (select.hasPrefix("SELECT DISTINCT ") ? "DISTINCT " : "") + from
            #expect(shape == testCase.sql)
            #expect(PredicateFixtures.names(fetched, entity: testCase.entity) == testCase.rows)
            let all = try context.fetch(FetchRequest(entityName: testCase.entity))
            let inMemory = try all.filter { try predicate.evaluate(with: $0) }
            #expect(PredicateFixtures.names(inMemory, entity: testCase.entity) == testCase.rows)
        }
    }

    @Test("a to-one in a key path is an inner JOIN: an object without it never matches")
    func innerJoin() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            let orphan = context.insertNewObject(forEntityName: "Post")
            orphan.setValue("orphan", forKey: "title")
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(
                format: "author.name != 'x' OR title == 'orphan'")
            #expect(try context.fetch(request).count == 3)
            #expect(try !request.predicate!.evaluate(with: orphan))
            try context.save()
            #expect(try context.fetch(request).count == 3)
            request.predicate = try FetchPredicate(format: "author == nil OR title == 'orphan'")
            #expect(try Array(context.fetch(request)) == [orphan])
        }
    }
}
