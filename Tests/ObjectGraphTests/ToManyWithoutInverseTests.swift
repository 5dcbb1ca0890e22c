import Foundation
import ObjectGraph
import Testing

/// A to-many without an inverse: Core Data loads such a model with a warning
/// ("should have an inverse"), it does not refuse it. Apple's Core Data Programming
/// Guide, "Creating Managed Object Relationships": "You should typically model
/// relationships in both directions" — typically, not always; unidirectional
/// relationships are allowed and Xcode only warns.
@Suite struct ToManyWithoutInverseTests {
    static let model = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Folder", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(name: "notes", destination: "Note", isToMany: true)
            ]),
        EntityDescription(
            name: "Note", attributes: [AttributeDescription(name: "title", type: .string)]),
    ])

    @Test("the model is valid, with one warning naming the entity and relationship")
    func warns() throws {
        try Self.model.validate()
        #expect(
            Self.model.validationWarnings == [
                .toManyWithoutInverse(entity: "Folder", relationship: "notes")
            ])
        #expect(
            Self.model.validationWarnings[0].description.hasPrefix(
                "relationship \"notes\" of entity \"Folder\": a to-many without an inverse"))
    }

    @Test("members are saved in a join table and read back; the destination is untouched")
    func savesAndReads() throws {
        let log = LogLines()
        let container = try Fixtures.container(model: Self.model, log: log)
        try inContext(container) { context in
            let folder = context.insertNewObject(forEntityName: "Folder")
            let first = context.insertNewObject(forEntityName: "Note")
            let second = context.insertNewObject(forEntityName: "Note")
            folder.setValue(Set([first, second]), forKey: "notes")
            try context.save()
            #expect(
                log.sql.filter {
                    $0 == "INSERT INTO Z_1NOTES(Z_1INVERSE_NOTES, Z_2NOTES) VALUES(?, ?)"
                }.count == 2)
            #expect(!log.sql.contains { $0.hasPrefix("UPDATE ZNOTE") })
            context.reset()
            let folders = try context.fetch(FetchRequest(entityName: "Folder"))
            let notes = try #require(folders.first?.value(forKey: "notes") as? Set<ManagedObject>)
            #expect(notes.count == 2)
            try folders[0].removeObject(notes.first!, fromRelationship: "notes")
            try context.save()
            context.reset()
            let reread = try context.fetch(FetchRequest(entityName: "Folder"))[0]
            #expect((reread.value(forKey: "notes") as? Set<ManagedObject>)?.count == 1)
        }
    }
}
