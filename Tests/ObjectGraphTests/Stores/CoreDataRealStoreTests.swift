import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import ObjectGraph

/// Stores Core Data wrote, as duckduckgo/BrowserServicesKit commits them for its own
/// tests (Tests/Fixtures/DuckDuckGo-BrowserServicesKit, Apache-2.0; each store with
/// the `-wal` that holds its rows): opened with the app's model, read and saved under
/// the names Core Data gave them (docs/STORES.md). Expected values are the rows the
/// files hold, read with SQL, never the engine's output.
@Suite struct CoreDataRealStoreTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DuckDuckGo-BrowserServicesKit")

    /// A copy of the fixture store `name` and its `-wal` in `directory`.
    private func copy(_ name: String, into directory: TemporaryDirectory) throws -> String {
        let path = directory.path(name)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(name + suffix),
                to: URL(fileURLWithPath: path + suffix))
        }
        return path
    }

    private func container(_ path: String, bundle: String, version: String) throws
        -> PersistentContainer
    {
        let models = try XcodeModelBundle(at: Self.fixtures.appendingPathComponent(bundle))
        let container = PersistentContainer(
            name: "fixture", model: try models.loadVersion(named: version).makeModel())
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        return container
    }

    private func titles(_ value: Any?) -> [String] {
        ((value as? [ManagedObject]) ?? []).map { ($0.value(forKey: "title") as? String) ?? "?" }
    }

    @Test(
        "Bookmarks_V5.sqlite: the ordered self many-to-many Core Data named Z_1FAVORITES (the greater name) reads and saves"
    )
    func orderedSelfManyToMany() throws {
        let directory = try TemporaryDirectory()
        let path = try copy("Bookmarks_V5.sqlite", into: directory)
        // The file: Z_1FAVORITES (Z_1FAVORITEFOLDERS, Z_1FAVORITES, Z_FOK_1FAVORITES) holds
        // folder 6 (favorites_root) -> 3, 1, 9, 2, 10 at 2048…6144, titled 5, 4, 33, 32, 2;
        // bookmarks_root (8) has children 5, 10, 4, 1, 3 by Z_FOK_PARENT, titled 1 to 5.
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT Z_1FAVORITES FROM Z_1FAVORITES WHERE Z_1FAVORITEFOLDERS = 6 ORDER BY Z_FOK_1FAVORITES"
            ) == [["3"], ["1"], ["9"], ["2"], ["10"]])
        let container = try container(
            path, bundle: "BookmarksModel.xcdatamodeld", version: "BookmarksModel 5")
        #expect(container.migrationReports.isEmpty)
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let request = FetchRequest(entityName: "BookmarkEntity")
            request.predicate = try FetchPredicate(format: "uuid ENDSWITH %@", "_root")
            request.sortDescriptors = [SortKey("uuid")]
            let roots = try context.fetch(request)
            let (bookmarks, favorites) = (roots[0], roots[1])
            #expect(titles(bookmarks.value(forKey: "children")) == ["1", "2", "3", "4", "5"])
            let members = try #require(favorites.value(forKey: "favorites") as? [ManagedObject])
            #expect(titles(members) == ["5", "4", "33", "32", "2"])
            let folders = members[0].value(forKey: "favoriteFolders") as? Set<ManagedObject>
            #expect(folders?.map { $0.value(forKey: "uuid") as? String } == ["favorites_root"])
            // Drop "32", move "2" to the front.
            favorites.setValue(
                [members[4], members[0], members[1], members[2]], forKey: "favorites")
            try context.save()
        }
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT Z_1FAVORITES FROM Z_1FAVORITES WHERE Z_1FAVORITEFOLDERS = 6 ORDER BY Z_FOK_1FAVORITES"
            ) == [["10"], ["3"], ["1"], ["9"]])
        // Written to Core Data's table; no table under the other (lesser) name appeared.
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT count(*) FROM sqlite_master WHERE name = 'Z_1FAVORITEFOLDERS'") == [["0"]])
    }

    @Test(
        "SyncMetadata_V3.sqlite: entities Core Data numbered case-insensitively open without migration and save"
    )
    func caseInsensitiveNumbering() throws {
        let directory = try TemporaryDirectory()
        let path = try copy("SyncMetadata_V3.sqlite", into: directory)
        // The file numbers 1 SyncableSettingsMetadata, 2 SyncFeatureEntity.
        #expect(
            try MigrationFixture.rows(path, "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_ENT")
                == [["1", "SyncableSettingsMetadata"], ["2", "SyncFeatureEntity"]])
        let container = try container(
            path, bundle: "SyncMetadata.xcdatamodeld", version: "SyncMetadata 3")
        #expect(container.migrationReports.isEmpty)
        // Its WAL holds two features (TestFeature-01, -02) and two settings.
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let request = FetchRequest(entityName: "SyncFeatureEntity")
            request.sortDescriptors = [SortKey("name")]
            #expect(
                try context.fetch(request).map { $0.value(forKey: "name") as? String }
                    == ["TestFeature-01", "TestFeature-02"])
            #expect(
                try context.count(for: FetchRequest(entityName: "SyncableSettingsMetadata")) == 2)
            let feature = context.insertNewObject(forEntityName: "SyncFeatureEntity")
            feature.setValue("bookmarks", forKey: "name")
            try context.save()
        }
        #expect(
            try MigrationFixture.rows(
                path, "SELECT Z_PK, Z_ENT, ZNAME FROM ZSYNCFEATUREENTITY ORDER BY Z_PK")
                == [
                    ["1", "2", "TestFeature-02"], ["2", "2", "TestFeature-01"],
                    ["3", "2", "bookmarks"],
                ])
        #expect(
            try MigrationFixture.rows(path, "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 2")
                == [["3"]])
    }
}
