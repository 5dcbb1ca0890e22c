import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport

/// Version 1 of the migration tests' model and the stores made with it: 3 users with
/// 4 posts each (every third post without likes), 3 tags on the posts.
enum MigrationFixture {
    /// User(name, age; posts), Post(title, likes?, body; author, tags), Tag(name; posts).
    static let v1Entities: [EntityDescription] = [
        EntityDescription(
            name: "User",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "age", type: .integer32),
            ],
            relationships: [
                RelationshipDescription(
                    name: "posts", destination: "Post", inverse: "author", isToMany: true)
            ]),
        EntityDescription(
            name: "Post",
            attributes: [
                AttributeDescription(name: "title", type: .string, isIndexed: true),
                AttributeDescription(name: "likes", type: .integer32),
                AttributeDescription(name: "body", type: .string),
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
    ]

    static let v1 = ManagedObjectModel(entities: v1Entities)

    /// Version 1 changed by `edit`.
    static func v1(_ edit: (inout [EntityDescription]) -> Void) -> ManagedObjectModel {
        var entities = v1Entities
        edit(&entities)
        return ManagedObjectModel(entities: entities)
    }

    /// The index of the entity called `name` in `entities`.
    static func index(_ name: String, in entities: [EntityDescription]) -> Int {
        entities.firstIndex { $0.name == name }!
    }

    /// A version 1 store at `path` with the users, posts and tags.
    static func seed(_ path: String, model: ManagedObjectModel = v1) throws {
        let container = try open(path, model: model)
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let tags = (0..<3).map { number in
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue("tag\(number)", forKey: "name")
                return tag
            }
            for user in 0..<3 {
                let author = context.insertNewObject(forEntityName: "User")
                author.setValue("user\(user)", forKey: "name")
                author.setValue(Int64(20 + user), forKey: "age")
                for post in 0..<4 {
                    let number = user * 4 + post
                    let object = context.insertNewObject(forEntityName: "Post")
                    object.setValue("post\(number)", forKey: "title")
                    object.setValue(number % 3 == 0 ? nil : Int64(number), forKey: "likes")
                    object.setValue("body\(number)", forKey: "body")
                    object.setValue(author, forKey: "author")
                    object.setValue(Set([tags[number % 3]]), forKey: "tags")
                }
            }
            try context.save()
        }
    }

    /// A container on `path` with `model`, migrating from `sources`.
    static func open(
        _ path: String, model: ManagedObjectModel, sources: [ManagedObjectModel] = [],
        configure: (inout PersistentStoreDescription) -> Void = { _ in }
    ) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Migration", model: model)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.sourceModels = sources
        configure(&description)
        container.persistentStoreDescriptions = [description]
        container.sqlDebugLog = nil
        try container.loadPersistentStores()
        return container
    }

    /// Rows of `sql` on the store at `path`, each column as text ("nil" for NULL).
    static func rows(_ path: String, _ sql: SQL) throws -> [[String]] {
        let connection = try Connection(location: .file(path))
        return try connection.fetchAll(sql) { row in
            row.row().map { value -> String in
                switch value {
                case .null: "nil"
                case .integer(let number): String(number)
                case .real(let number): String(number)
                case .text(let text): text
                case .blob(let data): "<\(data.count) bytes>"
                }
            }
        }
    }

    /// The column names of `table` in the store at `path`.
    static func columns(_ path: String, _ table: String) throws -> Set<String> {
        Set(try rows(path, "SELECT name FROM pragma_table_info(\(table))").map { $0[0] })
    }

    /// Names of the tables (or indexes) in the store at `path`.
    static func schemaNames(_ path: String, type: String) throws -> Set<String> {
        Set(try rows(path, "SELECT name FROM sqlite_master WHERE type = \(type)").map { $0[0] })
    }

    /// Each post's title, likes, author name and tag names, sorted by title, read with
    /// `model`'s key-value access (through relationships, so faults and joins are
    /// exercised), `titleKey` naming the title attribute.
    static func posts(in container: PersistentContainer, titleKey: String = "title") throws
        -> [String]
    {
        try container.viewContext.performAndWait {
            try container.viewContext.fetch(FetchRequest(entityName: "Post")).map { post in
                let title = post.value(forKey: titleKey) as? String ?? "?"
                let likes = (post.value(forKey: "likes") as? Int64).map(String.init) ?? "nil"
                let author =
                    (post.value(forKey: "author") as? ManagedObject)?
                    .value(forKey: "name") as? String ?? "nil"
                let tags = (post.value(forKey: "tags") as? Set<ManagedObject> ?? [])
                    .compactMap { $0.value(forKey: "name") as? String }.sorted()
                return "\(title) \(likes) \(author) \(tags.joined(separator: ","))"
            }.sorted()
        }
    }

    /// ``posts(in:titleKey:)`` of a version 1 store, the reference.
    static let v1Posts: [String] = (0..<12).map { number in
        "post\(number) \(number % 3 == 0 ? "nil" : String(number)) user\(number / 4) tag\(number % 3)"
    }.sorted()
}
