import SQLiteDB

/// A relationship resolved for storage: its destination, inverse and how it is stored.
package struct ResolvedRelationship: Sendable {
    /// The relationship's name.
    package let name: String
    /// The destination entity's `Z_ENT`.
    package let destinationID: Int
    /// The inverse's name on the destination, if any.
    package let inverseName: String?
    /// Whether it holds many objects.
    package let isToMany: Bool
    /// Whether a to-many keeps order.
    package let isOrdered: Bool
    /// What deleting the source does to the destinations.
    package let deleteRule: DeleteRule
    /// Whether a to-one may be nil at save time.
    package let isOptional: Bool
    /// Where the relationship lives in SQLite.
    package let storage: Storage

    /// Where a relationship lives in SQLite.
    package enum Storage: Sendable {
        /// A to-one: a key column on the source's table.
        case foreignKey(ForeignKey)
        /// A one-to-many: the inverse to-one's key column on the destination's table,
        /// and for an ordered one the `Z_FOK_<INVERSE>` column holding each member's
        /// position.
        case inverseForeignKey(column: SQLName, orderColumn: SQLName?)
        /// A many-to-many: rows in a join table.
        case joinTable(JoinTable)
    }

    /// A to-one's columns and snapshot slots.
    package struct ForeignKey: Sendable {
        /// `Z<NAME>`: the destination's `Z_PK`.
        package let column: SQLName
        /// Its slot in a row snapshot.
        package let slot: Int
        /// `Z<ent>_<NAME>`: the destination's `Z_ENT`, when it has sub-entities.
        package let entityColumn: SQLName?
        /// The slot of ``entityColumn``.
        package let entitySlot: Int?
    }

    /// A many-to-many's join table, seen from one side.
    package struct JoinTable: Sendable, Equatable {
        /// `Z_<ent><NAME>`.
        package let name: SQLName
        /// The column holding this side's `Z_PK`.
        package let sourceColumn: SQLName
        /// The column holding the destination's `Z_PK`.
        package let destinationColumn: SQLName
        /// Whether this side names the table (it creates it and writes its rows once).
        package let isPrimarySide: Bool
        /// `Z_FOK_<destination column>`: this side's positions, when it is ordered.
        package let orderColumn: SQLName?
        /// The other side's position column, when the inverse is ordered.
        package let inverseOrderColumn: SQLName?

        /// The same table seen from the inverse relationship.
        package var mirrored: JoinTable {
            JoinTable(
                name: name, sourceColumn: destinationColumn, destinationColumn: sourceColumn,
                isPrimarySide: !isPrimarySide, orderColumn: inverseOrderColumn,
                inverseOrderColumn: orderColumn)
        }
    }

    /// The same relationship stored in `storage`.
    package func storing(_ storage: Storage) -> ResolvedRelationship {
        ResolvedRelationship(
            name: name, destinationID: destinationID, inverseName: inverseName,
            isToMany: isToMany, isOrdered: isOrdered, deleteRule: deleteRule,
            isOptional: isOptional, storage: storage)
    }
}
