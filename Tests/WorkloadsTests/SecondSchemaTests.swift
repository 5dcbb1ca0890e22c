import Foundation
import ObjectGraph
import TestSupport
import Testing
import Workloads

/// The generator is driven by the model: a schema with no plans at all, inheritance,
/// a required to-one and a many-to-many, is generated with defaults and reads back.
@Suite struct SecondSchemaTests {
    static let library = DatasetSchema(
        name: "library",
        model: ManagedObjectModel(entities: [
            EntityDescription(
                name: "Item", isAbstract: true,
                attributes: [
                    .init(name: "title", type: .string), .init(name: "added", type: .date),
                ],
                relationships: [
                    .init(name: "shelves", destination: "Shelf", inverse: "items", isToMany: true)
                ]),
            EntityDescription(
                name: "Book", parent: "Item",
                attributes: [
                    .init(name: "pages", type: .integer32), .init(name: "isbn", type: .uuid),
                ],
                relationships: [
                    .init(
                        name: "author", destination: "Author", inverse: "books", isOptional: false)
                ]),
            EntityDescription(
                name: "Magazine", parent: "Item",
                attributes: [.init(name: "issue", type: .integer16)]),
            EntityDescription(
                name: "Author",
                attributes: [
                    .init(name: "name", type: .string), .init(name: "rating", type: .double),
                ],
                relationships: [
                    .init(name: "books", destination: "Book", inverse: "author", isToMany: true)
                ]),
            EntityDescription(
                name: "Shelf", attributes: [.init(name: "label", type: .string)],
                relationships: [
                    .init(name: "items", destination: "Item", inverse: "shelves", isToMany: true)
                ]),
        ]),
        plans: ["Author": .init(count: .ratio(1, 5)), "Shelf": .init(count: .fixed(12))])

    @Test("a model-driven schema with inheritance generates and opens in the engine")
    func generatesAndReadsBack() throws {
        let directory = try TemporaryDirectory()
        let dataset = try DatasetCache(directory: directory.url).dataset(
            schema: Self.library, size: 100, seed: 9)
        #expect(
            dataset.manifest.counts == ["Book": 100, "Magazine": 100, "Author": 20, "Shelf": 12])
        let container = PersistentContainer(name: "Library", model: Self.library.model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: dataset.storePath))
        ]
        try container.loadPersistentStores()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            #expect(try context.count(for: FetchRequest(entityName: "Item")) == 200)
            let books = try context.fetch(FetchRequest(entityName: "Book"))
            #expect(books.count == 100)
            #expect(books.allSatisfy { $0.value(forKey: "author") != nil })
            let authors = try context.fetch(FetchRequest(entityName: "Author"))
            let written = authors.reduce(0) {
                $0 + (($1.value(forKey: "books") as? any Collection)?.count ?? 0)
            }
            #expect(written == 100)
            let shelves = try context.fetch(FetchRequest(entityName: "Shelf"))
            let shelved = shelves.reduce(0) {
                $0 + (($1.value(forKey: "items") as? any Collection)?.count ?? 0)
            }
            // Links are generated per concrete entity: the abstract Item's relationship is
            // written once for Book and once for Magazine.
            let links = dataset.manifest.links
            #expect(shelved == (links["Book.shelves"] ?? 0) + (links["Magazine.shelves"] ?? 0))
            #expect(shelved > 0)
        }
    }
}
