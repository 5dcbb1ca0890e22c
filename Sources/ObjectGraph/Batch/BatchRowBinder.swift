import Foundation
import SQLiteDB

/// Turns the dictionaries of batch requests into stored values: checks each key
/// against the entity's attributes and each value against the attribute's type.
struct BatchRowBinder {
    let entity: Entity
    /// Resolves relationship destinations, for to-one keys given as object IDs.
    let model: ManagedObjectModel

    /// Binds one insert row: attribute slot i goes to parameter i + 4 (after `Z_PK`,
    /// `Z_ENT`, `Z_OPT`); missing attributes take their defaults. A to-one relationship
    /// given as a permanent ``ObjectID`` of its destination fills the foreign-key column
    /// (Core Data's batch insert cannot set relationships; this is how datasets are
    /// loaded with their graph); to-ones not given stay NULL.
    ///
    /// - Throws: ``KeyValueError`` for an unknown key or a wrong type.
    func bind(_ row: [String: Any], to statement: Statement) throws {
        var found = 0
        for attribute in entity.attributes {
            var stored = attribute.defaultValue
            if let value = row[attribute.name] {
                stored = try encode(value, attribute)
                found += 1
            }
            try statement.bind(stored, at: Int32(attribute.slot + 4))
        }
        for relationship in entity.relationships {
            guard case .foreignKey(let key) = relationship.storage else { continue }
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

    /// `ZTITLE = ?` for each attribute to update, in name order.
    ///
    /// - Throws: ``KeyValueError`` for an unknown or non-attribute key or a wrong type.
    func assignments(_ values: [String: Any]) throws -> [SQL] {
        try values.keys.sorted().map { key in
            guard let attribute = entity.attribute(named: key) else {
                throw KeyValueError.unknownKey(entity: entity.name, key: key)
            }
            let value = try encode(values[key]!, attribute)
            return "\(raw: attribute.column) = \(value)"
        }
    }

    private func bindForeignKey(
        _ value: Any, _ relationship: Relationship, _ key: Relationship.ForeignKey,
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

    private func encode(_ value: Any, _ attribute: Attribute) throws -> SQLiteValue {
        if let stored = attribute.type.encode(value) { return stored }
        if value is NSNull { return .null }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, mirror.children.isEmpty else {
            throw KeyValueError.wrongType(
                entity: entity.name, key: attribute.name, expected: "\(attribute.type)",
                actual: "\(type(of: value))")
        }
        return .null
    }
}
