import SQLiteDB

/// The temporary triggers that apply delete rules during a batch delete, as Core Data
/// does with its `ZQ_…` triggers: created before the DELETE and dropped after it, in the
/// same transaction, so the rules run inside SQLite for every deleted row.
///
/// Each concrete entity stored in a table the delete can reach gets one trigger per
/// relationship with an effect (guarded by `WHEN OLD.Z_ENT = n` when the table holds
/// several entities):
/// - cascade: `DELETE FROM <destination> WHERE <key> = OLD.Z_PK` (destination tables
///   are covered in turn, so rules chain);
/// - nullify: `UPDATE <destination> SET <key> = NULL, Z_OPT = (Z_OPT + 1) WHERE …`, or
///   for a to-one whose inverse is a to-many, `UPDATE OR FAIL <destination> SET Z_OPT =
///   (Z_OPT + 1) WHERE Z_PK = OLD.<key>`; many-to-many join rows are deleted;
/// - deny: `SELECT RAISE(FAIL, 'Batch delete failed due to deny rule on User/posts')`
///   when related rows exist (a BEFORE trigger).
///
/// A cascade within one table (a tree) stops after one level, since SQLite does not
/// run a table's triggers from its own triggers unless `recursive_triggers` is on.
struct DeleteTriggers {
    /// `CREATE TEMP TRIGGER` statements, in order.
    private(set) var create: [SQL] = []
    /// `DROP TRIGGER IF EXISTS` statements, in the same order.
    private(set) var drop: [SQL] = []
    private let model: ManagedObjectModel

    /// The triggers a delete from `entity`'s table needs.
    init(deleting entity: Entity, model: ManagedObjectModel) {
        self.model = model
        var pending = [entity.rootID]
        var covered = Set<Int>()
        while let rootID = pending.popLast() {
            guard covered.insert(rootID).inserted else { continue }
            for member in model.entity(id: rootID).descendantIDs.map(model.entity(id:))
            where !member.isAbstract {
                for relationship in member.relationships {
                    pending += add(relationship, of: member)
                }
            }
        }
    }

    /// Adds the trigger for one relationship; returns the roots of tables it deletes from.
    private mutating func add(_ relationship: ResolvedRelationship, of entity: Entity) -> [Int] {
        let destination = model.entity(id: relationship.destinationID)
        let table = destination.table
        let name = SQLName(
            "ZQ_\(entity.table)_\(entity.name)_\(relationship.name)_"
                + relationship.deleteRule.rawValue.uppercased())
        let body: SQL
        var timing: SQL = "AFTER"
        switch (relationship.deleteRule, relationship.storage) {
        case (.noAction, _):
            return []
        case (.deny, _):
            timing = "BEFORE"
            let related = Self.relatedRows(relationship, destination: destination)
            let message =
                "Batch delete failed due to deny rule on \(entity.name)/\(relationship.name)"
            body = "SELECT RAISE(FAIL, \(literal: message)) WHERE EXISTS (\(related))"
        case (.cascade, .joinTable(let join)):
            timing = "BEFORE"
            body =
                "DELETE FROM \(table) WHERE Z_PK IN (SELECT \(join.destinationColumn) FROM "
                + "\(join.name) WHERE \(join.sourceColumn) = OLD.Z_PK); DELETE FROM \(join.name) "
                + "WHERE \(join.sourceColumn) = OLD.Z_PK"
        case (.cascade, .inverseForeignKey(let column, _)):
            body = "DELETE FROM \(table) WHERE \(column) = OLD.Z_PK"
        case (.cascade, .foreignKey(let key)):
            body = "DELETE FROM \(table) WHERE Z_PK = OLD.\(key.column)"
        case (.nullify, .joinTable(let join)):
            body = "DELETE FROM \(join.name) WHERE \(join.sourceColumn) = OLD.Z_PK"
        case (.nullify, .inverseForeignKey(let column, _)):
            body =
                "UPDATE \(table) SET \(column) = NULL, Z_OPT = (Z_OPT + 1) WHERE \(column) = "
                + "OLD.Z_PK"
        case (.nullify, .foreignKey(let key)):
            body = nullifyToOne(relationship, key: key, destination: destination)
        }
        var trigger: SQL =
            "CREATE TEMP TRIGGER \(name) \(timing) DELETE ON \(entity.table) FOR EACH ROW"
        if model.entity(id: entity.rootID).descendantIDs.count > 1 {
            // Trigger bodies take no parameters: the entity number is written in.
            trigger.append(" WHEN OLD.Z_ENT = \(raw: String(entity.id))")
        }
        trigger.append(" BEGIN \(body); END")
        create.append(trigger)
        drop.append("DROP TRIGGER IF EXISTS \(name)")
        return relationship.deleteRule == .cascade ? [destination.rootID] : []
    }

    /// The inverse side of a nullified to-one: its own key cleared (one-to-one), or its
    /// version bumped (the to-many that listed the deleted row).
    private func nullifyToOne(
        _ relationship: ResolvedRelationship, key: ResolvedRelationship.ForeignKey,
        destination: Entity
    ) -> SQL {
        let table = destination.table
        if let inverse = relationship.inverseName.flatMap(destination.relationship(named:)),
            case .foreignKey(let inverseKey) = inverse.storage
        {
            return "UPDATE \(table) SET \(inverseKey.column) = NULL, Z_OPT = (Z_OPT + 1) "
                + "WHERE \(inverseKey.column) = OLD.Z_PK"
        }
        return "UPDATE OR FAIL \(table) SET Z_OPT = (Z_OPT + 1) WHERE Z_PK = OLD.\(key.column)"
    }

    private static func relatedRows(_ relationship: ResolvedRelationship, destination: Entity)
        -> SQL
    {
        switch relationship.storage {
        case .foreignKey(let key):
            return "SELECT 1 FROM \(destination.table) WHERE Z_PK = OLD.\(key.column)"
        case .inverseForeignKey(let column, _):
            return "SELECT 1 FROM \(destination.table) WHERE \(column) = OLD.Z_PK"
        case .joinTable(let join):
            return "SELECT 1 FROM \(join.name) WHERE \(join.sourceColumn) = OLD.Z_PK"
        }
    }
}
