import SQLiteDB

/// An entity of a validated model, resolved for the engine: its number (`Z_ENT`), its
/// table, every property including inherited ones, and where each is stored.
///
/// Built once by ``ManagedObjectModel`` and immutable afterwards, so it is shared
/// freely between contexts and threads. Never freed: object IDs hold it unretained. A row snapshot of the entity is an array of
/// values with one slot per ``columns`` entry.
package final class Entity: Sendable, CustomStringConvertible {
    /// The entity's name.
    package let name: String
    /// Its `Z_ENT` number, from 1.
    package let id: Int
    /// The parent's `Z_ENT`, or nil for a root.
    package let parentID: Int?
    /// The `Z_ENT` of the root of its hierarchy (itself for a root).
    package let rootID: Int
    /// Whether it cannot be inserted.
    package let isAbstract: Bool
    /// The class its objects are made of (``EntityDescription/managedObjectClass``, the
    /// nearest ancestor's, or ``ManagedObject``).
    package let objectClass: ManagedObject.Type
    /// Where typed properties of ``objectClass`` found their attribute or relationship.
    package let typedProperties = TypedPropertyTable()
    /// `Z_ENT` numbers of this entity and all its descendants: a contiguous range.
    package let descendantIDs: ClosedRange<Int>
    /// The table of its hierarchy: `Z` plus the root's upper-cased name.
    package let table: SQLName
    /// Every attribute, inherited ones included, sorted by name.
    package let attributes: [ResolvedAttribute]
    /// Every relationship, inherited ones included, sorted by name.
    package let relationships: [ResolvedRelationship]
    /// Snapshot columns in order: attributes, then each to-one's key (and entity) column.
    package let columns: [SQLName]
    /// The entity's stable version hash.
    package let versionHash: VersionHash
    /// Its own fetch indexes, resolved to columns.
    package let fetchIndexes: [ResolvedIndex]
    /// Its own uniqueness constraints, as column lists.
    package let uniquenessConstraints: [[SQLName]]

    /// A fetch index with its columns and directions.
    package struct ResolvedIndex: Sendable {
        /// The declared name.
        package let name: String
        /// Each column and whether it is ascending.
        package let columns: [(column: SQLName, ascending: Bool)]
    }
    private let propertyIndex: [String: Property]
    /// The leaf attributes of each composite and nested composite (`address`,
    /// `address.geo`), by their key path: attributes named `address.…`.
    private let compositeLeaves: [String: [Int]]

    /// A property found by name.
    package enum Property: Sendable {
        case attribute(Int)
        case relationship(Int)
    }

    /// Builds a resolved entity; ``ModelResolver`` is the only caller.
    package init(
        name: String, id: Int, parentID: Int?, rootID: Int, isAbstract: Bool,
        objectClass: ManagedObject.Type = ManagedObject.self, descendantIDs: ClosedRange<Int>,
        table: SQLName, attributes: [ResolvedAttribute],
        relationships: [ResolvedRelationship], versionHash: VersionHash,
        fetchIndexes: [ResolvedIndex] = [], uniquenessConstraints: [[SQLName]] = []
    ) {
        self.fetchIndexes = fetchIndexes
        self.uniquenessConstraints = uniquenessConstraints
        self.name = name
        self.id = id
        self.parentID = parentID
        self.rootID = rootID
        self.isAbstract = isAbstract
        self.objectClass = objectClass
        self.descendantIDs = descendantIDs
        self.table = table
        self.attributes = attributes
        self.relationships = relationships
        self.versionHash = versionHash
        var columns = attributes.map(\.column)
        for relationship in relationships {
            guard case .foreignKey(let key) = relationship.storage else { continue }
            columns.append(key.column)
            if let entityColumn = key.entityColumn { columns.append(entityColumn) }
        }
        self.columns = columns
        var index: [String: Property] = [:]
        for (offset, attribute) in attributes.enumerated() {
            index[attribute.name] = .attribute(offset)
        }
        for (offset, relationship) in relationships.enumerated() {
            index[relationship.name] = .relationship(offset)
        }
        self.propertyIndex = index
        var leaves: [String: [Int]] = [:]
        for (offset, attribute) in attributes.enumerated() {
            let keys = attribute.name.split(separator: ".")
            for length in keys.indices.dropFirst() {
                leaves[keys[..<length].joined(separator: "."), default: []].append(offset)
            }
        }
        compositeLeaves = leaves
        // Object IDs hold their entity unretained: it is never freed
        // (`UncheckedState.swift`, invariant 5).
        EntityReference.keepForever(self)
    }

    /// The same entity with each relationship replaced by `transform`'s result (a
    /// store's own join-table names, ``ManagedObjectModel/binding(joins:)``).
    package func replacingRelationships(
        _ transform: (ResolvedRelationship) -> ResolvedRelationship
    ) -> Entity {
        Entity(
            name: name, id: id, parentID: parentID, rootID: rootID, isAbstract: isAbstract,
            objectClass: objectClass, descendantIDs: descendantIDs, table: table,
            attributes: attributes, relationships: relationships.map(transform),
            versionHash: versionHash, fetchIndexes: fetchIndexes,
            uniquenessConstraints: uniquenessConstraints)
    }

    /// Whether any attribute is a composite's field: key-path walks check the rest of a
    /// path as one field name only then, so models without composites pay nothing.
    package var hasComposites: Bool { !compositeLeaves.isEmpty }

    /// The leaf attributes of the composite (or nested composite) at `keyPath`, with
    /// each leaf's key path inside it, or nil when `keyPath` names no composite.
    package func compositeLeaves(_ keyPath: String) -> [(path: [String], index: Int)]? {
        compositeLeaves[keyPath].map { indices in
            indices.map { index in
                let keys = attributes[index].name.split(separator: ".").map(String.init)
                return (Array(keys.dropFirst(keyPath.split(separator: ".").count)), index)
            }
        }
    }

    /// The table's name as text, for log lines and messages (SQL uses ``table``).
    package var tableName: String { table.sql }

    /// Whether other entities inherit from this one (fetches then select `t0.Z_ENT`).
    package var hasSubentities: Bool { descendantIDs.count > 1 }

    /// The property called `name`, if any.
    package func property(named name: String) -> Property? {
        propertyIndex[name]
    }

    /// The attribute called `name`, if any.
    package func attribute(named name: String) -> ResolvedAttribute? {
        guard case .attribute(let index) = propertyIndex[name] else { return nil }
        return attributes[index]
    }

    /// The relationship called `name`, if any.
    package func relationship(named name: String) -> ResolvedRelationship? {
        guard case .relationship(let index) = propertyIndex[name] else { return nil }
        return relationships[index]
    }

    /// Whether `other` is this entity or one of its descendants.
    package func includes(_ other: Entity) -> Bool {
        descendantIDs.contains(other.id)
    }

    /// The entity's name.
    package var description: String { name }
}
