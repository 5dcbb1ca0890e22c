/// A key-value access that cannot be carried out: an unknown key, a value of the wrong
/// type, or a fault whose row is gone.
///
/// The throwing accessors (``ManagedObject/checkedValue(forKey:)``,
/// ``ManagedObject/setCheckedValue(_:forKey:)``) throw it; the Core Data-style ones
/// (``ManagedObject/value(forKey:)``, ``ManagedObject/setValue(_:forKey:)``) stop the
/// program with its description, as Core Data raises an exception.
public enum KeyValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The entity has no property with this name.
    case unknownKey(entity: String, key: String)
    /// The value's type does not match the property's.
    case wrongType(entity: String, key: String, expected: String, actual: String)
    /// A key path goes through a to-many, which a single value cannot.
    case notToOne(entity: String, keyPath: String, key: String)
    /// The object's row no longer exists in the store.
    case faultNotFulfilled(object: ObjectID)
    /// The object does not belong to a context (deleted and saved, or reset).
    case noContext(object: ObjectID)
    /// The related object belongs to another context.
    case differentContext(entity: String, key: String)
    /// A batch insert's `managedObjectHandler` set a relationship (batch inserts write
    /// attributes only, as Core Data's).
    case relationshipInBatchInsert(entity: String, key: String)
    /// A transformable attribute's value transformer could not encode the value set, or
    /// decode the bytes stored.
    case transformFailed(entity: String, key: String, TransformError)

    /// One line: what failed and where.
    public var description: String {
        switch self {
        case .unknownKey(let entity, let key):
            return "entity \(entity) has no property \"\(key)\"; use one of its attribute "
                + "or relationship names (case-sensitive)"
        case .wrongType(let entity, let key, let expected, let actual):
            return "\(entity).\(key): expected a value of type \(expected), got \(actual); "
                + "pass one of that type"
        case .notToOne(let entity, let keyPath, let key):
            return "\(entity) key path \"\(keyPath)\": \"\(key)\" is a to-many relationship; "
                + "read the set with value(forKey:) and go on from "
                + "its members"
        case .faultNotFulfilled(let object):
            return "could not fulfill a fault for \(object): its row no longer exists "
                + "(deleted by another context or process); refetch, or refresh the object"
        case .noContext(let object):
            return "\(object) does not belong to a context (its context was reset or "
                + "released); fetch it again in a live context"
        case .differentContext(let entity, let key):
            return "\(entity).\(key): the related object belongs to another context; "
                + "get it in this one with existingObject(with:) and its objectID"
        case .relationshipInBatchInsert(let entity, let key):
            return "\(entity).\(key): a batch insert sets attributes only; set relationships "
                + "on managed objects after the insert"
        case .transformFailed(let entity, let key, let error):
            return "\(entity).\(key): \(error)"
        }
    }
}
