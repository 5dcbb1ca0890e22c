import Foundation

/// The rows of the conformance table, by family.
enum ConformanceTable {
    /// Every user of the edges dataset.
    static let users = ["ann", "Bob", "Céline", "", "nil", "a*b", "a\\b"]
    /// Every post of the edges dataset.
    static let posts = ["Swift tips", "Café notes", "SQL joins", "nil", "", "orphan"]

    /// The users but `names`.
    static func users(except names: String...) -> [String] {
        users.filter { !names.contains($0) }
    }

    static let operators = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES"]
    static let options = ["", "[c]", "[d]", "[cd]"]

    /// R1 to R6: nil and empty values.
    static let nulls: [ConformanceCase] =
        rows(
            .nilEquality, "User",
            [
                "name == nil": ["nil"], "name != nil": users(except: "nil"),
                "age == nil": ["a*b"], "age != nil": users(except: "a*b"),
                "nil == name": ["nil"], "name == NULL": ["nil"], "name ==[c] nil": ["nil"],
                "name !=[cd] nil": users(except: "nil"),
                "age == nil OR name == nil": ["a*b", "nil"],
            ])
        + rows(
            .nilEquality, "Post",
            [
                "title == nil": ["nil"], "score == nil": ["nil"], "author == nil": ["orphan"],
                "author != nil": ["Swift tips", "Café notes", "SQL joins", "nil", ""],
            ]) + rows(.nilEquality, "Tag", ["name == nil": []])
        + [
            row(.nilEquality, "User", "name == %@", [NSNull()], ["nil"]),
            row(.nilEquality, "User", "name == %@", [nil], ["nil"]),
        ]
        + rows(
            .nilOrdering, "User",
            [
                "age > 20": ["ann", "Bob", "Céline", "nil", "a\\b"],
                "age < 100": users(except: "a*b"), "age <= nil": [], "age > nil": [],
                "age >= nil": [], "nil < age": [],
                "name < 'b'": users(except: "nil"),
                "name > 'B'": ["ann", "Bob", "Céline", "a*b", "a\\b"],
            ])
        + rows(
            .nilOrdering, "Post",
            [
                "score > 2": ["Swift tips", "Café notes", "SQL joins"],
                "score < 3": ["Café notes", "", "orphan"],
            ])
        + rows(
            .twoValuedNot, "User",
            [
                "NOT (age > 20)": ["", "a*b"], "NOT (name == 'ann')": users(except: "ann"),
                "NOT (name BEGINSWITH 'a')": ["Bob", "Céline", "", "nil"],
                "NOT (age < 30)": ["ann", "Céline", "nil", "a*b", "a\\b"],
                "NOT NOT (age < 30)": ["Bob", ""], "NOT (name == nil)": users(except: "nil"),
                "NOT (age BETWEEN {20, 40})": ["Céline", "", "nil", "a*b"],
                "NOT (name CONTAINS nil)": users,
            ])
        + rows(.twoValuedNot, "Post", ["NOT (score >= 2.5)": ["nil", "", "orphan"]])
        + nilInLists + nilPatterns + emptyPatterns

    static let nilInLists: [ConformanceCase] =
        rows(
            .nilInList, "User",
            [
                "name IN {nil, 'ann'}": ["nil", "ann"], "name IN {NULL}": ["nil"],
                "NOT (name IN {NULL})": users(except: "nil"),
                "NOT (name IN {nil, 'ann'})": users(except: "nil", "ann"),
                "age IN {nil, 30}": ["a*b", "ann"], "age IN {nil}": ["a*b"],
                "NOT (age IN {nil, 30, 25})": ["Céline", "", "nil", "a\\b"],
                "name IN {}": [], "NOT (name IN {})": users,
                "name IN[c] {nil, 'ANN'}": ["nil", "ann"],
                "name IN {'ann', 'Bob'}": ["ann", "Bob"],
            ])
        + rows(
            .nilInList, "Post",
            ["title IN {nil, ''}": ["nil", ""], "author IN {nil}": ["orphan"]])
        + [row(.nilInList, "User", "name IN %@", [["Bob", NSNull()] as [Any]], ["Bob", "nil"])]

    static let nilPatterns: [ConformanceCase] =
        operators.flatMap { op in
            options.map { option in
                ConformanceCase(
                    rule: .nilPattern, dataset: .edges, entity: "User",
                    format: "name \(op)\(option) nil", arguments: [], outcome: .names([]))
            }
        }
        + rows(
            .nilPattern, "User",
            ["NOT (name BEGINSWITH nil)": users, "NOT (name LIKE[cd] nil)": users])
        + [row(.nilPattern, "User", "name BEGINSWITH %@", [nil], [])]

    static let emptyPatterns: [ConformanceCase] =
        operators.prefix(3).flatMap { op in
            options.flatMap { option in
                ["User": "name", "Post": "title"].map { entity, key in
                    ConformanceCase(
                        rule: .emptyPattern, dataset: .edges, entity: entity,
                        format: "\(key) \(op)\(option) ''", arguments: [], outcome: .names([]))
                }
            }
        }
        + rows(
            .emptyPattern, "User",
            [
                "NOT (name CONTAINS '')": users, "name LIKE ''": [""], "name LIKE[c] ''": [""],
                "name == ''": [""], "name MATCHES ''": [""],
            ])
        + [row(.emptyPattern, "User", "name BEGINSWITH %@", [""], [])]
}
