import Foundation
import ObjectGraph

// A child process for the kill trials (ObjectGraphTests' StoreKillTests): it writes a
// store in a loop and prints a line after each committed transaction, until the test
// SIGKILLs it at a random moment. Started by the tests, never by users.
//
//   StoreTestHost save-loop STORE      saves k = 1, 2, …: inserts user u<k> with three
//                                      tagged posts, sets their score, deletes u<k-2>
//                                      (cascading to its posts), sets ledger's age to k
//   StoreTestHost batch-delete STORE   seeds 20 users with 10 posts each, then batch
//                                      deletes u<k mod 20> (cascade) and saves it back
//   … STORE binary                     the same on a binary store (StoreType.binary)
//   StoreTestHost migration …          the migration kill trials (MigrationTrials.swift)

let model = ManagedObjectModel(entities: [
    EntityDescription(
        name: "User",
        attributes: [
            AttributeDescription(name: "name", type: .string),
            AttributeDescription(name: "age", type: .integer64),
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

/// Prints `line` and flushes, so the parent knows what was committed before the kill.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func first(_ entity: String, named name: String, in context: ManagedObjectContext) throws
    -> ManagedObject?
{
    let request = FetchRequest(entityName: entity)
    request.predicate = try FetchPredicate(format: "name == %@", name)
    return try context.fetch(request).first
}

/// Inserts user `name` with `posts` posts titled `<name>-<i>`, each tagged with `tag`.
func insertUser(
    _ name: String, posts: Int, score: Double, tag: ManagedObject?, in context: ManagedObjectContext
) throws {
    let user = context.insertNewObject(forEntityName: "User")
    user.setValue(name, forKey: "name")
    for index in 0..<posts {
        let post = context.insertNewObject(forEntityName: "Post")
        post.setValue("\(name)-\(index)", forKey: "title")
        post.setValue(score, forKey: "score")
        post.setValue(user, forKey: "author")
        if let tag { try post.addObject(tag, toRelationship: "tags") }
    }
}

func saveLoop(_ context: ManagedObjectContext) throws {
    let ledger = context.insertNewObject(forEntityName: "User")
    ledger.setValue("ledger", forKey: "name")
    ledger.setValue(Int64(0), forKey: "age")
    let tag = context.insertNewObject(forEntityName: "Tag")
    tag.setValue("t", forKey: "name")
    try context.save()
    report("ready")
    for step in 1... {
        try insertUser("u\(step)", posts: 3, score: 0, tag: tag, in: context)
        if let previous = try first("User", named: "u\(step - 1)", in: context) {
            for post in previous.value(forKey: "posts") as! Set<ManagedObject> {
                post.setValue(Double(step), forKey: "score")
            }
        }
        if let old = try first("User", named: "u\(step - 2)", in: context) { context.delete(old) }
        ledger.setValue(Int64(step), forKey: "age")
        try context.save()
        report("saved \(step)")
    }
}

func batchDeleteLoop(_ context: ManagedObjectContext) throws {
    for index in 0..<20 { try insertUser("u\(index)", posts: 10, score: 1, tag: nil, in: context) }
    try context.save()
    context.reset()
    report("ready")
    for step in 0... {
        let name = "u\(step % 20)"
        let fetch = FetchRequest(entityName: "User")
        fetch.predicate = try FetchPredicate(format: "name == %@", name)
        _ = try context.execute(BatchDeleteRequest(fetchRequest: fetch))
        report("deleted \(step)")
        try insertUser(name, posts: 10, score: 1, tag: nil, in: context)
        try context.save()
        context.reset()
        report("restored \(step)")
    }
}

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "migration" {
    do {
        try migrationTrial(arguments[2], path: arguments[3])
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 3 || (arguments.count == 4 && arguments[3] == "binary") else {
    FileHandle.standardError.write(
        Data("usage: StoreTestHost save-loop|batch-delete STORE [binary]\n".utf8))
    exit(2)
}
let container = PersistentContainer(name: "Kill", model: model)
let storeURL = URL(fileURLWithPath: arguments[2])
container.persistentStoreDescriptions = [
    arguments.count == 4 ? .binary(url: storeURL) : PersistentStoreDescription(url: storeURL)
]
do {
    try container.loadPersistentStores()
    let context = container.newBackgroundContext()
    try context.performAndWait {
        switch arguments[1] {
        case "save-loop": try saveLoop(context)
        default: try batchDeleteLoop(context)
        }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
