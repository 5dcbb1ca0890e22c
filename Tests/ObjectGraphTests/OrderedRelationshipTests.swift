import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

@Suite struct OrderedRelationshipTests {
    /// Playlist 1-N Song (ordered), Album N-M Photo (ordered on the album side).
    static let media = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Playlist",
            relationships: [
                RelationshipDescription(
                    name: "songs", destination: "Song", inverse: "playlist", isToMany: true,
                    isOrdered: true)
            ]),
        EntityDescription(
            name: "Song", attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(name: "playlist", destination: "Playlist", inverse: "songs")
            ]),
        EntityDescription(
            name: "Album",
            relationships: [
                RelationshipDescription(
                    name: "photos", destination: "Photo", inverse: "albums", isToMany: true,
                    isOrdered: true)
            ]),
        EntityDescription(
            name: "Photo", attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "albums", destination: "Album", inverse: "photos", isToMany: true)
            ]),
    ])

    private func titles(_ value: Any?) -> [String] {
        ((value as? [ManagedObject]) ?? []).compactMap { $0.value(forKey: "title") as? String }
    }

    private func make(_ context: ManagedObjectContext, _ entity: String, _ titles: [String])
        -> [ManagedObject]
    {
        titles.map { title in
            let object = context.insertNewObject(forEntityName: entity)
            object.setValue(title, forKey: "title")
            return object
        }
    }

    @Test("an ordered one-to-many keeps its order in Z_FOK_ across saves and reorders")
    func orderedOneToMany() throws {
        let directory = try TemporaryDirectory()
        let container = PersistentContainer(name: "Media", model: Self.media)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: directory.url.appendingPathComponent("m.sqlite"))
        ]
        try container.loadPersistentStores()
        try inContext(container) { context in
            let playlist = context.insertNewObject(forEntityName: "Playlist")
            let songs = make(context, "Song", ["c", "a", "b"])
            playlist.setValue(songs, forKey: "songs")
            #expect(titles(playlist.value(forKey: "songs")) == ["c", "a", "b"])
            try context.save()
            context.reset()
            let reread = try context.fetch(FetchRequest(entityName: "Playlist"))[0]
            let members = try #require(reread.value(forKey: "songs") as? [ManagedObject])
            #expect(titles(members) == ["c", "a", "b"])
            reread.setValue([members[2], members[0], members[1]], forKey: "songs")
            try context.save()
            context.reset()
            let again = try context.fetch(FetchRequest(entityName: "Playlist"))[0]
            #expect(titles(again.value(forKey: "songs")) == ["b", "c", "a"])
        }
        let raw = try Connection(location: .file(directory.path("m.sqlite")))
        let columns = try raw.fetchAll("SELECT name FROM pragma_table_info('ZSONG')") {
            $0.string(at: 0)
        }
        #expect(columns.contains("Z_FOK_PLAYLIST"))
    }

    @Test("an ordered many-to-many keeps its order in the join table")
    func orderedManyToMany() throws {
        let container = try Fixtures.container(model: Self.media)
        try inContext(container) { context in
            let album = context.insertNewObject(forEntityName: "Album")
            let photos = make(context, "Photo", ["z", "x", "y"])
            album.setValue(photos, forKey: "photos")
            try context.save()
            context.reset()
            let reread = try context.fetch(FetchRequest(entityName: "Album"))[0]
            #expect(titles(reread.value(forKey: "photos")) == ["z", "x", "y"])
            let extra = make(context, "Photo", ["w"])[0]
            try extra.addObject(reread, toRelationship: "albums")
            try context.save()
            context.reset()
            let again = try context.fetch(FetchRequest(entityName: "Album"))[0]
            #expect(titles(again.value(forKey: "photos")) == ["z", "x", "y", "w"])
        }
    }
}
