import Foundation
import ObjectGraph
import Testing

/// A to-many fault collects its keys on the stack for up to 64 rows and spills the rest;
/// these pin what the fault returns on both sides of that limit: every member once,
/// in the store's order for an ordered relationship, from one SELECT of IDs only.
/// Core Data's to-many fault fetches the destination IDs and makes faults of them
/// (Apple, Core Data Programming Guide, "Faulting and Uniquing": a relationship fault
/// "represents the collection of objects"; the objects in it are faults until used).
@Suite struct ToManyFaultTests {
    /// Playlist 1-N Song, ordered.
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
    ])

    /// Saves a playlist of `count` songs titled `s<n>`, inserted in reverse title order
    /// so the store's order is not the key order, then reads it back after a reset.
    private func reread(count: Int, _ body: ([ManagedObject]) throws -> Void) throws {
        let container = try Fixtures.container(model: Self.media)
        try inContext(container) { context in
            let playlist = context.insertNewObject(forEntityName: "Playlist")
            let songs = (0..<count).reversed().map { number in
                let song = context.insertNewObject(forEntityName: "Song")
                song.setValue("s\(number)", forKey: "title")
                return song
            }
            playlist.setValue(songs, forKey: "songs")
            try context.save()
            context.reset()
            let fetched = try context.fetch(FetchRequest(entityName: "Playlist"))[0]
            let members = try #require(fetched.value(forKey: "songs") as? [ManagedObject])
            #expect(members.allSatisfy { $0.isFault })
            try body(members)
        }
    }

    @Test(
        "a to-many fault returns every member once, in store order, from one ID SELECT",
        arguments: [0, 1, 64, 65, 200])
    func members(count: Int) throws {
        try reread(count: count) { members in
            #expect(members.count == count)
            #expect(Set(members.map(\.objectID)).count == count)
            let titles = members.map { $0.value(forKey: "title") as? String ?? "" }
            #expect(titles == (0..<count).reversed().map { "s\($0)" })
        }
    }

    @Test("the fault's one SELECT reads IDs only")
    func oneSelect() throws {
        let log = LogLines()
        let container = try Fixtures.container(model: Self.media, log: log)
        try inContext(container) { context in
            let playlist = context.insertNewObject(forEntityName: "Playlist")
            playlist.setValue(
                (0..<100).map { _ in context.insertNewObject(forEntityName: "Song") },
                forKey: "songs")
            try context.save()
            context.reset()
            let fetched = try context.fetch(FetchRequest(entityName: "Playlist"))[0]
            let before = log.sql.count
            let members = try #require(fetched.value(forKey: "songs") as? [ManagedObject])
            #expect(members.count == 100)
            #expect(
                Array(log.sql.dropFirst(before)) == [
                    "SELECT 0, t0.Z_PK FROM ZSONG t0 WHERE t0.ZPLAYLIST = ? ORDER BY t0.Z_FOK_PLAYLIST"
                ])
        }
    }

    @Test("objects hash by identity: a Set holds each object once and finds every one")
    func identityHashing() throws {
        let container = try Fixtures.container(model: Self.media)
        inContext(container) { context in
            let songs = (0..<1_000).map { _ in context.insertNewObject(forEntityName: "Song") }
            var set = Set(songs)
            #expect(set.count == 1_000)
            #expect(songs.allSatisfy { set.contains($0) })
            #expect(set.insert(songs[7]).inserted == false)
            #expect(songs[7].hashValue == songs[7].hashValue)
            let other = context.insertNewObject(forEntityName: "Song")
            #expect(!set.contains(other))
            set.remove(songs[0])
            #expect(!set.contains(songs[0]) && set.count == 999)
        }
    }
}
