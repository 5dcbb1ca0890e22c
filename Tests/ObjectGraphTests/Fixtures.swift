import Foundation
import ObjectGraph
import Synchronization

/// The models and stores the ObjectGraph tests share.
enum Fixtures {
    /// User 1-N Post N-M Tag, with most attribute types.
    static let social = ManagedObjectModel(entities: [
        EntityDescription(
            name: "User",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "age", type: .integer64, isIndexed: true),
            ],
            relationships: [
                RelationshipDescription(
                    name: "posts", destination: "Post", inverse: "author", isToMany: true,
                    deleteRule: .cascade)
            ]),
        EntityDescription(
            name: "Post",
            attributes: [
                AttributeDescription(name: "title", type: .string),
                AttributeDescription(name: "score", type: .double),
                AttributeDescription(name: "published", type: .date),
                AttributeDescription(name: "isDraft", type: .boolean, defaultValue: false),
            ],
            relationships: [
                RelationshipDescription(name: "author", destination: "User", inverse: "posts"),
                RelationshipDescription(
                    name: "tags", destination: "Tag", inverse: "posts", isToMany: true),
            ]),
        EntityDescription(
            name: "Tag",
            attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "posts", destination: "Post", inverse: "tags", isToMany: true)
            ]),
    ])

    /// A loaded container over a private in-memory store.
    static func container(
        model: ManagedObjectModel = social, log: LogLines? = nil, level: Int = 1
    ) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Test", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        container.sqlDebugLog = log.map { SQLDebugLog(level: level, output: $0.sink) }
        try container.loadPersistentStores()
        return container
    }

    /// Saves `users` users with `posts` posts each (names `u<i>`, titles `p<i>-<j>`),
    /// then resets the seeding context so the row cache starts empty.
    static func seed(_ container: PersistentContainer, users: Int, posts: Int) throws {
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for index in 0..<users {
                let user = context.insertNewObject(forEntityName: "User")
                user.setValue("u\(index)", forKey: "name")
                user.setValue(Int64(20 + index), forKey: "age")
                for number in 0..<posts {
                    let post = context.insertNewObject(forEntityName: "Post")
                    post.setValue("p\(index)-\(number)", forKey: "title")
                    post.setValue(Double(number), forKey: "score")
                    post.setValue(user, forKey: "author")
                }
            }
            try context.save()
            context.reset()
        }
        container.resetStatistics()
    }
}

/// Collects SQL debug log lines.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// The output closure to hand to ``SQLDebugLog``.
    var sink: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }

    /// The `sql:` lines, without the prefix.
    var sql: [String] {
        all.compactMap { $0.hasPrefix("ObjectGraph: sql: ") ? String($0.dropFirst(18)) : nil }
    }

    /// Forgets the lines so far.
    func clear() {
        lines.withLock { $0.removeAll() }
    }
}

/// Runs `body` in a new background context of `container`.
func inContext<T>(_ container: PersistentContainer, _ body: (ManagedObjectContext) throws -> T)
    rethrows -> T
{
    let context = container.newBackgroundContext()
    return try context.performAndWait { try body(context) }
}
