import Foundation
import ObjectGraph
import Testing

@Suite struct FetchPredicateTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let format: String
        let same: String
        var testDescription: String { format }
    }

    static let equivalents: [Valid] = [
        Valid(format: "a == 1 AND b == 2", same: "a = 1 && b = 2"),
        Valid(format: "a == 1 OR b == 2", same: "a == 1 || b == 2"),
        Valid(format: "NOT a == 1", same: "!(a == 1)"),
        Valid(format: "a != 1", same: "a <> 1"),
        Valid(format: "a <= 1 AND b >= 2", same: "a =< 1 and b => 2"),
        Valid(format: "a BEGINSWITH[cd] 'x'", same: "a beginswith[dc] \"x\""),
        Valid(format: "a == nil", same: "a == NULL"),
        Valid(format: "a == YES", same: "a == true"),
        Valid(format: "author.name == 'x'", same: "author . name == 'x'"),
    ]

    @Test("equivalent spellings parse to the same predicate", arguments: equivalents)
    func equivalentSpellings(_ valid: Valid) throws {
        #expect(try FetchPredicate(format: valid.format) == FetchPredicate(format: valid.same))
    }

    @Test("AND binds tighter than OR")
    func precedence() throws {
        let flat = try FetchPredicate(format: "a == 1 OR b == 2 AND c == 3")
        let grouped = try FetchPredicate(format: "a == 1 OR (b == 2 AND c == 3)")
        let other = try FetchPredicate(format: "(a == 1 OR b == 2) AND c == 3")
        #expect(flat == grouped)
        #expect(flat != other)
    }

    @Test("%@ and %K take arguments in order")
    func arguments() throws {
        let predicate = try FetchPredicate(format: "%K == %@", "name", "Alice")
        #expect(predicate == (try FetchPredicate(format: "name == 'Alice'")))
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let format: String
        let offset: Int
        let expected: String
        var testDescription: String { format }
    }

    static let invalid: [Invalid] = [
        Invalid(format: "age >", offset: 5, expected: "a key path or a value"),
        Invalid(format: "age 30", offset: 4, expected: "a comparison operator"),
        Invalid(format: "(age > 1", offset: 8, expected: "\")\""),
        Invalid(format: "age > 1 name", offset: 8, expected: "AND, OR or the end"),
        Invalid(format: "name == 'open", offset: 8, expected: "a closing '"),
        Invalid(format: "name ==[x] 'a'", offset: 7, expected: "options such as [c], [d] or [cd]"),
        Invalid(
            format: "name == %@", offset: 8, expected: "an argument for %@ (too few arguments)"),
        Invalid(format: "name == #", offset: 8, expected: "a token"),
    ]

    @Test("syntax errors name the position and what was expected", arguments: invalid)
    func syntaxErrors(_ invalid: Invalid) {
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: invalid.format)
        }
        #expect(error?.offset == invalid.offset)
        #expect(error?.expected == invalid.expected)
    }

    @Test("the error description draws a caret under the position")
    func caret() {
        let error = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "age > 1 name")
        }
        #expect(
            error?.description
                == "predicate syntax error at 1:9: expected AND, OR or the end, found \"name\"\n"
                + "  age > 1 name\n          ^")
    }

    @Test("arguments beyond the specifiers are ignored, as Apple's parser ignores them")
    func extraArguments() throws {
        #expect(
            try FetchPredicate(format: "name == 'a'", "unused")
                == FetchPredicate(format: "name == 'a'"))
        #expect(
            try FetchPredicate(format: "name == %@", "a", 2, nil)
                == FetchPredicate(format: "name == 'a'"))
    }
}
