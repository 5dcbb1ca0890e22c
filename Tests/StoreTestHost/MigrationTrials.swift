import Foundation
import ObjectGraph

// The migration kill trials' child (ObjectGraphTests' MigrationKillTests):
//
//   StoreTestHost migration seed STORE       a version 1 store: 100 users, 40 posts each, tagged
//   StoreTestHost migration migrate STORE    opens it with version 2 (prints "ready" first)
//   StoreTestHost migration defer STORE      the same with deferred cleanup
//   StoreTestHost migration finish STORE     finishes the deferred cleanup ("ready" first)
//   StoreTestHost migration check STORE      prints "v1 …" or "v2 …": the version the store
//                                            opens as, its counts and a digest of its rows

/// Version 2: an entity named first (every entity renumbered, so every table is copied)
/// and a required post attribute with a default (filled in every row).
let migrationTarget: ManagedObjectModel = {
    var entities = model.entities
    entities.append(
        EntityDescription(
            name: "Album", attributes: [AttributeDescription(name: "name", type: .string)]))
    entities[1].attributes.append(
        AttributeDescription(name: "status", type: .string, isOptional: false, defaultValue: "kept")
    )
    entities[1].attributes.removeAll { $0.name == "score" }
    return ManagedObjectModel(entities: entities)
}()

func migrationContainer(
    _ path: String, model chosen: ManagedObjectModel, deferred: Bool = false, migrating: Bool = true
) throws -> PersistentContainer {
    let container = PersistentContainer(name: "Migration", model: chosen)
    var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
    description.sourceModels = migrating ? [model] : []
    description.usesDeferredLightweightMigration = deferred
    container.persistentStoreDescriptions = [description]
    container.sqlDebugLog = nil
    try container.loadPersistentStores()
    return container
}

/// Runs one `migration` mode.
func migrationTrial(_ mode: String, path: String) throws {
    switch mode {
    case "seed":
        let context = try migrationContainer(path, model: model).newBackgroundContext()
        try context.performAndWait {
            let tag = context.insertNewObject(forEntityName: "Tag")
            tag.setValue("t", forKey: "name")
            for user in 0..<100 {
                try insertUser("u\(user)", posts: 40, score: Double(user), tag: tag, in: context)
            }
            try context.save()
        }
        report("seeded")
    case "migrate", "defer":
        report("ready")
        _ = try migrationContainer(path, model: migrationTarget, deferred: mode == "defer")
        report("migrated")
    case "finish":
        let container = try migrationContainer(path, model: migrationTarget)
        report("ready")
        try container.finishDeferredLightweightMigration()
        report("finished")
    default:
        let container: PersistentContainer
        let version: String
        do {
            container = try migrationContainer(path, model: migrationTarget, migrating: false)
            version = "v2"
        } catch StoreError.modelMismatch {
            container = try migrationContainer(path, model: model, migrating: false)
            version = "v1"
        }
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let posts = try context.fetch(FetchRequest(entityName: "Post")).map { post in
                let author =
                    (post.value(forKey: "author") as? ManagedObject)?
                    .value(forKey: "name") as? String ?? "-"
                let tags = (post.value(forKey: "tags") as? Set<ManagedObject>)?.count ?? -1
                return "\(post.value(forKey: "title") as? String ?? "-") \(author) \(tags)"
            }.sorted()
            var digest: UInt64 = 14_695_981_039_346_656_037
            for byte in posts.joined(separator: "\n").utf8 {
                digest = (digest ^ UInt64(byte)) &* 1_099_511_628_211
            }
            let pending = try container.pendingDeferredMigration().count
            report("\(version) posts \(posts.count) digest \(digest) pending \(pending)")
        }
    }
}
