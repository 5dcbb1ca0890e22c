import Foundation
import ObjectGraph

/// A small fixed social graph for the predicate tests, saved into a fresh in-memory
/// store:
///
/// | user   | age | posts (score, draft, tags)                                 |
/// |--------|-----|------------------------------------------------------------|
/// | ann    | 30  | "Swift tips" (5, no, swift tips), "Café notes" (2.5, no, food) |
/// | bob    | 25  | "SQL joins" (4, yes, sql tips)                             |
/// | Céline | 41  | none                                                       |
///
/// The tag "empty" has no posts. Published dates are day 0, 1, 2 from 2001-01-01.
enum PredicateFixtures {
    /// Saves the graph through `context`, then resets it so fetches start cold.
    static func seed(_ context: ManagedObjectContext) throws {
        _ = insert(context)
        try context.save()
        context.reset()
    }

    /// Inserts the graph into `context` without saving; returns every object.
    static func insert(_ context: ManagedObjectContext) -> [ManagedObject] {
        let tags = Dictionary(
            uniqueKeysWithValues: ["swift", "tips", "food", "sql", "empty"].map { name in
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue(name, forKey: "name")
                return (name, tag)
            })
        let ann = user("ann", 30, context)
        let bob = user("bob", 25, context)
        let celine = user("Céline", 41, context)
        return Array(tags.values) + [ann, bob, celine] + [
            post(
                "Swift tips", 5, day: 0, draft: false, ann, [tags["swift"]!, tags["tips"]!], context
            ),
            post("Café notes", 2.5, day: 1, draft: false, ann, [tags["food"]!], context),
            post("SQL joins", 4, day: 2, draft: true, bob, [tags["sql"]!, tags["tips"]!], context),
        ]
    }

    private static func user(_ name: String, _ age: Int64, _ context: ManagedObjectContext)
        -> ManagedObject
    {
        let user = context.insertNewObject(forEntityName: "User")
        user.setValue(name, forKey: "name")
        user.setValue(age, forKey: "age")
        return user
    }

    private static func post(
        _ title: String, _ score: Double, day: Int, draft: Bool, _ author: ManagedObject,
        _ tags: [ManagedObject], _ context: ManagedObjectContext
    ) -> ManagedObject {
        let post = context.insertNewObject(forEntityName: "Post")
        post.setValue(title, forKey: "title")
        post.setValue(score, forKey: "score")
        post.setValue(draft, forKey: "isDraft")
        post.setValue(
            Date(timeIntervalSinceReferenceDate: Double(day) * 86_400), forKey: "published")
        post.setValue(author, forKey: "author")
        post.setValue(Set(tags), forKey: "tags")
        return post
    }

    /// The string key each entity's rows are named by in expectations.
    static func nameKey(of entity: String) -> String {
        entity == "Post" ? "title" : "name"
    }

    /// The name of an object in expectations: its name key, or "nil".
    static func label(_ object: ManagedObject) -> String {
        object.value(forKey: nameKey(of: object.entityName)) as? String ?? "nil"
    }

    /// The names of `objects`, sorted.
    static func names(_ objects: some Sequence<ManagedObject>, entity: String) -> [String] {
        objects.compactMap { $0.value(forKey: nameKey(of: entity)) as? String }.sorted()
    }
}
