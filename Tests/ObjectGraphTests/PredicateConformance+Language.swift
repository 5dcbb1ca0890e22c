import Foundation

extension ConformanceTable {
    /// R18, R22 to R25: joins through nil to-ones, format arguments, variables, numbers
    /// and logic.
    static let language: [ConformanceCase] =
        rows(
            .toOneThroughNil, "Post",
            [
                "author.name != 'x'": ["Swift tips", "Café notes", "SQL joins", "nil", ""],
                "author.name == nil": [],
                "author.name != 'x' OR title == 'orphan'": [
                    "Swift tips", "Café notes", "SQL joins", "nil", "",
                ],
                "NOT (author.age > 100)": ["Swift tips", "Café notes", "SQL joins", "nil", ""],
                "author == nil": ["orphan"], "author.age < 30 OR author == nil": ["SQL joins", ""],
                "author.name BEGINSWITH 'a'": ["Swift tips", "Café notes"],
                "author.name == ''": [""],
            ])
        + [
            row(.specifiers, "User", "age == %d", [30], ["ann"]),
            row(.specifiers, "User", "age == %i", [30], ["ann"]),
            row(.specifiers, "User", "age == %ld", [30], ["ann"]),
            row(.specifiers, "User", "age == %lld", [Int64(30)], ["ann"]),
            row(.specifiers, "User", "age == %u", [30], ["ann"]),
            row(.specifiers, "User", "%K == %@", ["name", "Bob"], ["Bob"]),
            row(.specifiers, "User", "%K.@count == %d", ["posts", 2], ["ann"]),
            row(.specifiers, "Post", "score > %f", [4.5], ["Swift tips"]),
            row(.specifiers, "Post", "score > %lf", [4.5], ["Swift tips"]),
        ]
        + [
            substituted(.variables, "User", "age > $MIN", ["MIN": 30], ["Céline", "nil", "a\\b"]),
            substituted(
                .variables, "User", "name IN $NAMES", ["NAMES": ["ann", "Bob"]], ["ann", "Bob"]),
            failing(.variables, "User", "age > $MIN", .unboundVariable("MIN")),
        ]
        + rows(
            .numbers, "User",
            [
                "age == 30.0": ["ann"], "age == 30.5": [],
                "age > 29.5": ["ann", "Céline", "nil", "a\\b"], "age == 0x1E": ["ann"],
                "age < 1e999": users(except: "a*b"), "age > -1": users(except: "a*b"),
            ])
        + rows(
            .numbers, "Post",
            ["score == 5": ["Swift tips"], "score > 2": ["Swift tips", "Café notes", "SQL joins"]])
        + rows(
            .numbers, "Post", .social,
            [
                "isDraft == NO": ["Swift tips", "Café notes"],
                "isDraft == 0": ["Swift tips", "Café notes"],
                "isDraft == YES": ["SQL joins"],
            ])
        + rows(
            .logic, "User",
            [
                "TRUEPREDICATE": users, "FALSEPREDICATE": [],
                "name == 'ann' OR name == 'Bob'": ["ann", "Bob"],
                "age > 20 AND age < 40": ["ann", "Bob", "a\\b"],
                "age > 20 && name BEGINSWITH 'a'": ["ann", "a\\b"], "NOT TRUEPREDICATE": [],
                "!(age > 20) || name == 'ann'": ["", "a*b", "ann"],
                "(name == 'ann' OR age == 25) AND age > 26": ["ann"],
                "name == 'ann' OR age == 25 AND age > 26": ["ann"],
            ])
}
