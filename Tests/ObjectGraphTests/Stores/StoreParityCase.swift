import Foundation
import ObjectGraph
import Testing

/// One piece of work that gives the same rows, SQL and statement counts on every store
/// type; returns what it read, as text.
struct StoreParityCase: CustomTestStringConvertible, Sendable {
    let name: String
    let run: @Sendable (ManagedObjectContext) throws -> [String]

    var testDescription: String { name }

    /// Users `u0`…`u3` with three posts each (`p<user>-<n>`), and tags `t0`…`t2`, tag
    /// `t<k>` on every post whose number is at least k.
    static func seed(_ container: PersistentContainer) throws {
        try Fixtures.seed(container, users: 4, posts: 3)
        try inContext(container) { context in
            let tags = (0..<3).map { index in
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue("t\(index)", forKey: "name")
                return tag
            }
            for post in try context.fetch(FetchRequest(entityName: "Post")) {
                let number = Int(((post.value(forKey: "title") as? String) ?? "").suffix(1)) ?? 0
                post.setValue(Set(tags.prefix(number + 1)), forKey: "tags")
            }
            try context.save()
        }
    }

    static func titles(_ objects: some Sequence<ManagedObject>) -> [String] {
        objects.map { ($0.value(forKey: "title") as? String) ?? "nil" }
    }

    static func posts(_ configure: @escaping @Sendable (FetchRequest<ManagedObject>) throws -> Void)
        -> @Sendable (ManagedObjectContext) throws -> [String]
    {
        { context in
            let request = FetchRequest(entityName: "Post")
            try configure(request)
            return titles(try context.fetch(request))
        }
    }
}
