import ObjectGraph
import Testing

/// Classes whose declarations do not fit the test model, one mistake each.
final class WrongType: ManagedObject {
    @Attribute var title: Int64
}

final class NoSuchAttribute: ManagedObject {
    @Attribute var subtitle: String?
}

final class AttributeOnRelationship: ManagedObject {
    @Attribute var author: String?
}

final class ToOneAsSet: ManagedObject {
    @Relationship var author: Set<TypedUser>
}

final class WrongDestination: ManagedObject {
    @Relationship var author: TypedTag?
}

final class NarrowInteger: ManagedObject {
    @Attribute var score: Int16
}

@Suite struct TypedClassCheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let objectClass: ManagedObject.Type
        let message: String
        var testDescription: String { "\(objectClass)" }
    }

    /// The test model with `Post`'s class replaced.
    private func model(post objectClass: ManagedObject.Type) -> ManagedObjectModel {
        ManagedObjectModel(
            entities: TypedFixtures.social.entities.map { description in
                var changed = description
                if description.name == "Post" { changed.managedObjectClass = objectClass }
                return changed
            })
    }

    @Test(
        "a typed property that does not fit its entity fails model validation, naming both",
        arguments: [
            Case(
                objectClass: WrongType.self,
                message: "class WrongType, property \"title\" (entity \"Post\"): declared Int64, "
                    + "but the attribute is string (read as String)"),
            Case(
                objectClass: NoSuchAttribute.self,
                message: "class NoSuchAttribute, property \"subtitle\" (entity \"Post\"): entity "
                    + "Post has no attribute or relationship \"subtitle\""),
            Case(
                objectClass: AttributeOnRelationship.self,
                message: "class AttributeOnRelationship, property \"author\" (entity \"Post\"): "
                    + "@Attribute on a relationship; use @Relationship"),
            Case(
                objectClass: ToOneAsSet.self,
                message: "class ToOneAsSet, property \"author\" (entity \"Post\"): declared "
                    + "Set<TypedUser> (unordered to-many), but the relationship is to-one"),
            Case(
                objectClass: WrongDestination.self,
                message: "class WrongDestination, property \"author\" (entity \"Post\"): declared "
                    + "Optional<TypedTag>, but destination User's objects are TypedUser"),
            Case(
                objectClass: NarrowInteger.self,
                message: "class NarrowInteger, property \"score\" (entity \"Post\"): declared "
                    + "Int16, but the attribute is double (read as Double)"),
        ])
    func badDeclaration(_ bad: Case) throws {
        let model = model(post: bad.objectClass)
        // The first error is the class's own; the classes pointing at Post follow.
        #expect(model.validationErrors.first?.description == bad.message)
        let container = PersistentContainer(name: "Bad", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        #expect(throws: ModelError.self) { try container.loadPersistentStores() }
    }

    @Test("a sub-entity's class must descend from its parent entity's class")
    func subEntityClass() {
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "Animal", managedObjectClass: TypedTag.self),
            EntityDescription(name: "Dog", parent: "Animal", managedObjectClass: TypedUser.self),
        ])
        #expect(
            model.validationErrors.map(\.description).contains(
                "entity \"Dog\": class TypedUser is not a subclass of its parent entity's class "
                    + "TypedTag"))
    }

    @Test("the typed test models are valid")
    func validModels() {
        #expect(TypedFixtures.social.validationErrors.isEmpty)
        #expect(TypedFixtures.media.validationErrors.isEmpty)
        #expect(TypedFixtures.samples.validationErrors.isEmpty)
    }
}
