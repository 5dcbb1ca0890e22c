import Foundation
import SQLiteDB

extension ManagedObjectContext {
    /// An object fetch narrowed by ``FetchRequest/propertiesToFetch``: selects
    /// `0, t0.Z_PK, t0.Z_OPT` and only the named columns, and returns partial faults
    /// holding those values (nothing goes into the row cache).
    ///
    /// Cost: one SELECT; each object's first read of a property not fetched fires its
    /// fault with one SELECT of the whole row.
    ///
    /// - Throws: ``FetchError`` for a name that is not an attribute or to-one.
    func fetchPartial(_ request: AnyFetchRequest, entity: Entity, keys: [String]) throws
        -> [ManagedObject]
    {
        for key in keys where entity.property(named: key) == nil || isToMany(key, entity) {
            throw FetchError.unknownKeyPath(entity: entity.name, keyPath: key)
        }
        let layout = coordinator.layout(for: entity)
        let wanted = Set(keys.flatMap { storedColumns(of: $0, in: entity) })
        let narrowed = layout.columns.filter(wanted.contains)
        let model = coordinator.model
        let store = coordinator.storeUUID
        let rows = try coordinator.fetchPartialRows(
            for: request, entity: entity, columns: narrowed
        ) { statement in
            Self.partialRow(
                statement, layout: layout, columns: narrowed, model: model, store: store)
        }
        return rows.map { partial in
            let (object, inserted) = registered.value(for: partial.row.objectID) {
                partial.row.objectID.makeObject(context: self)
            }
            if object.isFault { object.partial = partial }
            if inserted { coordinator.statistics.record { $0.objectsMaterialized += 1 } }
            return object
        }
    }

    private func isToMany(_ key: String, _ entity: Entity) -> Bool {
        entity.relationship(named: key)?.isToMany == true
    }

    /// The stored columns of one property, in any entity of the fetched hierarchy.
    private func storedColumns(of key: String, in entity: Entity) -> [SQLName] {
        entity.descendantIDs.map(coordinator.model.entity(id:)).flatMap { member -> [SQLName] in
            if let attribute = member.attribute(named: key) { return [attribute.column] }
            guard case .foreignKey(let foreignKey)? = member.relationship(named: key)?.storage
            else { return [] }
            return [foreignKey.column] + (foreignKey.entityColumn.map { [$0] } ?? [])
        }
    }

    private static func partialRow(
        _ statement: Statement, layout: RowLayout, columns: [SQLName], model: ManagedObjectModel,
        store: UUID
    ) -> PartialRow {
        let concrete =
            layout.entity.hasSubentities
            ? model.entity(id: Int(statement.int64(at: 0))) : layout.entity
        var values = [SQLiteValue](repeating: .null, count: concrete.columns.count)
        var loaded = [Bool](repeating: false, count: concrete.columns.count)
        for (offset, column) in columns.enumerated() {
            guard let slot = concrete.columns.firstIndex(of: column) else { continue }
            values[slot] = statement.value(at: Int32(offset + 3))
            loaded[slot] = true
        }
        let id = ObjectID(entity: concrete, primaryKey: statement.int64(at: 1), store: store)
        return PartialRow(
            row: RowSnapshot.make(objectID: id, version: statement.int64(at: 2), values: values),
            loaded: loaded)
    }
}
