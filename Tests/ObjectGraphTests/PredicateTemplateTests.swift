import Foundation
import Testing

@testable import ObjectGraph

/// A repeated predicate format fills a kept template instead of parsing
/// (``PredicateTemplate``, issue 34: `SELF == %@` per object spent a fifth of the fetch in
/// the parser). Every tree and every error must be the fresh parse's: each test compares
/// against a parse with a cache of its own, where nothing is kept.
@Suite struct PredicateTemplateTests {
    private struct Unsupported {}

    private static let model = Fixtures.social

    private static func id(_ entity: String, _ key: Int64) -> ObjectID {
        ObjectID(entity: model.entity(named: entity)!, primaryKey: key, store: UUID())
    }

    /// A parse that keeps nothing.
    private static func fresh(_ format: String, _ arguments: [Any?]) -> Result<
        PredicateNode, PredicateSyntaxError
    > {
        Result { () throws(PredicateSyntaxError) -> PredicateNode in
            var parser = try PredicateParser(
                format: format, arguments: arguments, cache: PredicateFormatCache(capacity: 1))
            return try parser.parse()
        }
    }

    private static func cached(
        _ format: String, _ arguments: [Any?], _ cache: PredicateFormatCache
    ) -> Result<PredicateNode, PredicateSyntaxError> {
        Result { () throws(PredicateSyntaxError) -> PredicateNode in
            try cache.predicate(format: format, arguments: arguments)
        }
    }

    private static func compare(
        _ format: String, _ arguments: [Any?], _ cache: PredicateFormatCache,
        _ comment: Comment
    ) {
        let fresh = fresh(format, arguments)
        let cached = cached(format, arguments, cache)
        switch (fresh, cached) {
        case (.success(let fresh), .success(let cached)):
            // NaN is not equal to itself: such trees compare by their full description.
            #expect(
                cached == fresh || String(reflecting: cached) == String(reflecting: fresh),
                comment)
        case (.failure(let fresh), .failure(let cached)):
            #expect(cached == fresh, comment)
            #expect(cached.description == fresh.description, comment)
        default:
            Issue.record("fresh \(fresh) vs cached \(cached): \(comment)")
        }
    }

    /// Values of every kind a `%@` takes, and some it does not.
    private static var samples: [Any?] {
        [
            nil, 7, Int64(-3), 2.5, Double.nan, "s", "", true, false,
            Date(timeIntervalSinceReferenceDate: 86_400), Data([1, 2]), [1, 2], [1, 2, 3],
            ["a", "b"],
            [Any](), id("Post", 4), id("User", 9), UUID(), URL(string: "https://example.com")!,
            Decimal(3), NSNull(), Unsupported(), [Unsupported()], "author.name",
        ]
    }

    /// `arguments`, then each argument replaced by every sample (one at a time, then all
    /// at once), then one argument too few.
    private static func variants(_ arguments: [Any?]) -> [[Any?]] {
        var result: [[Any?]] = [arguments, arguments]
        for sample in samples {
            for index in arguments.indices {
                var changed = arguments
                changed[index] = sample
                result.append(changed)
            }
            result.append(arguments.map { _ in sample })
        }
        if !arguments.isEmpty { result.append(Array(arguments.dropLast())) }
        result.append(arguments + [1, "extra"])
        return result
    }

    @Test("SELF == %@ is parsed and probed once, then filled; each tree is the fresh one")
    func repeatedSelf() throws {
        let cache = PredicateFormatCache(capacity: 8)
        for key in Int64(1)...20 {
            let arguments: [Any?] = [Self.id("Post", key)]
            let root = try cache.predicate(format: "SELF == %@", arguments: arguments)
            #expect(root == (try Self.fresh("SELF == %@", arguments).get()))
            #expect(cache.hasTemplate("SELF == %@"))
        }
        #expect(cache.lexCount == 1)
        #expect(cache.templateCount == 1)
        // Other kinds in the same format: filled from the same template.
        for argument in [nil, "4", 4, Self.id("User", 2)] as [Any?] {
            Self.compare("SELF == %@", [argument], cache, "\(String(describing: argument))")
        }
        #expect(cache.templateCount == 1)
    }

    @Test("a wrong argument, or too few, throws the fresh parse's error from a template")
    func errors() throws {
        let cache = PredicateFormatCache(capacity: 8)
        _ = try cache.predicate(format: "name == %@ AND age > %@", arguments: ["a", 1])
        _ = try cache.predicate(format: "name == %@ AND age > %@", arguments: ["b", 2])
        #expect(cache.hasTemplate("name == %@ AND age > %@"))
        for arguments in [["a", Unsupported()], [Unsupported(), 1], ["a"], []] as [[Any?]] {
            let fresh = Self.fresh("name == %@ AND age > %@", arguments)
            let cached = Self.cached("name == %@ AND age > %@", arguments, cache)
            guard case .failure(let error) = cached else {
                Issue.record("\(arguments) did not throw")
                continue
            }
            #expect(fresh == .failure(error))
        }
        let tooFew = Self.cached("name == %@ AND age > %@", ["a"], cache)
        #expect(
            (try? tooFew.get()) == nil
                && String(describing: tooFew).contains("too few arguments"))
    }

    /// Formats whose tree can depend on an argument's value or kind, with arguments.
    private static func unkept(_ format: String) -> [Any?] {
        switch format {
        case "%K == %@": ["name", "x"]
        case "age > %d": [3]
        case "score > %f": [2.5]
        case "name == %c": ["a"]
        case "age BETWEEN %@": [[1, 5]]
        case "published > CAST(%@, \"NSDate\")": [86_400]
        case "age IN {%@, %@}": [1, 2]
        default: [1]
        }
    }

    @Test(
        "formats whose tree can depend on an argument keep no template",
        arguments: [
            "%K == %@", "age > %d", "score > %f", "name == %c", "age + %@ > 3", "age > -%@",
            "age * 2 > %@ * 3", "age BETWEEN %@", "published > CAST(%@, \"NSDate\")",
            "age IN {%@, %@}", "name IN {%@}",
        ])
    func notKept(format: String) throws {
        let arguments = Self.unkept(format)
        let cache = PredicateFormatCache(capacity: 8)
        for _ in 0..<3 { Self.compare(format, arguments, cache, "\(format)") }
        #expect(!cache.hasTemplate(format))
        for variant in Self.variants(arguments) {
            Self.compare(format, variant, cache, "\(format) \(variant)")
        }
    }

    @Test(
        "formats with %@ only on comparison sides keep one",
        arguments: [
            "SELF == %@", "%@ == SELF", "name == %@ AND (age > %@ OR age == nil)",
            "NOT (name BEGINSWITH[cd] %@)", "ANY posts.title == %@", "author.name == (%@)",
            "SUBQUERY(posts, $p, $p.title == %@).@count > %@", "age IN %@", "name == 'x'",
            "TRUEPREDICATE", "age == $AGE",
        ])
    func kept(format: String) throws {
        let cache = PredicateFormatCache(capacity: 8)
        let count = format.components(separatedBy: "%@").count - 1
        let arguments: [Any?] = (0..<count).map { $0 }
        for _ in 0..<3 { Self.compare(format, arguments, cache, "\(format)") }
        #expect(cache.hasTemplate(format))
        for variant in Self.variants(arguments) {
            Self.compare(format, variant, cache, "\(format) \(variant)")
        }
    }

    @Test("the predicate conformance table: every format and argument kind parses as fresh")
    func conformanceTable() throws {
        let cache = PredicateFormatCache(capacity: 4_096)
        var compared = 0
        for row in FetchPredicateConformanceTests.cases {
            for variant in Self.variants(row.arguments) {
                Self.compare(row.format, variant, cache, "\(row.format) \(variant)")
                compared += 1
            }
        }
        #expect(compared >= 1_000)
        #expect(cache.templateCount >= 100)
    }

    @Test("random predicates of the property tests parse as fresh from their templates")
    func randomPredicates() throws {
        let cache = PredicateFormatCache(capacity: 4_096)
        var generator = PredicateGenerator(random: SeededGenerator(seed: 34))
        for index in 0..<400 {
            let format = generator.predicate(on: ["User", "Post", "Tag"][index % 3], depth: 3)
            for _ in 0..<3 { Self.compare(format, [], cache, "\(format)") }
        }
        #expect(cache.templateCount >= 300)
    }

    @Test("no format literal makes a probe: probes are UUIDs, found by their fixed bytes")
    func probes() {
        #expect(PredicateTemplate.probeIndex(PredicateTemplate.probe(0)) == 0)
        #expect(PredicateTemplate.probeIndex(PredicateTemplate.probe(70_000)) == 70_000)
        #expect(PredicateTemplate.probeIndex(UUID()) == nil)
        let literal = try? Self.fresh(
            "name == '\(PredicateTemplate.probe(0).uuidString)'", []
        ).get()
        guard case .comparison(let comparison)? = literal else {
            Issue.record("expected a comparison: \(String(describing: literal))")
            return
        }
        #expect(comparison.rhs == .constant(.string(PredicateTemplate.probe(0).uuidString)))
    }
}
