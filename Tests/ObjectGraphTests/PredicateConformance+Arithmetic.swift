import ObjectGraph

extension ConformanceTable {
    private static func notNumber(_ entity: String, _ keyPath: String, _ actual: String)
        -> FetchError
    {
        .typeMismatch(entity: entity, keyPath: keyPath, expected: "a number", actual: actual)
    }

    /// R19, with R22 and R23's newer forms: arithmetic, the other specifiers, `%K.%K`,
    /// extra arguments and lists of variables.
    static let arithmetic: [ConformanceCase] =
        rows(
            .arithmetic, "User",
            [
                "age + 1 == 31": ["ann"], "age - 1 == 24": ["Bob"],
                "age * 2 > 80": ["Céline", "nil"], "age / 2 == 15": ["ann"],
                "age / 2 == 12.5": ["Bob"], "age / 0 == nil": users,
                "-age < -40": ["Céline", "nil"],
                "- age == -30": ["ann"], "age + nil == nil": users, "age + 1 > 100": [],
                "(age + 5) * 2 == 70": ["ann"], "age + 5 * 2 == 40": ["ann"],
                "age - -1 == 31": ["ann"], "age-1 == 29": ["ann"], "1 + 1 == 2": users,
                "age + 0.5 > 30": ["ann", "Céline", "nil", "a\\b"],
                "NOT (age + 1 > 30)": ["Bob", "", "a*b"],
                "age * 9223372036854775807 > 0": users(except: "a*b"),
                "posts.@count * 10 == 20": ["ann"], "posts.@sum.score / 2 > 3": ["ann"],
            ])
        + rows(
            .arithmetic, "Post",
            [
                "score * 2 == 5": ["Café notes"], "score + 1 > 5": ["Swift tips"],
                "author.age * score > 100": ["Swift tips"],
                "author.age + score > 0 OR title == 'orphan'": [
                    "Swift tips", "Café notes", "SQL joins", "",
                ],
            ])
        + [
            failing(.arithmetic, "User", "name + 1 == 2", notNumber("User", "name", "String")),
            failing(.arithmetic, "User", "age + 'x' == 2", notNumber("User", "\"x\"", "\"x\"")),
            failing(
                .arithmetic, "Post", "published + 1 > 0", notNumber("Post", "published", "Date")),
            failing(.arithmetic, "Post", "author + 1 == 2", notNumber("Post", "author", "User")),
        ] + specifiers + variableLists

    static let specifiers: [ConformanceCase] = [
        row(.specifiers, "User", "age == %lu", [30], ["ann"]),
        row(.specifiers, "User", "age == %llu", [30], ["ann"]),
        row(.specifiers, "Post", "score > %e", [4.5], ["Swift tips"]),
        row(.specifiers, "Post", "score > %g", [4.5], ["Swift tips"]),
        row(.specifiers, "User", "name BEGINSWITH %c", ["B"], ["Bob"]),
        row(.specifiers, "User", "name BEGINSWITH %c", [Character("B")], ["Bob"]),
        row(.specifiers, "User", "name BEGINSWITH %c", [66], ["Bob"]),
        row(.specifiers, "Post", "%K.%K == %@", ["author", "name", "Bob"], ["SQL joins"]),
        row(.specifiers, "User", "%K.%K == 2", ["posts", "@count"], ["ann"]),
        row(.specifiers, "User", "name == %@", ["Bob", "extra", 3], ["Bob"]),
        row(.specifiers, "User", "age > %d", [30, 99], ["Céline", "nil", "a\\b"]),
    ]

    static let variableLists: [ConformanceCase] = [
        substituted(
            .variables, "User", "age BETWEEN {$LOW, $HIGH}", ["LOW": 20, "HIGH": 30],
            ["ann", "Bob"]),
        substituted(.variables, "User", "age BETWEEN {$LOW, 30}", ["LOW": 26], ["ann"]),
        substituted(.variables, "User", "name IN {$A, 'Bob'}", ["A": "ann"], ["ann", "Bob"]),
        failing(.variables, "User", "age BETWEEN {$LOW, $HIGH}", .unboundVariable("LOW")),
    ]
}
