import BenchKit
import ObjectGraph

extension StoreNames {
    /// The names of `model`'s store: each table with its entities (root first), columns
    /// to attributes and to-one relationships, to-manys, indexes (indexed attributes and
    /// foreign keys as `<TABLE>_<COLUMN>_INDEX`, fetch indexes by name, a hierarchy's
    /// `Z_ENT` index) and many-to-many join tables.
    ///
    /// Cost: one pass over the model.
    public init(model: ManagedObjectModel) {
        var tables: [String: Table] = [:]
        var joinTables: [String: Relationship] = [:]
        for entity in model.resolvedEntities {
            let name = entity.tableName
            var table = tables[name] ?? Table(entities: [])
            if entity.id == entity.rootID {
                table.entities.insert(entity.name, at: 0)
                if entity.hasSubentities { table.indexes["\(name)_Z_ENT_INDEX"] = ["Z_ENT"] }
            } else {
                table.entities.append(entity.name)
            }
            for attribute in entity.attributes {
                table.properties[attribute.column.sql] = attribute.name
                if attribute.isIndexed {
                    table.indexes["\(name)_\(attribute.column.sql)_INDEX"] = [attribute.column.sql]
                }
            }
            for index in entity.fetchIndexes {
                table.indexes[index.name] = index.columns.map(\.column.sql)
            }
            for relationship in entity.relationships {
                let named = Relationship(
                    entity: entity.name, name: relationship.name,
                    destination: model.entity(id: relationship.destinationID).name,
                    inverse: relationship.inverseName)
                switch relationship.storage {
                case .foreignKey(let key):
                    table.toOnes[key.column.sql] = named
                    table.indexes["\(name)_\(key.column.sql)_INDEX"] = [key.column.sql]
                case .inverseForeignKey: table.toManys[relationship.name] = named
                case .joinTable(let join):
                    table.toManys[relationship.name] = named
                    if join.isPrimarySide { joinTables[join.name.sql] = named }
                }
            }
            tables[name] = table
        }
        self.init(tables: tables, joinTables: joinTables)
    }
}
