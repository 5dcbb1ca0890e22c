import SQLiteDB

/// The `Z_ENT` condition that keeps a sub-entity's rows apart from the rest of its
/// hierarchy's table. Descendants are numbered contiguously, so one range covers an
/// entity and all its sub-entities.
enum EntityFilter {
    /// `t0.Z_ENT = ?` for an entity without sub-entities, else `t0.Z_ENT >= ? AND
    /// t0.Z_ENT <= ?`, preceded by `prefix`; empty for a root (its table holds only it
    /// and its descendants).
    static func sql(for entity: Entity, alias: SQLName, prefix: SQL) -> SQL {
        guard entity.parentID != nil else { return "" }
        let range = entity.descendantIDs
        if range.count == 1 {
            return prefix + "\(alias).Z_ENT = \(range.lowerBound)"
        }
        return prefix
            + "\(alias).Z_ENT >= \(range.lowerBound) AND \(alias).Z_ENT <= \(range.upperBound)"
    }
}
