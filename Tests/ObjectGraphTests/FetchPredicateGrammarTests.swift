import Foundation
import ObjectGraph
import Testing

/// The spellings, literals, format arguments and variables of the format language:
/// each pair parses to the same tree.
@Suite struct FetchPredicateGrammarTests {
    struct Pair: CustomTestStringConvertible, @unchecked Sendable {
        let format: String
        let arguments: [Any?]
        let same: String
        var testDescription: String { format }

        init(_ format: String, _ arguments: Any?..., same: String) {
            self.format = format
            self.arguments = arguments
            self.same = same
        }
    }

    static let pairs: [Pair] = [
        Pair("age > %d", 3, same: "age > 3"),
        Pair("age > %i", 3, same: "age > 3"),
        Pair("age > %ld", 3, same: "age > 3"),
        Pair("age > %lld", Int64(3), same: "age > 3"),
        Pair("age > %u", 3, same: "age > 3"),
        Pair("score > %f", 2.5, same: "score > 2.5"),
        Pair("score > %lf", 2.5, same: "score > 2.5"),
        Pair("score > %f", 2, same: "score > 2.0"),
        Pair("name LIKE 'a%%'", same: "name LIKE \"a%\""),
        Pair("name == 'caf\\u00e9\\n\\t\\'\\\\'", "café\n\t'\\", same: "name == %@"),
        Pair("%K == %@", "name", "a", same: "name == 'a'"),
        Pair("%K.@count > %d", "posts", 1, same: "posts.@count > 1"),
        Pair("age == 0x1F", same: "age == 31"),
        Pair("age == 0o17", same: "age == 15"),
        Pair("age == 0b101", same: "age == 5"),
        Pair("age == -0x10", same: "age == -16"),
        Pair("score == 2.5e1", same: "score == 25.0"),
        Pair("score == 1E-1", same: "score == 0.1"),
        Pair("age BETWEEN %@", [1, 2], same: "age BETWEEN {1, 2}"),
        Pair("ANY posts.title == 'x'", same: "SOME posts.title == 'x'"),
        Pair("%@ IN tags.name", "x", same: "'x' IN tags.name"),
        Pair(
            "any posts.title == 'x' and not age between {1, 2} or truepredicate",
            same: "ANY posts.title == 'x' AND NOT age BETWEEN {1, 2} OR TRUEPREDICATE"),
        Pair(
            "all posts.score > 1 || none posts.isDraft == yes",
            same: "ALL posts.score > 1 OR NONE posts.isDraft == YES"),
        Pair("name matches[c] 'a.*'", same: "name MATCHES[c] 'a.*'"),
        Pair("#name == 'x'", same: "name == 'x'"),
        Pair("SELF.name == 'x'", same: "name == 'x'"),
        Pair("%K == %@", "SELF", NSNull(), same: "SELF == nil"),
        Pair("a == TRUE AND b == FALSE", same: "a == YES AND b == NO"),
        Pair("a == nil", same: "a == NULL"),
        Pair(
            "published == CAST(0, 'NSDate')", Date(timeIntervalSinceReferenceDate: 0),
            same: "published == %@"),
    ]

    @Test("equivalent spellings and arguments parse to the same tree", arguments: pairs)
    func equivalent(_ pair: Pair) throws {
        let sameArguments: [Any?] =
            pair.same.contains("%@") ? Array(pair.arguments.suffix(1)) : []
        let formatArguments: [Any?] = pair.same.contains("%@") ? [] : pair.arguments
        #expect(
            try FetchPredicate(format: pair.format, argumentArray: formatArguments)
                == FetchPredicate(format: pair.same, argumentArray: sameArguments))
    }

    @Test("value IN keyPath is ANY keyPath == value through a to-many, a substring test otherwise")
    func inKeyPath() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            var statements: [String] = []
            for (format, expected) in [
                ("'tips' IN tags.name", ["SQL joins", "Swift tips"]),
                ("ANY tags.name == 'tips'", ["SQL joins", "Swift tips"]),
                ("'Swift' IN title", ["Swift tips"]), ("title CONTAINS 'Swift'", ["Swift tips"]),
                ("title IN 'Swift tips, SQL joins'", ["SQL joins", "Swift tips"]),
            ] {
                let request = FetchRequest(entityName: "Post")
                request.predicate = try FetchPredicate(format: format)
                log.clear()
                let names = PredicateFixtures.names(try context.fetch(request), entity: "Post")
                statements.append(try #require(log.sql.first))
                #expect(names == expected, "\(format)")
            }
            #expect(statements[0] == statements[1])
            #expect(statements[2] == statements[3])
            #expect(statements[4].hasSuffix("WHERE NSCoreDataStringSearch(?, t0.ZTITLE, 0, 3)"))
        }
    }

    @Test("$variables are replaced by withSubstitutionVariables; SUBQUERY variables stay")
    func substitution() throws {
        let template = try FetchPredicate(
            format: "age > $minimum AND SUBQUERY(posts, $p, $p.score > $score).@count > 0")
        let filled = try template.withSubstitutionVariables(["minimum": 20, "score": 3.5])
        #expect(
            filled
                == (try FetchPredicate(
                    format: "age > 20 AND SUBQUERY(posts, $p, $p.score > 3.5).@count > 0")))
    }

    @Test("a substituted template fetches; an unsubstituted variable is an error")
    func variablesInFetches() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            let template = try FetchPredicate(format: "age >= $minimum")
            let request = FetchRequest(entityName: "User")
            request.predicate = template
            #expect(throws: FetchError.unboundVariable("minimum")) { try context.fetch(request) }
            request.predicate = try template.withSubstitutionVariables(["minimum": 30])
            #expect(
                PredicateFixtures.names(try context.fetch(request), entity: "User") == [
                    "Céline", "ann",
                ])
        }
    }

    @Test("objects, arrays and dates as %@ arguments")
    func objectArguments() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            let users = try context.fetch(FetchRequest(entityName: "User"))
            let ann = try #require(users.first { $0.value(forKey: "name") as? String == "ann" })
            let posts = FetchRequest(entityName: "Post")
            posts.predicate = try FetchPredicate(format: "author == %@", ann)
            #expect(
                PredicateFixtures.names(try context.fetch(posts), entity: "Post") == [
                    "Café notes", "Swift tips",
                ])
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(
                format: "SELF IN %@ AND name IN %@", users, ["bob", "ann"])
            #expect(
                PredicateFixtures.names(try context.fetch(request), entity: "User") == [
                    "ann", "bob",
                ])
            request.predicate = try FetchPredicate(format: "SELF == %@", ann)
            #expect(try Array(context.fetch(request)) == [ann])
            request.predicate = try FetchPredicate(
                format: "ANY posts.published >= %@", Date(timeIntervalSinceReferenceDate: 86_400))
            #expect(
                PredicateFixtures.names(try context.fetch(request), entity: "User") == [
                    "ann", "bob",
                ])
            request.predicate = try FetchPredicate(
                format: "%@ IN posts", try context.fetch(posts)[0])
            #expect(PredicateFixtures.names(try context.fetch(request), entity: "User") == ["ann"])
            let post = try context.fetch(posts)[0]
            request.predicate = try FetchPredicate(format: "posts CONTAINS %@", post)
            #expect(PredicateFixtures.names(try context.fetch(request), entity: "User") == ["ann"])
            #expect(try request.predicate!.evaluate(with: ann))
            request.predicate = try FetchPredicate(
                format: "SUBQUERY(posts, $p, $p.tags.name CONTAINS 'food').@count > 0")
            #expect(PredicateFixtures.names(try context.fetch(request), entity: "User") == ["ann"])
            #expect(try request.predicate!.evaluate(with: ann))
        }
    }

    @Test("infinite numbers compare in SQL and in memory without trapping")
    func infinity() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            for (format, argument, count) in [
                ("score < 1e999", nil, 3), ("score < %@", Double.infinity, 3),
                ("score > %@", -Double.infinity, 3), ("score > %@", Double.infinity, 0),
            ] as [(String, Double?, Int)] {
                let predicate = try FetchPredicate(
                    format: format, argumentArray: argument.map { [$0] } ?? [])
                let request = FetchRequest(entityName: "Post")
                request.predicate = predicate
                #expect(try context.fetch(request).count == count)
                let all = try context.fetch(FetchRequest(entityName: "Post"))
                #expect(try all.filter { try predicate.evaluate(with: $0) }.count == count)
            }
        }
    }
}
