import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Deferred lightweight migration (iOS 17): slow cleanup postponed, the app on the new
/// schema at once, the rest done by `finishDeferredLightweightMigration()`.
@Suite("Deferred migration")
struct DeferredMigrationTests {
    typealias Fixture = MigrationFixture

    /// Version 1 without Post.body and without tags, with User.age indexed.
    static let v2 = Fixture.v1 { entities in
        entities[1].attributes.removeAll { $0.name == "body" }
        entities[1].relationships.removeAll { $0.name == "tags" }
        entities.remove(at: 2)
        entities[0].attributes[1].isIndexed = true
    }

    private func deferred(_ path: String) throws -> PersistentContainer {
        try Fixture.open(path, model: Self.v2, sources: [Fixture.v1]) {
            $0.usesDeferredLightweightMigration = true
        }
    }

    @Test(
        "dropped columns and tables and new indexes wait; the store works on the new schema meanwhile"
    )
    func pendingThenFinished() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        try Fixture.seed(path)
        let container = try deferred(path)
        // Removing Tag renumbers User (3 to 2), so ZUSER is copied and its old table waits.
        let pending = [
            "column:ZPOST.ZBODY", "index:ZUSER_ZAGE_INDEX", "table:Z_MIG_ZTAG", "table:Z_MIG_ZUSER",
            "table:Z_MIG_Z_1TAGS",
        ]
        let items = try container.pendingDeferredMigration().map(\.description).sorted()
        #expect(items == pending)
        #expect(try Fixture.columns(path, "ZPOST").contains("ZBODY"))
        #expect(try Fixture.schemaNames(path, type: "table").contains("Z_MIG_ZTAG"))
        #expect(!(try Fixture.schemaNames(path, type: "index").contains("ZUSER_ZAGE_INDEX")))
        let plist = try #require(
            try Fixture.rows(path, "SELECT length(Z_PLIST) FROM Z_METADATA").first)
        #expect(plist != ["0"])
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue("after", forKey: "title")
            try context.save()
            #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: "Post")) == 13)
        }
        let reopened = try Fixture.open(path, model: Self.v2)
        let still = try reopened.pendingDeferredMigration().map(\.description).sorted()
        #expect(still == pending)

        try reopened.finishDeferredLightweightMigration()
        #expect(try reopened.pendingDeferredMigration().isEmpty)
        #expect(!(try Fixture.columns(path, "ZPOST").contains("ZBODY")))
        #expect(!(try Fixture.schemaNames(path, type: "table").contains { $0.hasPrefix("Z_MIG_") }))
        #expect(try Fixture.schemaNames(path, type: "index").contains("ZUSER_ZAGE_INDEX"))
        try reopened.finishDeferredLightweightMigration()
        #expect(try Fixture.rows(path, "SELECT count(*) FROM ZPOST") == [["13"]])
        #expect(try Fixture.rows(path, "PRAGMA integrity_check") == [["ok"]])
    }

    @Test("a new migration over pending cleanup does the cleanup first, in the same transaction")
    func migrationOverPendingCleanup() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        try Fixture.seed(path)
        _ = try deferred(path)
        var entities = Self.v2.entities
        entities[1].attributes.append(AttributeDescription(name: "body", type: .integer64))
        let v3 = ManagedObjectModel(entities: entities)
        let container = try Fixture.open(path, model: v3, sources: [Self.v2])
        #expect(try container.pendingDeferredMigration().isEmpty)
        #expect(
            try Fixture.rows(path, "SELECT count(*) FROM ZPOST WHERE ZBODY IS NOT NULL") == [["0"]])
        #expect(!(try Fixture.schemaNames(path, type: "table").contains { $0.hasPrefix("Z_MIG_") }))
    }

    @Test("without the option the same change cleans up at once")
    func notDeferred() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        try Fixture.seed(path)
        let container = try Fixture.open(path, model: Self.v2, sources: [Fixture.v1])
        #expect(try container.pendingDeferredMigration().isEmpty)
        #expect(container.migrationReports[0].deferred.isEmpty)
        #expect(!(try Fixture.columns(path, "ZPOST").contains("ZBODY")))
    }
}
