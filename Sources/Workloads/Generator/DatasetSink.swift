/// Receives a dataset as it is generated, entity by entity, row by row.
///
/// The store writer is one sink; tests use an in-memory one. Rows arrive in key order:
/// row i of an entity is the object with primary key i + 1 in a fresh store.
public protocol DatasetSink: AnyObject {
    /// Rows of `entity` follow.
    func begin(_ entity: EntityLayout) throws
    /// One row: attribute values in ``EntityLayout/columns`` order, to-one destination
    /// row indices (0-based) in ``EntityLayout/toOnes`` order.
    func row(_ values: [GeneratedValue], toOne: [Int?]) throws
    /// Every row of `entity` has been given.
    func end(_ entity: EntityLayout) throws
    /// The (source row, destination row) pairs of a many-to-many relationship.
    func links(_ link: LinkLayout, pairs: [(source: Int, destination: Int)]) throws
}
