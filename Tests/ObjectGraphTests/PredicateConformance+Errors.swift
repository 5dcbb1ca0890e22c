import ObjectGraph

extension ConformanceTable {
    private static func modifier(_ entity: String, _ keyPath: String, _ modifier: String)
        -> FetchError
    {
        .modifierWithoutCollection(entity: entity, keyPath: keyPath, modifier: modifier)
    }

    private static func mismatch(
        _ entity: String, _ keyPath: String, _ expected: String, _ actual: String
    ) -> FetchError {
        .typeMismatch(entity: entity, keyPath: keyPath, expected: expected, actual: actual)
    }

    /// `age BETWEEN $B` with `B` substituted: the parser checks literal bounds itself.
    private static func bounds(_ value: Any, _ error: FetchError) -> ConformanceCase {
        var row = failing(.typeMismatch, "User", "age BETWEEN $B", error)
        row.variables = ["B": value]
        return row
    }

    /// R13: ANY, ALL, NONE without a to-many on the way.
    static let modifiers: [ConformanceCase] = [
        failing(.modifierNeedsCollection, "User", "ANY age > 5", modifier("User", "age", "ANY")),
        failing(
            .modifierNeedsCollection, "User", "ALL name == 'x'", modifier("User", "name", "ALL")),
        failing(.modifierNeedsCollection, "User", "NONE age == 1", modifier("User", "age", "NONE")),
        failing(.modifierNeedsCollection, "User", "SOME age > 1", modifier("User", "age", "ANY")),
        failing(
            .modifierNeedsCollection, "Post", "ANY author.name == 'ann'",
            modifier("Post", "author.name", "ANY")),
        failing(
            .modifierNeedsCollection, "Post", "ALL author.age > 1",
            modifier("Post", "author.age", "ALL")),
        failing(
            .modifierNeedsCollection, "Post", "NONE title == 'x'", modifier("Post", "title", "NONE")
        ),
        failing(
            .modifierNeedsCollection, "Post", "ANY author == nil", modifier("Post", "author", "ANY")
        ),
        failing(
            .modifierNeedsCollection, "Tag", "ANY name BEGINSWITH 's'",
            modifier("Tag", "name", "ANY")),
        failing(
            .modifierNeedsCollection, "User", "ANY age > 5", modifier("User", "age", "ANY"), .social
        ),
        failing(
            .modifierNeedsCollection, "User", "FALSEPREDICATE AND ANY age > 5",
            modifier("User", "age", "ANY")),
        failing(
            .modifierNeedsCollection, "User",
            "SUBQUERY(posts, $p, ANY $p.title == 'x').@count > 0",
            modifier("Post", "$p.title", "ANY")),
    ]

    /// R14: constants and key paths of the wrong type fail on both paths.
    static let types: [ConformanceCase] = [
        failing(.typeMismatch, "User", "name == 3", mismatch("User", "name", "String", "3")),
        failing(.typeMismatch, "User", "age == 'x'", mismatch("User", "age", "Int64", "\"x\"")),
        failing(.typeMismatch, "User", "age > 'x'", mismatch("User", "age", "Int64", "\"x\"")),
        failing(.typeMismatch, "User", "name > 3", mismatch("User", "name", "String", "3")),
        failing(
            .typeMismatch, "User", "age BEGINSWITH 'a'", mismatch("User", "age", "String", "Int64")),
        failing(
            .typeMismatch, "User", "name BEGINSWITH 3", mismatch("User", "name", "String", "3")),
        failing(
            .typeMismatch, "User", "age BETWEEN {1, 'x'}", mismatch("User", "age", "Int64", "\"x\"")
        ),
        bounds([1], mismatch("User", "age", "{lower, upper}", "{1}")),
        bounds([1, 2, 3], mismatch("User", "age", "{lower, upper}", "{1, 2, 3}")),
        bounds(3, mismatch("User", "age", "a collection", "3")),
        failing(
            .typeMismatch, "User", "age IN {1, 'x'}", mismatch("User", "age", "Int64", "\"x\"")),
        failing(.typeMismatch, "User", "age IN 3", mismatch("User", "age", "a collection", "3")),
        failing(
            .typeMismatch, "User", "name IN {'a', {'b'}}",
            mismatch("User", "name", "String", "{\"b\"}")),
        failing(
            .typeMismatch, "Post", "score == 'high'",
            mismatch("Post", "score", "Double", "\"high\"")),
        failing(
            .typeMismatch, "Post", "published > 'x'", mismatch("Post", "published", "Date", "\"x\"")
        ),
        failing(
            .typeMismatch, "Post", "isDraft == 'yes'",
            mismatch("Post", "isDraft", "Bool", "\"yes\"")),
        failing(
            .typeMismatch, "Post", "author == 'ann'", mismatch("Post", "author", "User", "\"ann\"")),
        failing(
            .typeMismatch, "Post", "title == score", mismatch("Post", "title", "String", "score")),
        failing(
            .typeMismatch, "Post", "ANY tags.name == 5",
            mismatch("Post", "tags.name", "String", "5")),
        failing(
            .typeMismatch, "User", "posts.@count == 'x'",
            mismatch("User", "posts", "Int64", "\"x\"")),
        failing(
            .typeMismatch, "User", "posts.@sum.title > 1",
            mismatch("User", "posts.@sum.title", "a number", "String")),
        failing(.typeMismatch, "User", "name ==[c] 3", mismatch("User", "name", "String", "3")),
        failing(.typeMismatch, "User", "name <[c] 3", mismatch("User", "name", "String", "3")),
        failing(.typeMismatch, "User", "name IN[c] {3}", mismatch("User", "name", "String", "3")),
        failing(.typeMismatch, "Post", "title MATCHES 3", mismatch("Post", "title", "String", "3")),
        failing(.typeMismatch, "User", "age LIKE '3'", mismatch("User", "age", "String", "Int64")),
        failing(
            .typeMismatch, "Post", "author.age < author",
            .unsupportedComparison("author.age < author")),
        failing(
            .typeMismatch, "User", "FALSEPREDICATE AND name == 3",
            mismatch("User", "name", "String", "3")),
    ]
}
