import ObjectGraph
import Testing

/// Every recursive production of the grammar is bounded: past the nesting limit the
/// parser reports a syntax error at the spot instead of exhausting the stack, and just
/// under it the predicate parses, compiles and evaluates.
@Suite struct FetchPredicateDepthTests {
    struct Production: CustomTestStringConvertible, Sendable {
        let name: String
        let build: @Sendable (Int) -> String
        var testDescription: String { name }
    }

    static let productions: [Production] = [
        Production(name: "parentheses") { depth in
            String(repeating: "(", count: depth) + "age > 1" + String(repeating: ")", count: depth)
        },
        Production(name: "NOT") { String(repeating: "NOT ", count: $0) + "age > 1" },
        Production(name: "nested arrays") { depth in
            "age IN " + String(repeating: "{", count: depth) + "1"
                + String(repeating: "}", count: depth)
        },
        Production(name: "CAST in CAST") { depth in
            "posts.@max.published > " + String(repeating: "CAST(", count: depth) + "0"
                + String(repeating: ", 'NSDate')", count: depth)
        },
        Production(name: "SUBQUERY in SUBQUERY") { depth in
            "SUBQUERY(posts, $p, " + String(repeating: "SUBQUERY(author.posts, $p, ", count: depth)
                + "score > 1" + String(repeating: ").@count > 0", count: depth + 1)
        },
        Production(name: "NOT and AND") { depth in
            String(repeating: "NOT (age > 1 AND ", count: depth) + "age > 2"
                + String(repeating: ")", count: depth)
        },
        Production(name: "OR in parentheses") { depth in
            String(repeating: "(age > 1 OR ", count: depth) + "age > 2"
                + String(repeating: ")", count: depth)
        },
        Production(name: "unary minus") { String(repeating: "- ", count: $0) + "age > 1" },
        Production(name: "parenthesized arithmetic") { depth in
            String(repeating: "(", count: depth) + "age"
                + String(repeating: " + 1)", count: depth) + " > 1"
        },
    ]

    static let limitError = "at most 20 levels of nesting"

    @Test(
        "past the limit: a syntax error at the spot, never a stack overflow", arguments: productions
    )
    func pastTheLimit(_ production: Production) {
        let format = production.build(10_000)
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: format)
        }
        #expect(error?.expected == Self.limitError)
        #expect(error.map { $0.offset > 0 && $0.offset < format.count } == true)
        #expect(error?.description.contains("^") == true)
    }

    @Test(
        "at the deepest nesting allowed, SQL (SQLite's parser) and memory agree",
        arguments: productions)
    func atTheLimit(_ production: Production) throws {
        var depth = 1
        while (try? FetchPredicate(format: production.build(depth + 1))) != nil { depth += 1 }
        #expect(depth >= 5, "\(production.name) stops at \(depth)")
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: production.build(depth + 1))
        }
        #expect(error?.expected == Self.limitError)
        let predicate = try FetchPredicate(format: production.build(depth))
        let container = try Fixtures.container()
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            let request = FetchRequest(entityName: "User")
            request.predicate = predicate
            let fromSQL = Result { try context.fetch(request).count }
            let users = try context.fetch(FetchRequest(entityName: "User"))
            let inMemory = Result { try users.filter { try predicate.evaluate(with: $0) }.count }
            switch (fromSQL, inMemory) {
            case (.success(let sql), .success(let memory)): #expect(sql == memory)
            case (.failure(let sql), .failure(let memory)):
                #expect(String(describing: sql) == String(describing: memory))
            default: Issue.record("SQL \(fromSQL) but memory \(inMemory)")
            }
        }
    }
}
