// The libFuzzer entry point for the predicate language, built by scripts/fuzz predicates
// together with the ObjectGraph sources (not part of the Swift package's targets).
import Foundation
import ObjectGraph

/// A store with a small User-Post-Tag graph, built once: parsed predicates are fetched
/// from it (SQL compiler and SQLite) and evaluated on its objects (in memory).
final class FuzzStore {
    let context: ManagedObjectContext
    var objects: [ManagedObject] = []

    init() {
        let model = ManagedObjectModel(entities: [
            EntityDescription(
                name: "User",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "age", type: .integer64),
                ],
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
        let container = PersistentContainer(name: "Fuzz", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        do { try container.loadPersistentStores() } catch { fatalError("\(error)") }
        context = container.newBackgroundContext()
        context.performAndWait { seed() }
    }

    private func seed() {
        let user = context.insertNewObject(forEntityName: "User")
        user.setValue("ann", forKey: "name")
        user.setValue(Int64(30), forKey: "age")
        let post = context.insertNewObject(forEntityName: "Post")
        post.setValue("Café", forKey: "title")
        post.setValue(2.5, forKey: "score")
        post.setValue(user, forKey: "author")
        let tag = context.insertNewObject(forEntityName: "Tag")
        tag.setValue("swift", forKey: "name")
        post.setValue(Set([tag]), forKey: "tags")
        do { try context.save() } catch { fatalError("\(error)") }
        objects = [user, post, tag]
    }

    /// Fetches and evaluates `predicate` on every entity; errors are expected outcomes.
    func exercise(_ predicate: FetchPredicate) {
        context.performAndWait {
            for object in objects {
                let request = FetchRequest(entityName: object.entityName)
                request.predicate = predicate
                _ = try? context.fetch(request)
                _ = try? predicate.evaluate(with: object)
            }
        }
    }
}

nonisolated(unsafe) let store = FuzzStore()

/// The arguments a fuzzed format string gets, in order; arguments beyond its
/// specifiers are ignored, as Apple's parser ignores them.
nonisolated(unsafe) let fuzzArguments: [Any?] = [
    "name", 3, 2.5, "x", Double.infinity, ["a", 1], "posts", "@count", nil, [[1], 2],
]

/// Parses the input as a format string, then compiles and evaluates what parses; any
/// crash, hang or sanitizer report is a bug. Syntax errors (the nesting limit among
/// them) are the expected outcome for most inputs, and their descriptions (caret
/// drawing) are rendered too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let format = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let predicate = try FetchPredicate(format: format, argumentArray: fuzzArguments)
        _ = predicate.description
        store.exercise(predicate)
        store.exercise(
            try predicate.withSubstitutionVariables(["x": 1, "name": "a", "LOW": 1, "HIGH": [2]]))
    } catch let error as PredicateSyntaxError {
        _ = error.description
    } catch {
        return 0
    }
    return 0
}
