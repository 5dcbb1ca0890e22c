/// What a migration did to a store, table by table: the record tests and the
/// `migration` suite read to tell an in-place `ALTER TABLE` from a table copy.
public struct MigrationReport: Sendable, Equatable {
    /// How a table was brought to the new schema.
    public enum Strategy: String, Sendable, Equatable {
        /// Changed in place: `ALTER TABLE` adds, renames or drops columns, `UPDATE`s
        /// fill defaults; rows are not moved.
        case altered
        /// Rebuilt: a new table is created and filled with `INSERT … SELECT` from the
        /// old one, which is then dropped (entity numbers, column types, hierarchy or
        /// key changes).
        case copied
        /// A new table for a new entity hierarchy or many-to-many relationship.
        case created
        /// The table of a removed hierarchy or relationship was dropped.
        case dropped
        /// Untouched.
        case kept
    }

    /// One table's change.
    public struct TableChange: Sendable, Equatable, CustomStringConvertible {
        /// The table's name in the new schema (the old name for a dropped table).
        public let table: String
        /// How it changed.
        public let strategy: Strategy
        /// The statements' gist, e.g. `ADD COLUMN ZSUBTITLE`.
        public let details: [String]

        /// `ZPOST altered (ADD COLUMN ZSUBTITLE)`.
        public var description: String {
            "\(table) \(strategy.rawValue)"
                + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
        }
    }

    /// The model checksum the store had before.
    public var sourceChecksum: String
    /// The model checksum it has now.
    public var destinationChecksum: String
    /// Each table's change, in the order they were made.
    public var tables: [TableChange] = []
    /// Indexes created or dropped.
    public var indexes: [String] = []
    /// Cleanup postponed by deferred migration (docs/MIGRATION.md).
    public var deferred: [DeferredCleanupItem] = []

    /// The strategy used for `table`, nil when the table was not mentioned.
    public func strategy(of table: String) -> Strategy? {
        tables.last { $0.table == table }?.strategy
    }
}
