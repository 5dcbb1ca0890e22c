import Foundation
import ObjectGraph

/// The test social model's entities as typed subclasses.
final class TypedUser: ManagedObject {
    @Attribute var name: String?
    @Attribute var age: Int64
    @Relationship var posts: Set<TypedPost>
}

final class TypedPost: ManagedObject {
    @Attribute var title: String?
    @Attribute var score: Double
    @Attribute var published: Date?
    @Attribute var isDraft: Bool
    @Relationship var author: TypedUser?
    @Relationship var tags: Set<TypedTag>
}

final class TypedTag: ManagedObject {
    @Attribute var name: String?
    @Relationship var posts: Set<TypedPost>
}

/// An ordered to-many: Playlist 1-N Song.
final class Playlist: ManagedObject {
    @Attribute var name: String?
    @Relationship var songs: [Song]
}

final class Song: ManagedObject {
    @Attribute var title: String?
    @Relationship var playlist: Playlist?
}

/// Every attribute type, each as a Swift type that holds it.
final class Sample: ManagedObject {
    @Attribute var i16: Int16
    @Attribute var i32: Int32
    @Attribute var i64: Int
    @Attribute var double: Double
    @Attribute var float: Float
    @Attribute var decimal: Decimal?
    @Attribute var string: String?
    @Attribute var flag: Bool
    @Attribute var date: Date?
    @Attribute var blob: Data?
    @Attribute var uuid: UUID?
    @Attribute var url: URL?
}

enum TypedFixtures {
    /// ``Fixtures/social`` with a class per entity.
    static let social = makeSocial()

    /// A new ``social``: its entities' typed property tables start empty.
    static func makeSocial() -> ManagedObjectModel {
        ManagedObjectModel(
            entities: Fixtures.social.entities.map { description in
                var typed = description
                typed.managedObjectClass =
                    switch description.name {
                    case "User": TypedUser.self
                    case "Post": TypedPost.self
                    default: TypedTag.self
                    }
                return typed
            })
    }

    static let media = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Playlist", managedObjectClass: Playlist.self,
            attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "songs", destination: "Song", inverse: "playlist", isToMany: true,
                    isOrdered: true)
            ]),
        EntityDescription(
            name: "Song", managedObjectClass: Song.self,
            attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(name: "playlist", destination: "Playlist", inverse: "songs")
            ]),
    ])

    static let samples = ManagedObjectModel(
        entities: ManagedObjectTests.allTypes.entities.map { description in
            var typed = description
            typed.managedObjectClass = Sample.self
            typed.attributes.removeAll { $0.name == "count" }
            return typed
        })
}
