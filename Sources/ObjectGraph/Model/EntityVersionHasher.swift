/// Computes entity version hashes from declared entities: SHA-256 over the values that
/// affect persistence, as Apple documents for `NSEntityDescription.versionHash`.
///
/// Covered: the entity's name, `isAbstract`, its parent's hash, the hash of every
/// property it declares (transient ones included), and `versionHashModifier`. A
/// property's hash covers its name, optionality, transience and modifier; an
/// attribute's also its type (with transformer, composite or derivation), a
/// relationship's its destination, inverse, to-many, ordering and counts. Not covered,
/// as in Core Data: class names, userInfo, defaults, indexes, renaming identifiers,
/// delete rules.
///
/// Apple's exact byte layout is not public, so these hashes do not equal the ones
/// `momc` writes; they change exactly when such a value changes. The model digest
/// built from them (``ManagedObjectModel/versionHashesDigest``) does follow Core Data's
/// layout. Cost: one SHA-256 per property and per entity.
///
/// Related: https://developer.apple.com/documentation/coredata/nsentitydescription/versionhash
package enum EntityVersionHasher {
    /// The hash of every entity, keyed by name; entities whose parent chain is broken
    /// hash without a parent.
    package static func hashes(of entities: [EntityDescription]) -> [String: VersionHash] {
        let byName = Dictionary(
            entities.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        var hashes: [String: VersionHash] = [:]
        func hash(_ name: String, visiting: Set<String>) -> VersionHash? {
            if let known = hashes[name] { return known }
            guard let entity = byName[name], !visiting.contains(name) else { return nil }
            let parent = entity.parent.flatMap { hash($0, visiting: visiting.union([name])) }
            let result = entityHash(entity, parent: parent)
            hashes[name] = result
            return result
        }
        for entity in entities { _ = hash(entity.name, visiting: []) }
        return hashes
    }

    private static func entityHash(_ entity: EntityDescription, parent: VersionHash?) -> VersionHash
    {
        var input = HashInput()
        input.append("entity", entity.name)
        input.append(entity.isAbstract)
        input.append(parent?.bytes ?? [])
        let properties =
            entity.attributes.map { ($0.name, attributeHash($0)) }
            + entity.relationships.map { ($0.name, relationshipHash($0)) }
        for (_, hash) in properties.sorted(by: { $0.0 < $1.0 }) { input.append(hash.bytes) }
        input.append(entity.versionHashModifier ?? "")
        return VersionHash(input.bytes)
    }

    private static func attributeHash(_ attribute: AttributeDescription) -> VersionHash {
        var input = HashInput(
            kind: "attribute", name: attribute.name, isOptional: attribute.isOptional,
            isTransient: attribute.isTransient, modifier: attribute.versionHashModifier)
        switch attribute.valueKind {
        case .plain: input.append(attribute.type.rawValue)
        case .transformable(let transformer, _): input.append("transformable", transformer ?? "")
        case .composite(let name): input.append("composite", name)
        case .undefined: input.append("undefined")
        case .objectID: input.append("objectID")
        }
        input.append(attribute.derivationExpression ?? "")
        return VersionHash(input.bytes)
    }

    private static func relationshipHash(_ relationship: RelationshipDescription) -> VersionHash {
        var input = HashInput(
            kind: "relationship", name: relationship.name, isOptional: relationship.isOptional,
            isTransient: relationship.isTransient, modifier: relationship.versionHashModifier)
        input.append(relationship.destination, relationship.inverse ?? "")
        input.append(relationship.isToMany)
        input.append(relationship.isOrdered)
        input.append(String(relationship.minCount), String(relationship.maxCount))
        return VersionHash(input.bytes)
    }

    /// Length-prefixed fields, so that no two different field lists give equal bytes.
    private struct HashInput {
        var bytes: [UInt8] = []

        init() {}

        /// The fields every property hash starts with.
        init(kind: String, name: String, isOptional: Bool, isTransient: Bool, modifier: String?) {
            append(kind, name)
            append(isOptional)
            append(isTransient)
            append(modifier ?? "")
        }

        mutating func append(_ texts: String...) {
            for text in texts { append(Array(text.utf8)) }
        }

        mutating func append(_ flag: Bool) {
            append([flag ? 1 : 0])
        }

        mutating func append(_ field: [UInt8]) {
            let count = UInt32(field.count)
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: count >> (24 - $0 * 8)) }
            bytes += field
        }
    }
}
