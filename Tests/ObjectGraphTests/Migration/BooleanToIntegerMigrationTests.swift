import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// A shipped lightweight step: a Boolean attribute becomes an Integer 32 under a new
/// name, found through its renaming identifier, with no mapping model. Core Data's
/// inferred mapping copies each attribute with the value expression
/// `$source.<name>` (Apple, "Core Data Model Versioning and Data Migration
/// Programming Guide", Mapping Overview: property mappings), and a Boolean's value is
/// an `NSNumber` 0 or 1, which an Integer 32 attribute holds as it is; the app that
/// ships this step migrates it on iOS in its own tests (issue 28, item 7).
@Suite struct BooleanToIntegerMigrationTests {
    static let v1 = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Task",
            attributes: [
                AttributeDescription(name: "title", type: .string),
                AttributeDescription(name: "isDone", type: .boolean),
            ])
    ])
    static let v2: ManagedObjectModel = {
        var state = AttributeDescription(name: "state", type: .integer32)
        state.renamingIdentifier = "isDone"
        return ManagedObjectModel(entities: [
            EntityDescription(
                name: "Task",
                attributes: [AttributeDescription(name: "title", type: .string), state])
        ])
    }()

    @Test("Boolean to Integer 32 through a renaming identifier migrates; 0 and 1 are kept")
    func migrates() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let seeded = try MigrationFixture.open(path, model: Self.v1)
        try seeded.viewContext.performAndWait {
            for (title, done) in [("a", true), ("b", false), ("c", true)] {
                let task = seeded.viewContext.insertNewObject(forEntityName: "Task")
                task.setValue(title, forKey: "title")
                task.setValue(done, forKey: "isDone")
            }
            try seeded.viewContext.save()
        }
        let migrated = try MigrationFixture.open(path, model: Self.v2, sources: [Self.v1])
        #expect(migrated.migrationReports.count == 1)
        #expect(
            try MigrationFixture.rows(path, "SELECT ZTITLE, ZSTATE FROM ZTASK ORDER BY ZTITLE")
                == [["a", "1"], ["b", "0"], ["c", "1"]])
        let states = try migrated.viewContext.performAndWait {
            try migrated.viewContext.fetch(FetchRequest(entityName: "Task")).map {
                // Integer attributes of every width read back as Int64.
                $0.value(forKey: "state") as? Int64
            }
        }
        #expect(states.compactMap { $0 }.sorted() == [0, 1, 1])
    }

    @Test("the reverse, Integer 32 to Boolean, is still refused: 2 has no Boolean meaning")
    func reverseRefused() throws {
        let toBoolean = ManagedObjectModel(entities: [
            EntityDescription(
                name: "Task",
                attributes: [
                    AttributeDescription(name: "title", type: .string),
                    AttributeDescription(name: "state", type: .boolean),
                ])
        ])
        let error = #expect(throws: MigrationError.self) {
            try InferredMapping(from: Self.v2, to: toBoolean)
        }
        #expect("\(error!)".contains("changes type from integer32 to boolean"))
    }
}
