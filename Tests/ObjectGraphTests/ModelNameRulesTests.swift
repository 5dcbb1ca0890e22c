import ObjectGraph
import Testing

@Suite struct ModelNameRulesTests {
    struct BadName: CustomTestStringConvertible, Sendable {
        let name: String
        let entities: [EntityDescription]
        let expected: ModelError
        var testDescription: String { name }
    }

    static let badNames: [BadName] = [
        BadName(
            name: "entity with a space",
            entities: [EntityDescription(name: "Blog Post")],
            expected: .invalidEntityName(
                entity: "Blog Post",
                reason: "contains a space; only letters, digits and underscores are allowed")),
        BadName(
            name: "attribute with a double quote",
            entities: [
                EntityDescription(
                    name: "User", attributes: [AttributeDescription(name: "na\"me", type: .string)])
            ],
            expected: .invalidPropertyName(
                entity: "User", property: "na\"me",
                reason: "contains '\\\"'; only letters, digits and underscores are allowed")),
        BadName(
            name: "entity starting with a lowercase letter",
            entities: [EntityDescription(name: "post")],
            expected: .invalidEntityName(
                entity: "post", reason: "must start with an uppercase letter (A-Z), not 'p'")),
        BadName(
            name: "relationship starting with an uppercase letter",
            entities: [
                EntityDescription(
                    name: "Post",
                    relationships: [RelationshipDescription(name: "Author", destination: "Post")])
            ],
            expected: .invalidPropertyName(
                entity: "Post", property: "Author",
                reason: "must start with a lowercase letter (a-z), not 'A'")),
        BadName(
            name: "reserved property name",
            entities: [
                EntityDescription(
                    name: "Note",
                    attributes: [AttributeDescription(name: "description", type: .string)])
            ],
            expected: .invalidPropertyName(
                entity: "Note", property: "description",
                reason: "is reserved: a managed object already answers to \"description\"")),
        BadName(
            name: "index name with a hyphen",
            entities: [
                EntityDescription(
                    name: "Note", attributes: [AttributeDescription(name: "title", type: .string)],
                    indexes: [
                        FetchIndexDescription(
                            name: "by-title", elements: [.init(property: "title")])
                    ])
            ],
            expected: .invalidIndexName(
                entity: "Note", index: "by-title",
                reason: "contains '-'; only letters, digits and underscores are allowed")),
        BadName(
            name: "empty property name",
            entities: [
                EntityDescription(
                    name: "Note", attributes: [AttributeDescription(name: "", type: .string)])
            ],
            expected: .invalidPropertyName(entity: "Note", property: "", reason: "is empty")),
    ]

    @Test(
        "names Xcode refuses are a ModelError at validate() and before any SQL", arguments: badNames
    )
    func refused(_ bad: BadName) throws {
        let model = ManagedObjectModel(entities: bad.entities)
        #expect(model.validationErrors == [bad.expected])
        #expect(throws: bad.expected) { try model.validate() }
        let container = PersistentContainer(name: "Bad", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        #expect(throws: bad.expected) { try container.loadPersistentStores() }
    }

    @Test("names Xcode accepts load, even those that are SQL keywords once prefixed")
    func accepted() throws {
        let model = ManagedObjectModel(entities: [
            EntityDescription(
                name: "Order_2",
                attributes: [
                    AttributeDescription(name: "order", type: .integer64),
                    AttributeDescription(name: "index", type: .integer64),
                    AttributeDescription(name: "deleted", type: .boolean),
                    AttributeDescription(name: "type_2", type: .string),
                ])
        ])
        #expect(model.validationErrors.isEmpty)
        let container = PersistentContainer(name: "Good", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        try container.loadPersistentStores()
    }

    @Test("the description says what, where, what is wrong and what to do")
    func description() {
        let error = ModelError.invalidEntityName(
            entity: "Blog Post",
            reason: "contains a space; only letters, digits and underscores are allowed")
        #expect(
            error.description
                == "entity \"Blog Post\": the name contains a space; only letters, digits and "
                + "underscores are allowed; rename the entity (Xcode's rules: an uppercase "
                + "letter, then letters, digits or underscores)")
    }
}
