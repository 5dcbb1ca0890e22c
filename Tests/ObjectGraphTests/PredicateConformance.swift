import Foundation
import ObjectGraph
import Testing

/// One row of the predicate conformance table: a format string on an entity of a
/// dataset, the objects it selects (or the error it raises), and the rule of
/// docs/PREDICATES.md it checks.
struct ConformanceCase: CustomTestStringConvertible, @unchecked Sendable {
    /// What the predicate must do.
    enum Outcome: Equatable {
        /// Select these objects (their names, sorted).
        case names([String])
        /// Fail with this error on both paths.
        case error(FetchError)
    }

    let rule: PredicateRule
    let dataset: ConformanceDataset
    let entity: String
    let format: String
    let arguments: [Any?]
    let outcome: Outcome
    /// `$variables` to substitute before running, if any.
    var variables: [String: Any?] = [:]

    var testDescription: String { "\(rule.rawValue) \(entity): \(format)" }
}

/// Builds table rows tersely: `rows(.nilEquality, "User", ["name == nil": ["nil"]])`.
func rows(
    _ rule: PredicateRule, _ entity: String, _ table: KeyValuePairs<String, [String]>
) -> [ConformanceCase] {
    rows(rule, entity, .edges, table)
}

/// ``rows(_:_:_:)`` on another dataset.
func rows(
    _ rule: PredicateRule, _ entity: String, _ dataset: ConformanceDataset,
    _ table: KeyValuePairs<String, [String]>
) -> [ConformanceCase] {
    table.map {
        ConformanceCase(
            rule: rule, dataset: dataset, entity: entity, format: $0.key, arguments: [],
            outcome: .names($0.value))
    }
}

/// A row that must fail with `error` on both paths.
func failing(
    _ rule: PredicateRule, _ entity: String, _ format: String, _ error: FetchError,
    _ dataset: ConformanceDataset = .edges
) -> ConformanceCase {
    ConformanceCase(
        rule: rule, dataset: dataset, entity: entity, format: format, arguments: [],
        outcome: .error(error))
}

/// A row with format arguments.
func row(
    _ rule: PredicateRule, _ entity: String, _ format: String, _ arguments: [Any?],
    _ names: [String], _ dataset: ConformanceDataset = .edges
) -> ConformanceCase {
    ConformanceCase(
        rule: rule, dataset: dataset, entity: entity, format: format, arguments: arguments,
        outcome: .names(names))
}

/// A row whose `$variables` are substituted first.
func substituted(
    _ rule: PredicateRule, _ entity: String, _ format: String, _ variables: [String: Any?],
    _ names: [String]
) -> ConformanceCase {
    var row = ConformanceCase(
        rule: rule, dataset: .edges, entity: entity, format: format, arguments: [],
        outcome: .names(names))
    row.variables = variables
    return row
}

/// The datasets of the table.
enum ConformanceDataset: String, Sendable {
    /// PredicateFixtures' graph: ann, bob, Céline; three posts; five tags.
    case social
    /// Nil and empty values, wildcards in names, a post without an author:
    ///
    /// | user   | age | posts (score, tags)                      |
    /// |--------|-----|------------------------------------------|
    /// | ann    | 30  | "Swift tips" (5, swift), "Café notes" (2.5) |
    /// | Bob    | 25  | "SQL joins" (4, swift sql)               |
    /// | Céline | 41  | nil title (nil score)                    |
    /// | ""     | 19  | "" (0, the tag "")                       |
    /// | nil    | 52  |                                          |
    /// | a*b    | nil |                                          |
    /// | a\b    | 33  |                                          |
    ///
    /// and "orphan" (score 1, no author, no tags).
    case edges

    /// Inserts the dataset into `context` (unsaved) and returns every object.
    func insert(into context: ManagedObjectContext) -> [ManagedObject] {
        switch self {
        case .social: return PredicateFixtures.insert(context)
        case .edges: return EdgeDataset.insert(context)
        }
    }
}

/// The objects of ``ConformanceDataset/edges``.
private enum EdgeDataset {
    static func insert(_ context: ManagedObjectContext) -> [ManagedObject] {
        let tags = ["swift", "sql", ""].map { object("Tag", ["name": $0], context) }
        let users = [
            ("ann", 30), ("Bob", 25), ("Céline", 41), ("", 19), (nil, 52), ("a*b", nil),
            ("a\\b", 33),
        ].map { (name: String?, age: Int?) in
            object("User", ["name": name, "age": age.map { Int64($0) }], context)
        }
        let posts: [(String?, Double?, Int?, [Int])] = [
            ("Swift tips", 5, 0, [0]), ("Café notes", 2.5, 0, []), ("SQL joins", 4, 1, [0, 1]),
            (nil, nil, 2, []), ("", 0, 3, [2]), ("orphan", 1, nil, []),
        ]
        let made = posts.map { title, score, author, tagIndexes in
            let post = object("Post", ["title": title, "score": score], context)
            post.setValue(author.map { users[$0] }, forKey: "author")
            post.setValue(Set(tagIndexes.map { tags[$0] }), forKey: "tags")
            return post
        }
        return tags + users + made
    }

    private static func object(
        _ entity: String, _ values: [String: Any?], _ context: ManagedObjectContext
    ) -> ManagedObject {
        let object = context.insertNewObject(forEntityName: entity)
        for (key, value) in values { object.setValue(value, forKey: key) }
        return object
    }
}
