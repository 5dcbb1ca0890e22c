import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// `RelationshipMapping.relatedObjects` and `EntityMapping.includesSubentities`, as
/// Xcode mapping models use them: one mapping per entity of a hierarchy, each reading
/// its own entity's objects, and relationships to the hierarchy set from whichever
/// mapping made each object.
@Suite("Related objects in custom migration")
struct RelatedObjectsMigrationTests {
    /// Item (Book is a sub-entity), Shelf with items (one-to-many) and favorite (a
    /// to-one into the hierarchy, so it has an entity column).
    static func model(itemTitle: String) -> ManagedObjectModel {
        ManagedObjectModel(entities: [
            EntityDescription(
                name: "Item", attributes: [AttributeDescription(name: itemTitle, type: .string)],
                relationships: [
                    RelationshipDescription(name: "shelf", destination: "Shelf", inverse: "items")
                ]),
            EntityDescription(
                name: "Book", parent: "Item",
                attributes: [AttributeDescription(name: "pages", type: .integer32)]),
            EntityDescription(
                name: "Shelf", attributes: [AttributeDescription(name: "label", type: .string)],
                relationships: [
                    RelationshipDescription(
                        name: "items", destination: "Item", inverse: "shelf", isToMany: true),
                    RelationshipDescription(name: "favorite", destination: "Item"),
                ]),
        ])
    }

    @Test("each entity's own objects once; to-ones into the hierarchy from either mapping")
    func hierarchy() throws {
        let (v1, v2) = (Self.model(itemTitle: "name"), Self.model(itemTitle: "title"))
        let directory = try TemporaryDirectory()
        let path = directory.path("shelves.sqlite")
        let container = try MigrationFixture.open(path, model: v1)
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let shelf = context.insertNewObject(forEntityName: "Shelf")
            shelf.setValue("top", forKey: "label")
            let item = context.insertNewObject(forEntityName: "Item")
            item.setValue("lamp", forKey: "name")
            item.setValue(shelf, forKey: "shelf")
            let book = context.insertNewObject(forEntityName: "Book")
            book.setValue("atlas", forKey: "name")
            book.setValue(Int64(300), forKey: "pages")
            book.setValue(shelf, forKey: "shelf")
            shelf.setValue(book, forKey: "favorite")
            try context.save()
        }
        func mapping(_ name: String, title: Bool) -> EntityMapping {
            var each = EntityMapping(
                name: name, source: name, destination: name,
                attributes: title ? ["title": .source("name")] : [:],
                relationships: name == "Shelf"
                    ? ["favorite": .relatedObjects(ofSourceRelationship: "favorite")]
                    : ["shelf": .relatedObjects(ofSourceRelationship: "shelf")])
            each.includesSubentities = false
            return each
        }
        let models = MappingModel(
            from: v1, to: v2,
            entityMappings: [
                mapping("Item", title: true), mapping("Book", title: true),
                mapping("Shelf", title: false),
            ])
        _ = try MigrationFixture.open(path, model: v2) { $0.mappingModels = [models] }
        #expect(
            try MigrationFixture.rows(
                path, "SELECT Z_ENT, ZTITLE, ZPAGES, ZSHELF FROM ZITEM ORDER BY ZTITLE")
                == [["2", "atlas", "300", "1"], ["1", "lamp", "nil", "1"]])
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT s.ZLABEL, i.ZTITLE, s.Z1_FAVORITE FROM ZSHELF s JOIN ZITEM i "
                    + "ON i.Z_PK = s.ZFAVORITE")
                == [["top", "atlas", "2"]])
    }

    @Test("an attribute read through to-ones (sourceKeyPath) is set in SQL, NULL past a nil")
    func keyPath() throws {
        let v1 = Self.model(itemTitle: "name")
        var entities = [
            EntityDescription(
                name: "Item",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "shelfLabel", type: .string),
                ],
                relationships: [
                    RelationshipDescription(name: "shelf", destination: "Shelf", inverse: "items")
                ])
        ]
        entities.append(
            EntityDescription(
                name: "Shelf", attributes: [AttributeDescription(name: "label", type: .string)],
                relationships: [
                    RelationshipDescription(
                        name: "items", destination: "Item", inverse: "shelf", isToMany: true)
                ]))
        let v2 = ManagedObjectModel(entities: entities)
        let directory = try TemporaryDirectory()
        let path = directory.path("shelves.sqlite")
        let container = try MigrationFixture.open(path, model: v1)
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let shelf = context.insertNewObject(forEntityName: "Shelf")
            shelf.setValue("top", forKey: "label")
            for (name, onShelf) in [("lamp", true), ("loose", false)] {
                let item = context.insertNewObject(forEntityName: "Item")
                item.setValue(name, forKey: "name")
                if onShelf { item.setValue(shelf, forKey: "shelf") }
            }
            try context.save()
        }
        let mapping = MappingModel(
            from: v1, to: v2,
            entityMappings: [
                EntityMapping(
                    name: "Item", source: "Item", destination: "Item",
                    attributes: ["shelfLabel": .sourceKeyPath("shelf.label")]),
                EntityMapping(name: "Shelf", source: "Shelf", destination: "Shelf"),
            ])
        _ = try MigrationFixture.open(path, model: v2) { $0.mappingModels = [mapping] }
        #expect(
            try MigrationFixture.rows(path, "SELECT ZNAME, ZSHELFLABEL FROM ZITEM ORDER BY ZNAME")
                == [["lamp", "top"], ["loose", "nil"]])
    }
}
