import Foundation
import SQLiteDB

/// Turns the dictionaries of batch requests into stored values: checks each key
/// against the entity's attributes and each value against the attribute's type.
struct BatchRowBinder {
    let entity: Entity

    /// Binds one insert row: attribute slot i goes to parameter i + 4 (after `Z_PK`,
    /// `Z_ENT`, `Z_OPT`); missing attributes take their defaults; to-one keys stay NULL.
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

    private func isUnknown(_ key: String) -> Bool {
        entity.attribute(named: key) == nil
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
