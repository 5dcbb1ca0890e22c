import Foundation
import ObjectGraph
import Testing

/// Bad predicates, key paths and values: the exact error each gives.
@Suite struct PredicateCatalogueTests {
    /// Fetches `format` on `entity` from an in-memory social store.
    static func fetch(_ entity: String, _ format: String, _ arguments: any Sendable...) throws {
        let request = FetchRequest(entityName: entity)
        request.predicate = try FetchPredicate(format: format, argumentArray: arguments)
        try inContext { _ = try $0.fetch(request) }
    }

    /// Runs `body` on the view context of a fresh in-memory social store.
    static func inContext(_ body: (ManagedObjectContext) throws -> Void) throws {
        let container = try Fixtures.container()
        try container.viewContext.performAndWait { try body(container.viewContext) }
    }

    /// Sets `value` for `key` on a new object of `entity`.
    static func set(_ value: any Sendable, _ key: String, on entity: String) throws {
        try inContext {
            try $0.insertNewObject(forEntityName: entity).setCheckedValue(value, forKey: key)
        }
    }

    static let syntax: [BadInput] = [
        BadInput(
            "truncated comparison",
            "predicate syntax error at 1:8: expected a key path or a value, found the end\n  name ==\n         ^"
        ) { _ in try fetch("User", "name ==") },
        BadInput(
            "two operators",
            "predicate syntax error at 1:7: expected a key path or a value, found \">\"\n  age > > 3\n        ^"
        ) { _ in try fetch("User", "age > > 3") },
        BadInput(
            "unclosed parenthesis",
            "predicate syntax error at 1:9: expected \")\", found the end\n  (age > 1\n          ^"
        ) { _ in try fetch("User", "(age > 1") },
        BadInput(
            "unterminated string",
            "predicate syntax error at 1:9: expected a closing \', found the end\n  name == \'abc\n          ^"
        ) { _ in try fetch("User", "name == 'abc") },
        BadInput(
            "unclosed list",
            "predicate syntax error at 1:13: expected \"}\", found the end\n  age IN {1, 2\n              ^"
        ) { _ in try fetch("User", "age IN {1, 2") },
        BadInput(
            "unknown option",
            "predicate syntax error at 1:16: expected options such as [c], [d] or [cd], found \"[x\"\n  name BEGINSWITH[x] \'a\'\n                 ^"
        ) { _ in try fetch("User", "name BEGINSWITH[x] 'a'") },
        BadInput(
            "missing argument",
            "predicate syntax error at 1:9: expected an argument for %@ (too few arguments), found %@\n  name == %@\n          ^"
        ) { _ in try fetch("User", "name == %@") },
        BadInput(
            "NUL in the format",
            "predicate syntax error at 1:9: expected a token, found \"\\u{0}\"\n  name == ?\n          ^"
        ) { _ in try fetch("User", "name == \u{0}") },
        BadInput(
            "nesting past 20 levels",
            "predicate syntax error at 1:22: expected at most 20 levels of nesting, found \"(\"\n  ((((((((((((((((((((((((((((((age > 1))))))))))))))))))))))))))))))\n                       ^"
        ) { _ in
            try fetch(
                "User",
                String(repeating: "(", count: 30) + "age > 1" + String(repeating: ")", count: 30))
        },
        BadInput(
            "unknown key",
            "fetch: entity User has no key path \"nmae\"; use a property "
                + "of User, or a path through its to-one relationships (names are "
                + "case-sensitive)"
        ) { _ in try fetch("User", "nmae == 'a'") },
        BadInput(
            "unknown key through a to-one",
            "fetch: entity Post has no key path \"author.nmae\"; use a property "
                + "of Post, or a path through its to-one relationships (names are "
                + "case-sensitive)"
        ) { _ in try fetch("Post", "author.nmae == 'a'") },
        BadInput(
            "to-many without ANY",
            "fetch: key path \"posts.title\" of entity User goes through a to-many relationship; compare "
                + "with ANY, ALL or NONE, use SUBQUERY, or count it with @count"
        ) { _ in try fetch("User", "posts.title == 'a'") },
        BadInput(
            "key through an attribute",
            "fetch: entity User has no key path \"name.length\"; use a property "
                + "of User, or a path through its to-one relationships (names are "
                + "case-sensitive)"
        ) { _ in try fetch("User", "name.length > 1") },
        BadInput(
            "unknown entity",
            "fetch: \"Usr\" is not an entity of the model; use a name from the model's "
                + "entitiesByName (names are case-sensitive)"
        ) { _ in try fetch("Usr", "name == 'a'") },
        BadInput(
            "string compared with a number",
            "fetch: key path \"age\" of entity User is compared with \"old\", expected Int64; pass a value of that type"
        ) { _ in try fetch("User", "age == 'old'") },
        BadInput(
            "number compared with a string attribute",
            "fetch: key path \"name\" of entity User is compared with 5, expected String; pass a value of that type"
        ) { _ in try fetch("User", "name > 5") },
        BadInput(
            "unbound variable",
            "fetch: variable $LIMIT has no value; substitute it with withSubstitutionVariables(_:)"
        ) { _ in try fetch("User", "age > $LIMIT") },
    ]

    @Test("predicates, key paths and compared values", arguments: syntax)
    func predicates(_ input: BadInput) throws { try input.check() }

    static let values: [BadInput] = [
        BadInput(
            "a string for an integer attribute",
            "User.age: expected a value of type Int64, got String; pass one of that type"
        ) { _ in try set("old", "age", on: "User") },
        BadInput(
            "a number for a string attribute",
            "User.name: expected a value of type String, got Int; pass one of that type"
        ) { _ in try set(5, "name", on: "User") },
        BadInput(
            "an unknown key",
            "entity User has no property \"nmae\"; use one of its attribute or "
                + "relationship names (case-sensitive)"
        ) { _ in try set(5, "nmae", on: "User") },
        BadInput(
            "a user where a post is due",
            "Post.author: expected a value of type User, got Tag; pass one of that type"
        ) { _ in
            try inContext { context in
                try context.insertNewObject(forEntityName: "Post").setCheckedValue(
                    context.insertNewObject(forEntityName: "Tag"), forKey: "author")
            }
        },
        BadInput(
            "a batch update of a string into an integer",
            "User.age: expected a value of type Int64, got String; pass one of that type"
        ) { _ in
            let request = BatchUpdateRequest(entityName: "User")
            request.propertiesToUpdate = ["age": "old"]
            try inContext { _ = try $0.execute(request) }
        },
        BadInput(
            "a batch insert of an unknown key",
            "entity User has no property \"nmae\"; use one of its attribute or "
                + "relationship names (case-sensitive)"
        ) { _ in
            let request = BatchInsertRequest(entityName: "User", objects: [["nmae": "a"]])
            try inContext { _ = try $0.execute(request) }
        },
        BadInput(
            "a sort on an unknown key",
            "fetch: entity User has no key path \"nmae\"; use a property "
                + "of User, or a path through its to-one relationships (names are "
                + "case-sensitive)"
        ) { _ in
            let request = FetchRequest(entityName: "User")
            request.sortDescriptors = [SortKey("nmae", ascending: true)]
            try inContext { _ = try $0.fetch(request) }
        },
    ]

    @Test("values of the wrong type and unknown keys", arguments: values)
    func wrongValues(_ input: BadInput) throws { try input.check() }
}
