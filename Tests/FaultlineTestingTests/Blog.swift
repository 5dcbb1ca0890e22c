import FaultlineTesting
import ObjectGraph
import Testing

/// A small blog store for the trace-side tests: 3 users with 2 posts each, in memory.
/// Core Data indexes each to-one's foreign key (`ZPOST_ZAUTHOR_INDEX`,
/// coredata-reference.md §1), so `author == %@` searches the index and `title == …`
/// scans the table.
enum Blog {
    static let model = ManagedObjectModel(entities: [
        EntityDescription(
            name: "User",
            attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "posts", destination: "Post", inverse: "author", isToMany: true)
            ]),
        EntityDescription(
            name: "Post",
            attributes: [
                AttributeDescription(name: "title", type: .string),
                AttributeDescription(name: "score", type: .double),
            ],
            relationships: [
                RelationshipDescription(name: "author", destination: "User", inverse: "posts")
            ]),
    ])

    /// A loaded, seeded container; the seeding context is gone, so the row cache is
    /// empty and each object read runs its own SELECT.
    static func container() throws -> PersistentContainer {
        let container = PersistentContainer(name: "Blog", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        container.sqlDebugLog = nil
        try container.loadPersistentStores()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for index in 0..<3 {
                let user = context.insertNewObject(forEntityName: "User")
                user.setValue("u\(index)", forKey: "name")
                for number in 0..<2 {
                    let post = context.insertNewObject(forEntityName: "Post")
                    post.setValue("p\(index)-\(number)", forKey: "title")
                    post.setValue(Double(number), forKey: "score")
                    post.setValue(user, forKey: "author")
                }
            }
            try context.save()
            context.reset()
        }
        return container
    }

    /// Expects exactly one issue whose message starts with `prefix` while `body` runs.
    static func expectFailure(
        startingWith prefix: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () -> Void
    ) {
        withKnownIssue(sourceLocation: sourceLocation) {
            body()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix(prefix) }
        }
    }
}
