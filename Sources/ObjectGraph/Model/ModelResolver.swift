import SQLiteDB

/// Turns declared entities into resolved ``Entity`` values, collecting every mistake.
///
/// Entities are numbered the way Core Data numbers them: roots by name, each followed by
/// its descendants (depth first, siblings by name), names compared case-insensitively
/// (``StoreNaming/entityOrder(_:_:)``), so a hierarchy's numbers form one contiguous
/// range that a `Z_ENT BETWEEN` filter can use. Join tables and their columns follow
/// ``StoreNaming`` (docs/STORES.md has the evidence).
struct ModelResolver {
    private var declared: [String: EntityDescription]
    /// Version hashes of the entities as written, transient properties included.
    private let versionHashes: [String: VersionHash]
    private var order: [String] = []
    private var errors: [ModelError] = []
    /// What Core Data accepts with a warning (a to-many without an inverse).
    private(set) var warnings: [ModelWarning] = []
    /// Column of each declared property, keyed by "entity.property".
    private var columns: [String: SQLName] = [:]
    /// Join-table column of each many-to-many's own side, keyed by "entity.relationship".
    private var joinColumns: [String: SQLName] = [:]
    private let transformers: ValueTransformerRegistry
    private let composites: [String: CompositeAttributeDescription]

    init(
        _ entities: [EntityDescription], transformers: ValueTransformerRegistry = .standard,
        composites: [CompositeAttributeDescription] = []
    ) {
        self.transformers = transformers
        self.composites = Dictionary(
            composites.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var declared: [String: EntityDescription] = [:]
        var errors: [ModelError] = entities.isEmpty ? [.empty] : []
        for entity in entities {
            if declared[entity.name] != nil { errors.append(.duplicateEntity(name: entity.name)) }
            declared[entity.name] = entity.storedPart
        }
        self.declared = declared
        self.errors = errors
        versionHashes = EntityVersionHasher.hashes(of: entities)
    }

    /// The resolved entities in `Z_ENT` order, or none and every error found.
    mutating func resolve() -> (entities: [Entity], errors: [ModelError]) {
        errors += ModelNameRules.errors(in: Array(declared.values))
        guard errors.isEmpty else { return ([], errors) }
        flattenComposites()
        guard errors.isEmpty else { return ([], errors) }
        orderEntities()
        guard errors.isEmpty else { return ([], errors) }
        checkProperties()
        guard errors.isEmpty else { return ([], errors) }
        assignColumns()
        return (order.enumerated().map { makeEntity($0.element, id: $0.offset + 1) }, [])
    }

    // MARK: - Inheritance

    private mutating func orderEntities() {
        for entity in declared.values {
            if let parent = entity.parent, declared[parent] == nil {
                errors.append(.unknownParent(entity: entity.name, parent: parent))
            }
        }
        guard errors.isEmpty else { return }
        let roots = declared.values.filter { $0.parent == nil }.map(\.name)
            .sorted(by: StoreNaming.entityOrder)
        for root in roots { visit(root) }
        for name in declared.keys.sorted() where !order.contains(name) {
            errors.append(.inheritanceCycle(entity: name))
        }
    }

    private mutating func visit(_ name: String) {
        order.append(name)
        for child in children(of: name) { visit(child) }
    }

    private func children(of name: String) -> [String] {
        declared.values.filter { $0.parent == name }.map(\.name).sorted(by: StoreNaming.entityOrder)
    }

    private func ancestors(of name: String) -> [EntityDescription] {
        var chain: [EntityDescription] = []
        var current = declared[name]?.parent
        while let parentName = current, let parent = declared[parentName] {
            chain.insert(parent, at: 0)
            current = parent.parent
        }
        return chain
    }

    private func lineage(of name: String) -> [EntityDescription] {
        ancestors(of: name) + [declared[name]!]
    }

    private func root(of name: String) -> String {
        lineage(of: name)[0].name
    }

    private func descendantCount(of name: String) -> Int {
        children(of: name).reduce(0) { $0 + 1 + descendantCount(of: $1) }
    }

    // MARK: - Properties

    private mutating func checkProperties() {
        for name in order {
            var seen = Set<String>()
            for entity in lineage(of: name) {
                let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
                for property in names where !seen.insert(property).inserted {
                    errors.append(.duplicateProperty(entity: name, property: property))
                }
            }
            for relationship in declared[name]!.relationships {
                checkRelationship(relationship, of: name)
            }
            for attribute in declared[name]!.attributes {
                checkDefault(attribute, of: name)
                checkStorable(attribute, of: name)
            }
            checkIndexes(of: name)
        }
    }

    private mutating func checkIndexes(of name: String) {
        let entity = declared[name]!
        let indexed =
            entity.indexes.map { ($0.name, $0.elements.map(\.property)) }
            + entity.uniquenessConstraints.map { ("unique", $0) }
        let lineage = lineage(of: name)
        let allowed = Set(
            lineage.flatMap(\.attributes).map(\.name)
                + lineage.flatMap(\.relationships).filter { !$0.isToMany }.map(\.name))
        let toMany = Set(lineage.flatMap(\.relationships).filter(\.isToMany).map(\.name))
        for index in entity.indexes {
            if let reason = Self.unsupportedReason(index) {
                errors.append(.unsupportedIndex(entity: name, index: index.name, reason: reason))
            }
        }
        for (index, properties) in indexed where errors.isEmpty {
            for property in properties
            where !allowed.contains(property) && !toMany.contains(property) {
                errors.append(
                    .unknownIndexProperty(entity: name, index: index, property: property))
            }
        }
    }

    private static func unsupportedReason(_ index: FetchIndexDescription) -> String? {
        if index.elements.contains(where: { $0.expression != nil }) {
            return "expression indexes are not supported yet"
        }
        if index.elements.contains(where: \.isRTree) {
            return "R-tree indexes are not supported yet"
        }
        return nil
    }

    private mutating func checkStorable(_ attribute: AttributeDescription, of entity: String) {
        if case .transformable(let name, _) = attribute.valueKind,
            transformers.transformer(named: name) == nil
        {
            errors.append(
                .unsupportedAttribute(
                    entity: entity, attribute: attribute.name,
                    reason: "its value transformer \(name ?? "") is not registered: register one "
                        + "(a CodableTransformer for a Codable type) in the "
                        + "ValueTransformerRegistry the model is built with"))
            return
        }
        guard let reason = attribute.unsupportedReason else { return }
        errors.append(
            .unsupportedAttribute(entity: entity, attribute: attribute.name, reason: reason))
    }

    private mutating func checkDefault(_ attribute: AttributeDescription, of entity: String) {
        guard let value = attribute.defaultValue, attribute.type.encode(value) == nil else {
            return
        }
        errors.append(
            .invalidDefaultValue(
                entity: entity, attribute: attribute.name,
                expected: attribute.type.swiftTypeName, actual: "\(type(of: value))"))
    }

    private mutating func checkRelationship(
        _ relationship: RelationshipDescription, of entity: String
    ) {
        guard declared[relationship.destination] != nil else {
            errors.append(
                .unknownDestination(
                    entity: entity, relationship: relationship.name,
                    destination: relationship.destination))
            return
        }
        guard let inverseName = relationship.inverse else {
            if relationship.isToMany {
                warnings.append(
                    .toManyWithoutInverse(entity: entity, relationship: relationship.name))
            }
            return
        }
        guard let inverse = inheritedRelationship(inverseName, of: relationship.destination) else {
            errors.append(
                .missingInverse(
                    entity: entity, relationship: relationship.name, inverse: inverseName))
            return
        }
        let sourceLineage = lineage(of: entity).map(\.name)
        if !sourceLineage.contains(inverse.destination) {
            errors.append(
                .mismatchedInverse(
                    entity: entity, relationship: relationship.name, inverse: inverseName,
                    reason: "points at \"\(inverse.destination)\", not \"\(entity)\""))
        } else if let back = inverse.inverse, back != relationship.name {
            errors.append(
                .mismatchedInverse(
                    entity: entity, relationship: relationship.name, inverse: inverseName,
                    reason: "names \"\(back)\" as its inverse"))
        }
    }

    private func inheritedRelationship(_ name: String, of entity: String)
        -> RelationshipDescription?
    {
        lineage(of: entity).flatMap(\.relationships).first { $0.name == name }
    }

    // MARK: - Composites

    /// Replaces each composite attribute by its leaves, as Core Data stores them: one
    /// attribute per field named by its key path (`address.city`, nested composites
    /// `address.geo.lat`), optional when the composite or the field is, each with a
    /// column of its own (`ZADDRESS_CITY`).
    private mutating func flattenComposites() {
        for (name, entity) in declared {
            var flattened = entity
            flattened.attributes = entity.attributes.flatMap { attribute in
                leaves(of: attribute, path: attribute.name, entity: name, depth: 0)
            }
            declared[name] = flattened
        }
    }

    private mutating func leaves(
        of attribute: AttributeDescription, path: String, entity: String, depth: Int
    ) -> [AttributeDescription] {
        guard case .composite(let compositeName) = attribute.valueKind else {
            var leaf = attribute
            leaf.name = path
            return [leaf]
        }
        guard let composite = composites[compositeName], depth < 8 else {
            errors.append(
                .unsupportedAttribute(
                    entity: entity, attribute: path,
                    reason: depth < 8
                        ? "its composite \(compositeName) is not defined in the model"
                        : "its composites nest more than 8 deep (a cycle?)"))
            return []
        }
        return composite.elements.flatMap { element in
            var field = element
            field.isOptional = element.isOptional || attribute.isOptional
            return leaves(
                of: field, path: path + "." + element.name, entity: entity, depth: depth + 1)
        }
    }

    // MARK: - Columns

    private mutating func assignColumns() {
        var used: [String: Set<String>] = [:]
        for name in order {
            let table = root(of: name)
            var taken = used[table] ?? ["Z_PK", "Z_ENT", "Z_OPT"]
            let entity = declared[name]!
            let own =
                entity.attributes.map(\.name)
                + entity.relationships.filter { !$0.isToMany }.map(\.name)
            for property in own {
                let base = "Z" + String(property.uppercased().map { $0 == "." ? "_" : $0 })
                var column = base
                var suffix = 1
                while taken.contains(column) {
                    column = base + String(suffix)
                    suffix += 1
                }
                taken.insert(column)
                columns[name + "." + property] = SQLName(column)
            }
            used[table] = taken
        }
        assignJoinColumns()
    }

    /// The join-table column holding each many-to-many's own side (`Z_<ent><INVERSE>`),
    /// keyed by "entity.relationship" of the declaring entity: an entity's relationships
    /// in name order, a name already given to one of its join columns suffixed `1`, `2`…
    /// (Core Data's `Z_17USERS1`, docs/STORES.md).
    private mutating func assignJoinColumns() {
        for name in order {
            var taken = Set<String>()
            let id = order.firstIndex(of: name)! + 1
            for relationship in declared[name]!.relationships.sorted(by: { $0.name < $1.name })
            where relationship.isToMany {
                guard let inverseName = relationship.inverse,
                    let inverse = inheritedRelationship(inverseName, of: relationship.destination),
                    inverse.isToMany
                else { continue }
                let column = StoreNaming.joinColumn(
                    entityID: id, inverse: inverseName, taken: taken)
                taken.insert(column.sql)
                joinColumns[name + "." + relationship.name] = column
            }
        }
    }

    /// The transformer of a transformable attribute (checked to exist), nil otherwise.
    private func transformer(of attribute: AttributeDescription) -> (any AttributeTransformer)? {
        guard case .transformable(let name, _) = attribute.valueKind else { return nil }
        return transformers.transformer(named: name)
    }

    private func column(of property: String, in entity: String) -> SQLName {
        for ancestor in lineage(of: entity).reversed() {
            if let column = columns[ancestor.name + "." + property] { return column }
        }
        preconditionFailure("no column for \(entity).\(property)")
    }

    // MARK: - Building

    private func makeEntity(_ name: String, id: Int) -> Entity {
        let entity = declared[name]!
        let attributes = lineage(of: name).flatMap(\.attributes).sorted { $0.name < $1.name }
        let resolvedAttributes = attributes.enumerated().map { slot, attribute in
            ResolvedAttribute(
                name: attribute.name, type: attribute.type, isOptional: attribute.isOptional,
                isIndexed: attribute.isIndexed,
                defaultValue: attribute.defaultValue.flatMap { attribute.type.encode($0) } ?? .null,
                column: column(of: attribute.name, in: name), slot: slot,
                transformerBox: transformer(of: attribute).map(TransformerBox.init))
        }
        let relationships = lineage(of: name).flatMap(\.relationships).sorted {
            $0.name < $1.name
        }
        var nextSlot = attributes.count
        let resolvedRelationships = relationships.map {
            makeRelationship($0, of: name, nextSlot: &nextSlot)
        }
        let rootID = order.firstIndex(of: root(of: name))! + 1
        return Entity(
            name: name, id: id, parentID: entity.parent.map { order.firstIndex(of: $0)! + 1 },
            rootID: rootID, isAbstract: entity.isAbstract,
            objectClass: lineage(of: name).reversed().lazy.compactMap(\.managedObjectClass).first
                ?? ManagedObject.self,
            descendantIDs: id...(id + descendantCount(of: name)),
            table: SQLName("Z" + root(of: name).uppercased()), attributes: resolvedAttributes,
            relationships: resolvedRelationships, versionHash: versionHashes[name]!,
            fetchIndexes: entity.indexes.compactMap { resolvedIndex($0, of: name) },
            uniquenessConstraints: entity.uniquenessConstraints.map { properties in
                properties.map { column(of: $0, in: name) }
            })
    }

    /// The index's columns; elements naming a to-many are left out (their keys are on
    /// the other side, already indexed), and an index left with none is dropped.
    private func resolvedIndex(_ index: FetchIndexDescription, of entity: String)
        -> Entity.ResolvedIndex?
    {
        let toMany = Set(
            lineage(of: entity).flatMap(\.relationships).filter(\.isToMany).map(\.name))
        let columns = index.elements.filter { !toMany.contains($0.property) }.map {
            (column(of: $0.property, in: entity), $0.ascending)
        }
        return columns.isEmpty ? nil : Entity.ResolvedIndex(name: index.name, columns: columns)
    }

    private func makeRelationship(
        _ relationship: RelationshipDescription, of entity: String, nextSlot: inout Int
    ) -> ResolvedRelationship {
        let destinationID = order.firstIndex(of: relationship.destination)! + 1
        let storage: ResolvedRelationship.Storage
        if !relationship.isToMany {
            let hasSubentities = !children(of: relationship.destination).isEmpty
            let key = ResolvedRelationship.ForeignKey(
                column: column(of: relationship.name, in: entity), slot: nextSlot,
                entityColumn: hasSubentities
                    ? SQLName("Z\(destinationID)_\(relationship.name.uppercased())") : nil,
                entitySlot: hasSubentities ? nextSlot + 1 : nil)
            nextSlot += hasSubentities ? 2 : 1
            storage = .foreignKey(key)
        } else {
            storage = toManyStorage(relationship, of: entity)
        }
        return ResolvedRelationship(
            name: relationship.name, destinationID: destinationID,
            inverseName: relationship.inverse, isToMany: relationship.isToMany,
            isOrdered: relationship.isOrdered, deleteRule: relationship.deleteRule,
            isOptional: relationship.isOptional, storage: storage)
    }

    private func toManyStorage(_ relationship: RelationshipDescription, of entity: String)
        -> ResolvedRelationship.Storage
    {
        guard let inverseName = relationship.inverse,
            let inverse = inheritedRelationship(inverseName, of: relationship.destination)
        else {
            return withoutInverseStorage(relationship, of: entity)
        }
        if !inverse.isToMany {
            return .inverseForeignKey(
                column: column(of: inverseName, in: relationship.destination),
                orderColumn: relationship.isOrdered
                    ? SQLName("Z_FOK_\(inverseName.uppercased())") : nil)
        }
        let owner = declaringEntity(of: relationship.name, in: entity)
        let inverseOwner = declaringEntity(of: inverseName, in: relationship.destination)
        let ownID = order.firstIndex(of: owner)! + 1
        let inverseID = order.firstIndex(of: inverseOwner)! + 1
        let isPrimary = StoreNaming.namesJoinTable(
            (ownID, relationship.name), over: (inverseID, inverseName))
        let tableName =
            isPrimary
            ? StoreNaming.joinTable(entityID: ownID, relationship: relationship.name)
            : StoreNaming.joinTable(entityID: inverseID, relationship: inverseName)
        let sourceColumn = joinColumns[owner + "." + relationship.name]!
        let destinationColumn = joinColumns[inverseOwner + "." + inverseName]!
        return .joinTable(
            ResolvedRelationship.JoinTable(
                name: tableName, sourceColumn: sourceColumn,
                destinationColumn: destinationColumn, isPrimarySide: isPrimary,
                orderColumn: relationship.isOrdered
                    ? StoreNaming.orderColumn(of: destinationColumn) : nil,
                inverseOrderColumn: inverse.isOrdered
                    ? StoreNaming.orderColumn(of: sourceColumn) : nil))
    }

    /// A to-many without an inverse: a join table only this side writes. Its source
    /// column is named as if the inverse were called `INVERSE_<NAME>`; this name is an
    /// assumption not yet checked against a store Core Data wrote.
    private func withoutInverseStorage(
        _ relationship: RelationshipDescription, of entity: String
    ) -> ResolvedRelationship.Storage {
        let ownID = order.firstIndex(of: declaringEntity(of: relationship.name, in: entity))! + 1
        let destinationID = order.firstIndex(of: relationship.destination)! + 1
        let name = relationship.name.uppercased()
        let destinationColumn = "Z_\(destinationID)\(name)"
        return .joinTable(
            ResolvedRelationship.JoinTable(
                name: SQLName("Z_\(ownID)\(name)"),
                sourceColumn: SQLName("Z_\(ownID)INVERSE_\(name)"),
                destinationColumn: SQLName(destinationColumn), isPrimarySide: true,
                orderColumn: relationship.isOrdered ? SQLName("Z_FOK_" + destinationColumn) : nil,
                inverseOrderColumn: nil))
    }

    private func declaringEntity(of property: String, in entity: String) -> String {
        lineage(of: entity).last { $0.relationships.contains { $0.name == property } }!.name
    }
}
