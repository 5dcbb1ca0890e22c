import SQLiteDB

/// Core Data's names for what a model stores outside entity tables: the order entities
/// are numbered in, many-to-many join tables, their columns and order columns. Each rule
/// was read off stores Core Data wrote (docs/STORES.md lists the stores and the names).
///
/// Where Core Data's choice cannot be derived from the model (which side of a self
/// many-to-many names the table; which of two colliding join columns gets the suffix),
/// these rules give the usual choice and ``StoreSchemaMatch`` adopts the store's own
/// names when it opens a store Core Data wrote (``StoreSchemaMatch/bind(_:to:)``).
enum StoreNaming {
    /// Whether entity `lhs` is numbered before `rhs`: names compared case-insensitively
    /// (Core Data's order; binary order only breaks ties).
    static func entityOrder(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.lowercased(), rhs.lowercased())
        return left == right ? lhs < rhs : left < right
    }

    /// `Z_<ent><RELATIONSHIP>`: the join table named after one side of a many-to-many.
    static func joinTable(entityID: Int, relationship: String) -> SQLName {
        SQLName("Z_\(entityID)\(relationship.uppercased())")
    }

    /// Whether `side` (its declaring entity's number and its name) names the join table
    /// rather than `other`: the side of the lower-numbered entity. Within one entity (a
    /// self many-to-many) Core Data's choice cannot be derived from the model: Wire's
    /// stores name `Z_18IGNOREDCLIENTS` (over `IGNOREDBYCLIENTS`) but `TRUSTEDBYCLIENTS`
    /// (over `TRUSTEDCLIENTS`) for the same shape, declared in the same order. New stores
    /// take the lesser name (the engine's rule before, so its own stores and SQL keep
    /// their names); a store Core Data wrote is bound to the names it holds
    /// (``StoreSchemaMatch``).
    static func namesJoinTable(_ side: (Int, String), over other: (Int, String)) -> Bool {
        side.0 != other.0 ? side.0 < other.0 : side.1 < other.1
    }

    /// `Z_<ent><INVERSE>`: the join column holding an entity's `Z_PK`, named after the
    /// relationship that points at it; `Z_<ent><INVERSE>1`, `2`… when the entity already
    /// has a join column of that name (`taken`), as Core Data's `Z_17USERS1`.
    static func joinColumn(entityID: Int, inverse: String, taken: Set<String>) -> SQLName {
        let base = "Z_\(entityID)\(inverse.uppercased())"
        var name = base
        var suffix = 1
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        return SQLName(name)
    }

    /// `Z_FOK_<ent><NAME>`: an ordered many-to-many's position column for the members
    /// whose keys are in `column` (`Z_5LASTSERVERSYNCEDACTIVECONVERSATIONS` gives
    /// `Z_FOK_5LASTSERVERSYNCEDACTIVECONVERSATIONS`: the column's `Z_` is not repeated).
    static func orderColumn(of column: SQLName) -> SQLName {
        SQLName("Z_FOK_" + column.sql.dropFirst(2))
    }

    /// `Z_ENT` numbers from which Core Data numbers its own history entities (`CHANGE`
    /// 16001, `TRANSACTION` 16002, `TRANSACTIONSTRING` 16003): `Z_PRIMARYKEY` rows at or
    /// above it are not model entities.
    static let firstHistoryEntity = 16001

    /// Core Data's history entity names, as its `Z_PRIMARYKEY` rows carry them.
    static let historyEntityNames: Set<String> = ["CHANGE", "TRANSACTION", "TRANSACTIONSTRING"]
}
