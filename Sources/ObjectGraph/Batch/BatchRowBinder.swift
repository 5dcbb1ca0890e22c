import Foundation
import SQLiteDB

/// Turns the dictionaries of batch requests into stored values: checks each key
/// against the entity's attributes and each value against the attribute's type.
struct BatchRowBinder {
    let entity: Entity
    /// Resolves relationship destinations, for to-one keys given as object IDs.
    let model: ManagedObjectModel
    // The attributes taken apart once, so the per-row loop copies no Attribute structs
    // (each copy retains its strings): the batch insert's hot path.
    private let names: [String]
    private let types: [AttributeType]
    /// Transformable attributes' transformers (boxed: reading an optional existential
    /// out of an array copied it through its value witnesses, about 3% of a batch
    /// insert of dictionaries), nil for plain ones.
    private let transformers: [TransformerBox?]
    private let defaults: [SQLiteValue]
    private let foreignKeys:
        [(relationship: ResolvedRelationship, key: ResolvedRelationship.ForeignKey)]

    init(entity: Entity, model: ManagedObjectModel) {
        self.entity = entity
        self.model = model
        names = entity.attributes.map(\.name)
        types = entity.attributes.map(\.type)
        transformers = entity.attributes.map(\.transformerBox)
        defaults = entity.attributes.map(\.defaultValue)
        foreignKeys = entity.relationships.compactMap { relationship in
            guard case .foreignKey(let key) = relationship.storage else { return nil }
            return (relationship, key)
        }
    }

    /// Binds one insert row: attribute slot i goes to parameter i + 4 (after `Z_PK`,
    /// `Z_ENT`, `Z_OPT`); missing attributes take their defaults. A to-one relationship
    /// given as a permanent ``ObjectID`` of its destination fills the foreign-key column
    /// (Core Data's batch insert cannot set relationships; this is how datasets are
    /// loaded with their graph); to-ones not given stay NULL.
    ///
    /// - Throws: ``KeyValueError`` for an unknown key or a wrong type.
    func bind(_ row: [String: Any], to statement: Statement) throws {
        var found = 0
        for index in names.indices {
            // Attribute slots are the attribute indexes: parameter index + 4.
            if let value = row[names[index]] {
                let stored = try storedValue(value, index)
                try statement.bind(stored, at: Int32(index + 4))
                found += 1
            } else {
                try statement.bind(defaults[index], at: Int32(index + 4))
            }
        }
        for (relationship, key) in foreignKeys {
            // Bound every row: the statement keeps the previous row's bindings.
            if let value = row[relationship.name] {
                try bindForeignKey(value, relationship, key, to: statement)
                found += 1
            } else {
                try statement.bind(.null, at: Int32(key.slot + 4))
                if let slot = key.entitySlot { try statement.bind(.null, at: Int32(slot + 4)) }
            }
        }
        if found < row.count, let key = row.keys.first(where: isUnknown) {
            throw KeyValueError.unknownKey(entity: entity.name, key: key)
        }
    }

    /// Binds one insert row from a batch insert's reused object: its changed attributes,
    /// the defaults for the rest, no relationships.
    ///
    /// - Throws: ``KeyValueError/relationshipInBatchInsert(entity:key:)`` when the
    ///   handler set a relationship.
    func bind(_ object: ManagedObject, to statement: Statement) throws {
        if let index = object.toOneChanges.keys.first {
            throw KeyValueError.relationshipInBatchInsert(
                entity: entity.name, key: entity.relationships[index].name)
        }
        for index in names.indices {
            try statement.bind(
                object.attributeChanges[index] ?? defaults[index], at: Int32(index + 4))
        }
        for (_, key) in foreignKeys {
            try statement.bind(.null, at: Int32(key.slot + 4))
            if let slot = key.entitySlot { try statement.bind(.null, at: Int32(slot + 4)) }
        }
    }

    /// The column and stored value of each attribute to update, in name order.
    ///
    /// - Throws: ``KeyValueError`` for an unknown or non-attribute key or a wrong type.
    func assignments(_ values: [String: Any]) throws -> [(column: SQLName, value: SQLiteValue)] {
        try values.keys.sorted().map { key in
            guard let attribute = entity.attribute(named: key) else {
                throw KeyValueError.unknownKey(entity: entity.name, key: key)
            }
            let value: SQLiteValue
            do {
                value =
                    try attribute.stored(values[key]!) ?? encodeOther(values[key]!, attribute.slot)
            } catch let error as TransformError {
                throw KeyValueError.transformFailed(entity: entity.name, key: key, error)
            }
            return (attribute.column, value)
        }
    }

    private func bindForeignKey(
        _ value: Any, _ relationship: ResolvedRelationship, _ key: ResolvedRelationship.ForeignKey,
        to statement: Statement
    ) throws {
        let destination = model.entity(id: relationship.destinationID)
        guard let id = value as? ObjectID, let primaryKey = id.primaryKey,
            destination.includes(id.entity)
        else {
            throw KeyValueError.wrongType(
                entity: entity.name, key: relationship.name,
                expected: "permanent ObjectID of \(destination.name)", actual: "\(value)")
        }
        try statement.bind(.integer(primaryKey), at: Int32(key.slot + 4))
        if let slot = key.entitySlot {
            try statement.bind(.integer(Int64(id.entity.id)), at: Int32(slot + 4))
        }
    }

    /// Neither an attribute nor a to-one relationship (to-manys cannot be batch-set).
    private func isUnknown(_ key: String) -> Bool {
        guard entity.attribute(named: key) == nil else { return false }
        guard case .foreignKey? = entity.relationship(named: key)?.storage else { return true }
        return false
    }

    /// The stored form of attribute `index`'s value: through its transformer, or its
    /// type's encoding.
    private func storedValue(_ value: Any, _ index: Int) throws -> SQLiteValue {
        guard let box = transformers[index], !(value is NSNull) else {
            return try types[index].encode(value) ?? encodeOther(value, index)
        }
        do { return .blob(try box.transformer.data(from: value)) } catch {
            throw KeyValueError.transformFailed(entity: entity.name, key: names[index], error)
        }
    }

    /// A value the attribute type did not take: NULL for `NSNull` or a nil optional,
    /// else a type error.
    private func encodeOther(_ value: Any, _ index: Int) throws -> SQLiteValue {
        if value is NSNull { return .null }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, mirror.children.isEmpty else {
            throw KeyValueError.wrongType(
                entity: entity.name, key: names[index], expected: types[index].swiftTypeName,
                actual: "\(type(of: value))")
        }
        return .null
    }
}
