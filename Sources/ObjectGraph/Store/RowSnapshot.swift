import SQLiteDB

/// The committed values of one row, as read from SQLite: what a fault is filled from.
///
/// `values` has one slot per ``Entity/columns`` entry of the object's entity. A class,
/// shared by the row cache and every object filled from it: copying it is one retain.
package final class RowSnapshot: Sendable {
    /// The row's object.
    package let objectID: ObjectID
    /// `Z_OPT` when the row was read: the optimistic-locking version.
    package let version: Int64
    /// Column values in the entity's snapshot order.
    package let values: [SQLiteValue]

    /// A snapshot of one row.
    package init(objectID: ObjectID, version: Int64, values: [SQLiteValue]) {
        self.objectID = objectID
        self.version = version
        self.values = values
    }
}
