import Foundation
import ObjectGraph
import Testing

@Suite struct ManagedObjectTests {
    static let allTypes = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Sample",
            attributes: [
                AttributeDescription(name: "i16", type: .integer16),
                AttributeDescription(name: "i32", type: .integer32),
                AttributeDescription(name: "i64", type: .integer64),
                AttributeDescription(name: "double", type: .double),
                AttributeDescription(name: "float", type: .float),
                AttributeDescription(name: "decimal", type: .decimal),
                AttributeDescription(name: "string", type: .string),
                AttributeDescription(name: "flag", type: .boolean),
                AttributeDescription(name: "date", type: .date),
                AttributeDescription(name: "blob", type: .binary),
                AttributeDescription(name: "uuid", type: .uuid),
                AttributeDescription(name: "url", type: .uri),
                AttributeDescription(name: "count", type: .integer64, defaultValue: 7),
            ])
    ])

    @Test("every attribute type round-trips through a save and a fresh fetch")
    func roundTrip() throws {
        let container = try Fixtures.container(model: Self.allTypes)
        let uuid = UUID()
        let date = Date(timeIntervalSinceReferenceDate: 12345.5)
        let values: [String: Any] = [
            "i16": Int16(-3), "i32": 70_000, "i64": Int64(1) << 40, "double": 2.5,
            "float": Float(1.25), "decimal": Decimal(string: "12.34")!, "string": "héllo",
            "flag": true, "date": date, "blob": Data([1, 2, 3]), "uuid": uuid,
            "url": URL(string: "https://example.com/a")!,
        ]
        try inContext(container) { context in
            let sample = context.insertNewObject(forEntityName: "Sample")
            #expect(sample.value(forKey: "count") as? Int64 == 7)
            for (key, value) in values { sample.setValue(value, forKey: key) }
            try context.save()
            context.reset()
            let fetched = try #require(try context.fetch(FetchRequest(entityName: "Sample")).first)
            #expect(fetched.value(forKey: "i16") as? Int64 == -3)
            #expect(fetched.value(forKey: "i32") as? Int64 == 70_000)
            #expect(fetched.value(forKey: "i64") as? Int64 == 1 << 40)
            #expect(fetched.value(forKey: "double") as? Double == 2.5)
            #expect(fetched.value(forKey: "float") as? Double == 1.25)
            #expect(fetched.value(forKey: "decimal") as? Decimal == Decimal(string: "12.34"))
            #expect(fetched.value(forKey: "string") as? String == "héllo")
            #expect(fetched.value(forKey: "flag") as? Bool == true)
            #expect(fetched.value(forKey: "date") as? Date == date)
            #expect(fetched.value(forKey: "blob") as? Data == Data([1, 2, 3]))
            #expect(fetched.value(forKey: "uuid") as? UUID == uuid)
            #expect(fetched.value(forKey: "url") as? URL == URL(string: "https://example.com/a"))
            #expect(fetched.value(forKey: "count") as? Int64 == 7)
        }
    }

    @Test("a value of the wrong type is an error naming entity, key, expected and actual type")
    func wrongType() throws {
        let container = try Fixtures.container()
        inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            #expect(
                throws: KeyValueError.wrongType(
                    entity: "User", key: "age", expected: "Int64", actual: "String")
            ) {
                try user.setCheckedValue("old", forKey: "age")
            }
            let tag = context.insertNewObject(forEntityName: "Tag")
            let post = context.insertNewObject(forEntityName: "Post")
            #expect(
                throws: KeyValueError.wrongType(
                    entity: "Post", key: "author", expected: "User", actual: "Tag")
            ) {
                try post.setCheckedValue(tag, forKey: "author")
            }
            #expect(user.value(forKey: "age") == nil)
            let error = KeyValueError.wrongType(
                entity: "User", key: "age", expected: "Int64", actual: "String")
            #expect(
                error.description
                    == "User.age: expected a value of type Int64, got String; pass one of that type"
            )
        }
    }

    @Test("an unknown key is an error naming the entity and key")
    func unknownKey() throws {
        let container = try Fixtures.container()
        inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            #expect(throws: KeyValueError.unknownKey(entity: "User", key: "nickname")) {
                try user.checkedValue(forKey: "nickname")
            }
            #expect(throws: KeyValueError.unknownKey(entity: "User", key: "nickname")) {
                try user.setCheckedValue("x", forKey: "nickname")
            }
            #expect(
                throws: KeyValueError.notToOne(entity: "User", keyPath: "posts.title", key: "posts")
            ) {
                try user.checkedValue(forKeyPath: "posts.title")
            }
        }
    }

    @Test("setValue with a wrong type stops the program, as Core Data raises")
    func wrongTypeTraps() async {
        await #expect(processExitsWith: .failure) {
            let container = try Fixtures.container()
            inContext(container) { context in
                context.insertNewObject(forEntityName: "User").setValue(42, forKey: "name")
            }
        }
    }

    @Test("temporary IDs before save, permanent after, with URI forms")
    func objectIDs() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            let temporary = user.objectID
            #expect(temporary.isTemporaryID)
            #expect(temporary.uriRepresentation().absoluteString.hasPrefix("x-coredata:///User/t"))
            try context.save()
            let permanent = user.objectID
            #expect(!permanent.isTemporaryID)
            #expect(permanent.primaryKey == 1)
            #expect(
                permanent.uriRepresentation().absoluteString
                    == "x-coredata://\(permanent.storeIdentifier)/User/p1")
            #expect(context.object(with: permanent) === user)
            #expect(permanent != temporary)
        }
    }

    @Test("one instance per object ID per context")
    func uniquing() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 1)
        try inContext(container) { context in
            let first = try context.fetch(FetchRequest(entityName: "User"))
            let second = try context.fetch(FetchRequest(entityName: "User"))
            #expect(zip(first, second).allSatisfy { $0 === $1 })
            let post = try #require(try context.fetch(FetchRequest(entityName: "Post")).first)
            let author = try #require(post.value(forKey: "author") as? ManagedObject)
            #expect(first.contains { $0 === author })
        }
    }

    @Test("changedValues and committedValues")
    func changes() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        try inContext(container) { context in
            let user = try #require(try context.fetch(FetchRequest(entityName: "User")).first)
            #expect(try user.changedValues().isEmpty)
            user.setValue("renamed", forKey: "name")
            let changed = try user.changedValues()
            #expect(changed.count == 1)
            #expect(changed["name"] as? String == "renamed")
            #expect(try user.committedValues(forKeys: ["name"])["name"] as? String == "u0")
            #expect(user.value(forKey: "name") as? String == "renamed")
            user.setValue("u0", forKey: "name")
            #expect(try user.changedValues().isEmpty)
        }
    }

    @Test("committedValues of a fault whose row is gone throws, instead of answering defaults")
    func committedValuesOfDeletedRow() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let id = try inContext(container) {
            try $0.fetch(FetchRequest(entityName: "User"))[0].objectID
        }
        try inContext(container) { context in
            try context.delete(context.existingObject(with: id))
            try context.save()
        }
        inContext(container) { context in
            let fault = context.object(with: id)
            #expect(throws: KeyValueError.faultNotFulfilled(object: id)) {
                try fault.committedValues(forKeys: ["name"])
            }
        }
    }

    @Test("value(forKeyPath:) follows to-one relationships and stops at nil")
    func keyPaths() throws {
        let container = try Fixtures.container()
        inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("Alice", forKey: "name")
            let post = context.insertNewObject(forEntityName: "Post")
            #expect(post.value(forKeyPath: "author.name") == nil)
            post.setValue(user, forKey: "author")
            #expect(post.value(forKeyPath: "author.name") as? String == "Alice")
        }
    }
}
