import SQLiteDB

/// What one destination column is filled with, as an SQL expression over the source row
/// `s`: the unit both of a table copy (`INSERT … SELECT`) and of an in-place change.
enum ColumnValue: Equatable {
    /// The source column, plus a key offset (non-zero only for foreign keys into a
    /// hierarchy whose keys were shifted to merge with another one).
    case column(SQLName, offset: Int64)
    /// A constant for every row (a new attribute's default, or NULL).
    case value(SQLiteValue)
    /// The source column, NULL replaced by a default (optional made required).
    case coalesce(SQLName, SQLiteValue)
    /// An entity-number column renumbered: each (old, new) pair.
    case entityMap(SQLName, [EntityNumberPair])
    /// Positions 1, 2, … within each group of rows sharing `partition`, in key order:
    /// the order of a relationship made ordered.
    case rowNumber(partition: SQLName)

    /// The SQL expression over the source row `s`.
    var expression: SQL {
        switch self {
        case .column(let name, let offset):
            offset == 0 ? "s.\(name)" : "s.\(name) + \(offset)"
        case .value(let value): "\(value)"
        case .coalesce(let name, let value): "coalesce(s.\(name), \(value))"
        case .entityMap(let name, let pairs):
            "CASE s.\(name)"
                + pairs.map { " WHEN \(Int64($0.old)) THEN \(Int64($0.new))" as SQL }.joined(
                    separator: "")
                + " END"
        case .rowNumber(let partition):
            "row_number() OVER (PARTITION BY s.\(partition) ORDER BY s.Z_PK)"
        }
    }
}

/// An entity number before and after a migration.
struct EntityNumberPair: Equatable {
    let old: Int
    let new: Int
}
