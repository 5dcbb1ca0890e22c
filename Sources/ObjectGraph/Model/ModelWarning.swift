/// Something in a model that Core Data accepts with a warning: the model loads and
/// works, but the engine cannot keep the object graph as consistent as it would with
/// the model written the usual way.
///
/// ```swift
/// // relationship "tags" of entity "Post": a to-many without an inverse ...
/// ```
public enum ModelWarning: Equatable, Sendable, CustomStringConvertible {
    /// A to-many relationship names no inverse. Core Data loads such models (Xcode
    /// warns "should have an inverse"); the relationship is stored in a join table, and
    /// deleting a destination object leaves its rows there, as Core Data does.
    ///
    /// Related: https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreData/HowManagedObjectsarerelated.html
    case toManyWithoutInverse(entity: String, relationship: String)

    /// One line: what and where, and what Core Data does with it.
    public var description: String {
        switch self {
        case .toManyWithoutInverse(let entity, let relationship):
            return "relationship \"\(relationship)\" of entity \"\(entity)\": a to-many "
                + "without an inverse; stored in a join table, and deleting a destination "
                + "leaves its links behind (give it an inverse to keep the graph consistent)"
        }
    }
}
