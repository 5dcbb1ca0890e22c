import Foundation
import ObjectGraph

/// One object of a snapshot: its entity and primary key (`Z_PK`).
struct RowKey: Hashable, Comparable, CustomStringConvertible {
    /// The object's entity.
    var entity: String
    /// Its primary key in the entity's table.
    var primaryKey: Int64

    static func < (lhs: RowKey, rhs: RowKey) -> Bool {
        (lhs.entity, lhs.primaryKey) < (rhs.entity, rhs.primaryKey)
    }

    var description: String { "\(entity)/\(primaryKey)" }
}

/// Everything a store holds for a model, read back through the engine: per object,
/// its attribute values (rendered per attribute type, so values compare as text) and
/// the objects its relationships hold.
struct ChainSnapshot {
    /// Objects per concrete entity (subentities' objects counted under their own).
    var counts: [String: Int] = [:]
    /// Attribute name to rendered value, per object.
    var attributes: [RowKey: [String: String]] = [:]
    /// Relationship name to the objects it holds (one or none for a to-one), per object.
    var relationships: [RowKey: [String: Set<RowKey>]] = [:]

    /// Reads every object of every concrete entity of `model` from `context`.
    ///
    /// Cost: one fetch per entity, and a fault per object and to-many relationship.
    static func read(_ context: ManagedObjectContext, model: ManagedObjectModel) throws
        -> ChainSnapshot
    {
        let shape = ModelShape(model)
        var snapshot = ChainSnapshot()
        for entity in shape.concreteEntities {
            let objects = try context.fetch(FetchRequest<ManagedObject>(entityName: entity.name))
                .filter { $0.objectID.entityName == entity.name }
            snapshot.counts[entity.name] = objects.count
            for object in objects {
                snapshot.add(object, shape: shape)
            }
        }
        return snapshot
    }

    private mutating func add(_ object: ManagedObject, shape: ModelShape) {
        let key = Self.key(object)
        var values: [String: String] = [:]
        for attribute in shape.attributes(of: key.entity) where !attribute.isTransient {
            guard attribute.valueKind == .plain else { continue }
            values[attribute.name] = Self.render(
                object.value(forKey: attribute.name), as: attribute.type)
        }
        attributes[key] = values
        var held: [String: Set<RowKey>] = [:]
        for relationship in shape.relationships(of: key.entity) where !relationship.isTransient {
            held[relationship.name] = Self.keys(object.value(forKey: relationship.name))
        }
        relationships[key] = held
    }

    private static func key(_ object: ManagedObject) -> RowKey {
        RowKey(entity: object.objectID.entityName, primaryKey: object.objectID.primaryKey ?? -1)
    }

    private static func keys(_ value: Any?) -> Set<RowKey> {
        switch value {
        case let object as ManagedObject: return [key(object)]
        case let objects as Set<ManagedObject>: return Set(objects.map(key))
        case let objects as [ManagedObject]: return Set(objects.map(key))
        default: return []
        }
    }

    // MARK: - Rendering

    /// `value` as text tagged with its type, so equal stored values render equally
    /// whatever Swift type they arrived as (a default of `Int` and a read of `Int64`).
    static func render(_ value: Any?, as type: AttributeType) -> String {
        guard let value else { return "nil" }
        switch type {
        case .integer16, .integer32, .integer64:
            return integer(value).map { "int \($0)" } ?? "int? \(value)"
        case .double, .float:
            return
                (value as? Double ?? (value as? Float).map(Double.init)
                ?? integer(value).map(Double.init)).map { "real \($0)" } ?? "real? \(value)"
        case .decimal: return "decimal \(value)"
        case .string: return "string \(value)"
        case .boolean:
            return (value as? Bool ?? integer(value).map { $0 != 0 }).map { "bool \($0)" }
                ?? "bool? \(value)"
        case .date:
            return (value as? Date).map { "date \($0.timeIntervalSinceReferenceDate)" }
                ?? "date? \(value)"
        case .binary:
            return (value as? Data).map { "data \($0.base64EncodedString())" } ?? "data? \(value)"
        case .uuid: return "uuid \(value)"
        case .uri: return (value as? URL).map { "uri \($0.absoluteString)" } ?? "uri? \(value)"
        }
    }

    private static func integer(_ value: Any) -> Int64? {
        switch value {
        case let int as Int: return Int64(int)
        case let int as Int64: return int
        case let int as Int32: return Int64(int)
        case let int as Int16: return Int64(int)
        case let bool as Bool: return bool ? 1 : 0
        default: return nil
        }
    }
}
