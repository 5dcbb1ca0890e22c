import ObjectGraph
import Workloads

/// The social dataset's model and the versions the `migration` suite migrates it to.
///
/// Derived versions drop the typed classes (a renamed attribute would no longer match
/// `Post.title`'s wrapper); classes are not part of version hashes, so the source
/// model still matches stores the dataset generator wrote.
enum MigrationModels {
    /// Version 1: the social dataset's model.
    static let v1 = DatasetSchema.social.model

    /// Version 1 changed by `edit`, without typed classes.
    static func v1(_ edit: (inout [EntityDescription]) -> Void) -> ManagedObjectModel {
        var entities = v1.entities.map { entity -> EntityDescription in
            var plain = entity
            plain.managedObjectClass = nil
            return plain
        }
        edit(&entities)
        return ManagedObjectModel(entities: entities)
    }

    static func post(_ entities: [EntityDescription]) -> Int {
        entities.firstIndex { $0.name == "Post" }!
    }

    /// Post gains an optional `subtitle`: one ADD COLUMN.
    static let addAttribute = v1 { entities in
        entities[post(entities)].attributes.append(
            AttributeDescription(name: "subtitle", type: .string))
    }

    /// A new entity named to sort last: its table is created, nothing renumbered.
    static let addEntityLast = v1 { entities in
        entities.append(
            EntityDescription(
                name: "Zone", attributes: [AttributeDescription(name: "name", type: .string)]))
    }

    /// A new entity named to sort first: every entity is renumbered, so every table
    /// (and join table) is copied.
    static let addEntityFirst = v1 { entities in
        entities.append(
            EntityDescription(
                name: "Album", attributes: [AttributeDescription(name: "name", type: .string)]))
    }

    /// Post.title renamed `headline` (renaming identifier `title`): one RENAME COLUMN.
    static let rename = v1 { entities in
        let index = post(entities)
        let title = entities[index].attributes.firstIndex { $0.name == "title" }!
        var headline = AttributeDescription(name: "headline", type: .string)
        headline.renamingIdentifier = "title"
        entities[index].attributes[title] = headline
    }

    /// Post.likes indexed: one CREATE INDEX (reconciled at open; hashes do not change).
    static let addIndex = v1 { entities in
        let index = post(entities)
        let likes = entities[index].attributes.firstIndex { $0.name == "likes" }!
        entities[index].attributes[likes].isIndexed = true
    }

    /// Post.body removed (a DROP COLUMN, which rewrites the table) and Post.likes
    /// indexed: the cleanup deferred migration postpones.
    static let dropBody = v1 { entities in
        let index = post(entities)
        entities[index].attributes.removeAll { $0.name == "body" }
        let likes = entities[index].attributes.firstIndex { $0.name == "likes" }!
        entities[index].attributes[likes].isIndexed = true
    }

    /// Split step 2: Post.body kept, and a PostBody(text) entity related one-to-one.
    static let splitAdded = v1 { entities in
        entities[post(entities)].relationships.append(bodyRelationship)
        entities.append(postBody)
    }

    /// Split step 3: PostBody holds the text; Post.body is gone.
    static let split = v1 { entities in
        let index = post(entities)
        entities[index].relationships.append(bodyRelationship)
        entities[index].attributes.removeAll { $0.name == "body" }
        entities.append(postBody)
    }

    private static let bodyRelationship = RelationshipDescription(
        name: "bodyText", destination: "PostBody", inverse: "post", deleteRule: .cascade)

    private static let postBody = EntityDescription(
        name: "PostBody", attributes: [AttributeDescription(name: "text", type: .string)],
        relationships: [
            RelationshipDescription(name: "post", destination: "Post", inverse: "bodyText")
        ])
}
