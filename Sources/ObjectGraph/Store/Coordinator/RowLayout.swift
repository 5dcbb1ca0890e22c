import Foundation
import SQLiteDB

/// How rows of one entity (and its sub-entities) come back from a SELECT: the column
/// list Core Data writes, and where each concrete entity's snapshot slots sit in it.
///
/// A fetch of `User` selects `0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZNAME`; a fetch of an
/// entity with sub-entities selects `t0.Z_ENT` first and the union of their columns.
package struct RowLayout: Sendable {
    /// The entity fetched.
    package let entity: Entity
    /// The result columns after the three identity columns, unqualified.
    package let columns: [SQLName]
    /// `0, t0.Z_PK, t0.Z_OPT, t0.ZA, t0.ZB`: built once, as every SELECT of the entity's
    /// rows starts with it.
    package let selectList: SQL
    /// The text of a row fault of the entity (``ObjectSelect/fault(_:primaryKey:)``),
    /// built once: firing a fault then builds no string.
    let faultText: String
    /// For each concrete entity's `Z_ENT`, the result column of each snapshot slot.
    private let positions: [Int: [Int32]]
    /// The positions of the fetched entity itself, read without a lookup for leaves.
    private let ownPositions: [Int32]

    /// The layout for fetching `entity` from a model's entities.
    package init(entity: Entity, entities: [Entity]) {
        self.entity = entity
        let family = entity.descendantIDs.map { entities[$0 - 1] }
        let attributeColumns = Set(family.flatMap { $0.attributes.map(\.column) }).sorted()
        var keyColumns: [SQLName] = []
        for member in family {
            for column in member.columns.dropFirst(member.attributes.count)
            where !keyColumns.contains(column) {
                keyColumns.append(column)
            }
        }
        columns = attributeColumns + keyColumns
        var index: [SQLName: Int32] = [:]
        for (offset, column) in columns.enumerated() { index[column] = Int32(offset + 3) }
        var positions: [Int: [Int32]] = [:]
        for member in family { positions[member.id] = member.columns.map { index[$0]! } }
        self.positions = positions
        self.ownPositions = positions[entity.id]!
        selectList = ObjectSelect.columnList(
            identity: Self.identityColumn(of: entity), columns: columns)
        faultText = ObjectSelect.faultText(selectList: selectList, table: entity.table)
    }

    /// `0` for a leaf entity, `t0.Z_ENT` when sub-entities may come back.
    package var identityColumn: SQL { Self.identityColumn(of: entity) }

    private static func identityColumn(of entity: Entity) -> SQL {
        entity.hasSubentities ? "t0.Z_ENT" : "0"
    }

    /// The snapshot in the statement's current row.
    package func snapshot(from statement: Statement, model: ManagedObjectModel, store: UUID)
        -> RowSnapshot
    {
        // An entity without sub-entities (most rows) reads the layout's own entity and
        // positions in place: choosing between them and the row's concrete entity in one
        // expression retained and released both per row.
        guard entity.hasSubentities else {
            return RowSnapshot.make(
                objectID: ObjectID(
                    entity: entity, primaryKey: statement.int64(at: 1), store: store),
                version: statement.int64(at: 2), from: statement, positions: ownPositions)
        }
        let concrete = model.entity(id: Int(statement.int64(at: 0)))
        let id = ObjectID(entity: concrete, primaryKey: statement.int64(at: 1), store: store)
        return RowSnapshot.make(
            objectID: id, version: statement.int64(at: 2), from: statement,
            positions: positions[concrete.id]!)
    }

    /// The object ID in the current row of an identity-only SELECT (`0, t0.Z_PK`).
    package func objectID(from statement: Statement, model: ManagedObjectModel, store: UUID)
        -> ObjectID
    {
        let concrete =
            entity.hasSubentities ? model.entity(id: Int(statement.int64(at: 0))) : entity
        return ObjectID(
            entity: concrete, primaryKey: statement.int64(at: 1), store: store)
    }
}
