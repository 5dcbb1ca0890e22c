import ObjectGraph
import Testing

@Suite struct ManagedObjectModelTests {
    @Test("a valid model has no validation errors and validates")
    func validModel() throws {
        #expect(Fixtures.social.validationErrors.isEmpty)
        try Fixtures.social.validate()
    }

    struct BadModel: CustomTestStringConvertible, Sendable {
        let name: String
        let entities: [EntityDescription]
        let expected: ModelError
        var testDescription: String { name }
    }

    static let badModels: [BadModel] = [
        BadModel(
            name: "unknown destination",
            entities: [
                EntityDescription(
                    name: "Post",
                    relationships: [RelationshipDescription(name: "author", destination: "Usr")])
            ],
            expected: .unknownDestination(
                entity: "Post", relationship: "author", destination: "Usr")),
        BadModel(
            name: "inverse not on destination",
            entities: [
                EntityDescription(
                    name: "Post",
                    relationships: [
                        RelationshipDescription(
                            name: "author", destination: "User", inverse: "items")
                    ]),
                EntityDescription(name: "User"),
            ],
            expected: .missingInverse(entity: "Post", relationship: "author", inverse: "items")),
        BadModel(
            name: "mismatched inverse",
            entities: [
                EntityDescription(
                    name: "Post",
                    relationships: [
                        RelationshipDescription(
                            name: "author", destination: "User", inverse: "posts"),
                        RelationshipDescription(
                            name: "editor", destination: "User", inverse: "posts"),
                    ]),
                EntityDescription(
                    name: "User",
                    relationships: [
                        RelationshipDescription(
                            name: "posts", destination: "Post", inverse: "author", isToMany: true)
                    ]),
            ],
            expected: .mismatchedInverse(
                entity: "Post", relationship: "editor", inverse: "posts",
                reason: "names \"author\" as its inverse")),
        BadModel(
            name: "duplicate entity",
            entities: [EntityDescription(name: "User"), EntityDescription(name: "User")],
            expected: .duplicateEntity(name: "User")),
        BadModel(
            name: "duplicate property through inheritance",
            entities: [
                EntityDescription(
                    name: "Base", attributes: [AttributeDescription(name: "name", type: .string)]),
                EntityDescription(
                    name: "Child", parent: "Base",
                    attributes: [AttributeDescription(name: "name", type: .string)]),
            ],
            expected: .duplicateProperty(entity: "Child", property: "name")),
        BadModel(
            name: "unknown parent",
            entities: [EntityDescription(name: "Child", parent: "Missing")],
            expected: .unknownParent(entity: "Child", parent: "Missing")),
        BadModel(
            name: "default of the wrong type",
            entities: [
                EntityDescription(
                    name: "User",
                    attributes: [
                        AttributeDescription(name: "age", type: .integer16, defaultValue: "ten")
                    ])
            ],
            expected: .invalidDefaultValue(
                entity: "User", attribute: "age", expected: "Int64", actual: "String")),
    ]

    @Test("validation names the entity and property", arguments: badModels)
    func invalidModels(_ bad: BadModel) throws {
        let model = ManagedObjectModel(entities: bad.entities)
        #expect(model.validationErrors.first == bad.expected)
        #expect(throws: bad.expected) { try model.validate() }
        let container = PersistentContainer(name: "Bad", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        #expect(throws: bad.expected) { try container.loadPersistentStores() }
    }

    @Test("error descriptions are one line naming entity and property")
    func errorDescription() {
        let error = ModelError.unknownDestination(
            entity: "Post", relationship: "author", destination: "Usr")
        #expect(
            error.description
                == "relationship \"author\" of entity \"Post\": destination \"Usr\" is not an entity of the model"
        )
    }

    @Test("version hashes are stable and change with the schema")
    func versionHashes() {
        let again = ManagedObjectModel(entities: Fixtures.social.entities)
        #expect(again.versionHash == Fixtures.social.versionHash)
        #expect(again.entityVersionHashes == Fixtures.social.entityVersionHashes)
        var entities = Fixtures.social.entities
        entities[2].attributes.append(AttributeDescription(name: "color", type: .string))
        let changed = ManagedObjectModel(entities: entities)
        #expect(changed.versionHash != Fixtures.social.versionHash)
        #expect(changed.entityVersionHashes["Tag"] != Fixtures.social.entityVersionHashes["Tag"])
        #expect(changed.entityVersionHashes["User"] == Fixtures.social.entityVersionHashes["User"])
    }

    @Test("the version hash does not depend on declaration order")
    func orderIndependentHash() {
        let reversed = ManagedObjectModel(entities: Fixtures.social.entities.reversed())
        #expect(reversed.versionHash == Fixtures.social.versionHash)
    }
}
