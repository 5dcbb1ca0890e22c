import Foundation
import ObjectGraph
import Testing

/// Item 4 of the predicate issue: syntax errors with position, expectation and caret;
/// model errors naming the entity and key path; wrong argument counts.
@Suite struct FetchPredicateErrorTests {
    struct Syntax: CustomTestStringConvertible, Sendable {
        let format: String
        let line: Int
        let column: Int
        let expected: String
        let found: String
        var testDescription: String { format }
    }

    static let syntax: [Syntax] = [
        Syntax(
            format: "age > 1 AND\n  name ==", line: 2, column: 10,
            expected: "a key path or a value", found: "the end"),
        Syntax(
            format: "age BETWEEN 3", line: 1, column: 13, expected: "{lower, upper} after BETWEEN",
            found: "3"),
        Syntax(
            format: "ANY posts.@avg > 1", line: 1, column: 16,
            expected: "\".\" and the key to @avg", found: "\">\""),
        Syntax(
            format: "posts.@median.score > 1", line: 1, column: 7,
            expected: "@count, @sum, @avg, @min or @max", found: "\"@median\""),
        Syntax(
            format: "SUBQUERY(posts, p, p.score > 1).@count > 0", line: 1, column: 17,
            expected: "a $variable", found: "\"p\""),
        Syntax(format: "age > 0xZZ", line: 1, column: 7, expected: "a number", found: "\"\""),
        Syntax(
            format: "date > CAST('x', 'NSDate')", line: 1, column: 13,
            expected: "a number of seconds since 2001-01-01", found: "\"x\""),
        Syntax(
            format: "name == % 1", line: 1, column: 9,
            expected: "a format specifier such as %@, %K, %d or %f", found: "\"%\""),
        Syntax(format: "age == $", line: 1, column: 8, expected: "a variable name", found: "\"$\""),
        Syntax(
            format: "age == 1 age", line: 1, column: 10, expected: "AND, OR or the end",
            found: "\"age\""),
    ]

    @Test("syntax errors give offset, line:column, expected and found", arguments: syntax)
    func syntaxError(_ syntax: Syntax) {
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: syntax.format)
        }
        #expect(error?.line == syntax.line)
        #expect(error?.column == syntax.column)
        #expect(error?.expected == syntax.expected)
        #expect(error?.found == syntax.found)
    }

    @Test("the description draws a caret under the spot, on its own line")
    func caretOnSecondLine() {
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "age > 1 AND\n  name ==")
        }
        #expect(error?.offset == 21)
        #expect(
            error?.description
                == "predicate syntax error at 2:10: expected a key path or a value, found the end\n"
                + "    name ==\n           ^")
    }

    @Test("CRLF and CR end lines too")
    func otherLineEnds() {
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "age > 1 AND\r\nname ==\rage !")
        }
        #expect(error?.line == 3)
        #expect(error?.column == 5)
        #expect(error?.description.hasSuffix("\n  age !\n      ^") == true)
    }

    @Test("too few format arguments, or ones of the wrong type, are errors that say so")
    func argumentCounts() {
        let few = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "name == %@ AND age > %d", "ann")
        }
        #expect(few?.expected == "an argument for %d (too few arguments)")
        #expect(few?.offset == 21)
        let wrongType = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "age > %d", "ten")
        }
        #expect(wrongType?.expected == "an integer argument for %d")
        let emptyKey = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "%K == 1", "author..name")
        }
        #expect(emptyKey?.expected == "a String key path argument for %K")
    }

    struct Model: CustomTestStringConvertible, Sendable {
        let entity: String
        let format: String
        let error: FetchError
        var testDescription: String { "\(entity): \(format)" }
    }

    static let model: [Model] = [
        Model(
            entity: "User", format: "nickname == 'x'",
            error: .unknownKeyPath(entity: "User", keyPath: "nickname")),
        Model(
            entity: "Post", format: "ANY author.nick == 'x'",
            error: .unknownKeyPath(entity: "Post", keyPath: "author.nick")),
        Model(
            entity: "User", format: "age == 'abc'",
            error: .typeMismatch(
                entity: "User", keyPath: "age", expected: "Int64", actual: "\"abc\"")),
        Model(
            entity: "Post", format: "author.name > 3",
            error: .typeMismatch(
                entity: "Post", keyPath: "author.name", expected: "String", actual: "3")),
        Model(
            entity: "User", format: "age BEGINSWITH 'a'",
            error: .typeMismatch(
                entity: "User", keyPath: "age", expected: "String", actual: "Int64")),
        Model(
            entity: "Post", format: "author.@count > 1",
            error: .aggregateOnToOne(entity: "Post", keyPath: "author")),
        Model(
            entity: "Post", format: "title.@count > 1",
            error: .aggregateOnToOne(entity: "Post", keyPath: "title")),
        Model(
            entity: "Post", format: "SUBQUERY(author, $a, $a.age > 1).@count > 0",
            error: .aggregateOnToOne(entity: "Post", keyPath: "author")),
        Model(
            entity: "User", format: "posts.title == 'x'",
            error: .toManyKeyPath(entity: "User", keyPath: "posts.title")),
        Model(entity: "User", format: "age > $minimum", error: .unboundVariable("minimum")),
        Model(
            entity: "User", format: "ANY posts.title == name",
            error: .unsupportedComparison("ANY posts.title == needs a constant on the right")),
    ]

    @Test("model errors name the entity and key path, in SQL and in memory", arguments: model)
    func modelError(_ model: Model) throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try PredicateFixtures.seed(context)
            let request = FetchRequest(entityName: model.entity)
            request.predicate = try FetchPredicate(format: model.format)
            #expect(throws: model.error) { try context.fetch(request) }
            #expect(model.error.description.contains(model.entity) || model.entity == "User")
            guard case .typeMismatch = model.error else {
                let object = try #require(
                    try context.fetch(FetchRequest(entityName: model.entity)).first)
                #expect(throws: (any Error).self) { try request.predicate!.evaluate(with: object) }
                return
            }
        }
    }

    @Test("descriptions are one line naming the entity and key path")
    func descriptions() {
        #expect(
            FetchError.typeMismatch(
                entity: "User", keyPath: "age", expected: "Int64", actual: "\"abc\""
            )
            .description
                == "fetch: key path \"age\" of entity User is compared with \"abc\", expected Int64; pass a value of that type"
        )
        #expect(
            FetchError.aggregateOnToOne(entity: "Post", keyPath: "author").description
                == "fetch: key path \"author\" of entity Post is not a to-many relationship, so it "
                + "has no collection to count or aggregate; apply the operator to a to-many "
                + "relationship")
    }
}
