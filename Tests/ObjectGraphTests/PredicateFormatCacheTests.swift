import Foundation
import Testing

@testable import ObjectGraph

/// A format string is lexed once and its tokens reused (issue 34: a repeated
/// `SELF == %@` fetch parsed on every call); each parse still takes its own arguments,
/// so caching changes no predicate and no error. Each test uses its own cache, so the
/// shared one's state (every other test's predicates) cannot disturb it.
@Suite struct PredicateFormatCacheTests {
    private static func parse(
        _ format: String, _ arguments: [Any?], _ cache: PredicateFormatCache
    ) throws -> PredicateNode {
        var parser = try PredicateParser(format: format, arguments: arguments, cache: cache)
        return try parser.parse()
    }

    @Test("a repeated format is lexed once and each parse takes its own arguments")
    func lexedOnce() throws {
        let cache = PredicateFormatCache(capacity: 8)
        let first = try Self.parse("name == %@ AND age > %d", ["Alice", 30], cache)
        let second = try Self.parse("name == %@ AND age > %d", ["Bob", 40], cache)
        #expect(cache.lexCount == 1)
        #expect(cache.count == 1)
        #expect(first == (try FetchPredicate(format: "name == 'Alice' AND age > 30")).root)
        #expect(second == (try FetchPredicate(format: "name == 'Bob' AND age > 40")).root)
        #expect(first != second)
    }

    @Test("%K takes this call's key path from the cached tokens")
    func keyPathArgument() throws {
        let cache = PredicateFormatCache(capacity: 8)
        let byName = try Self.parse("%K == %@", ["name", "x"], cache)
        let byAuthor = try Self.parse("%K == %@", ["author.name", "x"], cache)
        #expect(cache.lexCount == 1)
        #expect(byName == (try FetchPredicate(format: "name == 'x'")).root)
        #expect(byAuthor == (try FetchPredicate(format: "author.name == 'x'")).root)
    }

    @Test("a wrong argument throws the same error, at the same offset, from the cache")
    func sameErrors() throws {
        let cache = PredicateFormatCache(capacity: 8)
        _ = try Self.parse("age > %d", [1], cache)
        let direct = #expect(throws: PredicateSyntaxError.self) {
            try FetchPredicate(format: "age > %d", "x")
        }
        let cached = #expect(throws: PredicateSyntaxError.self) {
            try Self.parse("age > %d", ["x"], cache)
        }
        #expect(cached == direct)
        #expect(cached?.description.contains("an integer argument for %d") == true)
        let tooFew = #expect(throws: PredicateSyntaxError.self) {
            try Self.parse("age > %d", [], cache)
        }
        #expect(tooFew?.description.contains("too few arguments") == true)
        #expect(cache.lexCount == 1)
    }

    @Test("formats equal only under canonical equivalence are kept apart, byte for byte")
    func bytewiseKeys() throws {
        let cache = PredicateFormatCache(capacity: 8)
        let composed = "name == '\u{E9}'"
        let decomposed = "name == 'e\u{301}'"
        #expect(composed == decomposed)  // Swift's String equality
        let first = try Self.parse(composed, [], cache)
        let second = try Self.parse(decomposed, [], cache)
        #expect(cache.lexCount == 2)
        #expect(cache.count == 2)
        guard case .comparison(let one) = first, case .comparison(let two) = second,
            case .constant(.string(let a)) = one.rhs, case .constant(.string(let b)) = two.rhs
        else {
            Issue.record("expected two string comparisons: \(first), \(second)")
            return
        }
        #expect(Array(a.unicodeScalars) == ["\u{E9}"])
        #expect(Array(b.unicodeScalars) == ["e", "\u{301}"])
    }

    @Test("a format that does not lex is not kept and throws each time")
    func lexErrorNotKept() {
        let cache = PredicateFormatCache(capacity: 8)
        for _ in 0..<2 {
            #expect(throws: PredicateSyntaxError.self) {
                try Self.parse("name == 'unterminated", [], cache)
            }
        }
        #expect(cache.count == 0)
    }

    @Test("the cache holds at most its capacity, and no format longer than the limit")
    func bounded() throws {
        let cache = PredicateFormatCache(capacity: 4)
        for value in 0..<10 { _ = try Self.parse("age == \(value)", [], cache) }
        #expect(cache.count <= 4)
        #expect(cache.count > 0)
        let long =
            "name == '" + String(repeating: "x", count: PredicateFormatCache.longestFormat) + "'"
        let before = cache.count
        _ = try Self.parse(long, [], cache)
        _ = try Self.parse(long, [], cache)
        #expect(cache.lexCount == 12)
        #expect(cache.count <= before)
    }

    @Test("parses from many threads at once agree with a parse of their own format")
    func concurrent() async throws {
        let cache = PredicateFormatCache(capacity: 8)
        let roots = try await withThrowingTaskGroup(of: (Int, PredicateNode).self) { group in
            for value in 0..<64 {
                group.addTask {
                    (value, try Self.parse("SELF == %@ OR age == %@", [value, value], cache))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(roots.count == 64)
        for (value, root) in roots {
            #expect(
                root == (try FetchPredicate(format: "SELF == \(value) OR age == \(value)")).root)
        }
        #expect(cache.count == 1)
    }
}
