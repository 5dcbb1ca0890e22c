import Foundation
import SQLiteDB

/// What a to-many fault needs, made once per relationship when the store opens: its
/// SELECT with a placeholder key, and the destination its rows are IDs of.
///
/// A class, so a fault takes it from the coordinator's table with one retain rather than
/// a copy of its SQL, entity and name (about 200 instructions per fault as a struct).
final class ToManyFault: Sendable {
    /// ``ObjectSelect/toMany(_:destination:primaryKey:)`` with key 0; a fault binds its
    /// own key in place of the first argument. It carries a ``StatementKey``, so a fault
    /// finds its cached statement by one integer instead of hashing the text (about 600
    /// instructions per fault).
    let select: SQL
    /// The destination entity.
    let destination: Entity
    /// Whether rows may be of a subentity (their first column then names it).
    let hasSubentities: Bool
    /// The relationship's name, for the engine trace.
    let name: String

    init(_ relationship: ResolvedRelationship, destination layout: RowLayout) {
        let sql = ObjectSelect.toMany(relationship, destination: layout, primaryKey: 0)
        select = SQL(text: sql.text, arguments: sql.arguments, statementKey: .make())
        destination = layout.entity
        hasSubentities = layout.entity.hasSubentities
        name = relationship.name
    }

    /// How many keys a fault collects on the stack before spilling to the heap.
    static let stackKeys = 64

    /// The IDs of the rows `statement` returns (`Z_ENT`, `Z_PK`), in row order: the keys
    /// collected first (on the stack for up to ``stackKeys`` rows), then one array of
    /// exactly that many IDs, so the array is allocated once and never regrown.
    func objectIDs(
        _ statement: Statement, model: ManagedObjectModel, store: UUID
    ) throws -> [ObjectID] {
        if hasSubentities {
            var ids: [ObjectID] = []
            while try statement.step() {
                ids.append(
                    ObjectID(
                        entity: model.entity(id: Int(statement.int64(at: 0))),
                        primaryKey: statement.int64(at: 1), store: store))
            }
            return ids
        }
        return try withUnsafeTemporaryAllocation(of: Int64.self, capacity: Self.stackKeys) {
            stack in
            var count = 0
            var spilled: [Int64] = []
            while try statement.step() {
                let key = statement.int64(at: 1)
                if count < Self.stackKeys {
                    stack.initializeElement(at: count, to: key)
                } else {
                    spilled.append(key)
                }
                count += 1
            }
            // Reserved, then appended: the generic `unsafeUninitializedCapacity` path
            // is not specialized for `ObjectID` and cost about 1,500 instructions a call.
            var ids: [ObjectID] = []
            ids.reserveCapacity(count)
            for offset in 0..<count {
                let key = offset < Self.stackKeys ? stack[offset] : spilled[offset - Self.stackKeys]
                ids.append(ObjectID(entity: destination, primaryKey: key, store: store))
            }
            return ids
        }
    }
}
