import Foundation
import SQLiteDB

/// The statements that read what a store file holds (SQLite's catalog, Core Data's
/// metadata tables) and write its metadata row.
enum CatalogSQL {
    /// 1 when the database has Core Data's `Z_METADATA` table, 0 otherwise.
    static let metadataTableCount: SQL =
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_METADATA'"

    /// The metadata row: version, UUID, property list.
    static let metadataRow: SQL = "SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA"

    /// Writes the metadata row (there is only one, `Z_VERSION` 1).
    static func writeMetadata(uuid: String, plist: Data) -> SQL {
        "INSERT OR REPLACE INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) "
            + "VALUES (1, \(uuid), \(plist))"
    }

    /// Each entity's number and name in `Z_PRIMARYKEY`.
    static let entityNumbers: SQL = "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY"

    /// Every table and index with its `CREATE` text (automatic indexes have none).
    static let schemaObjects: SQL =
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL"

    /// The name of every table.
    static let tableNames: SQL = "SELECT name FROM sqlite_master WHERE type = 'table'"

    /// The column names of `table`.
    static func columnNames(of table: String) -> SQL {
        "SELECT name FROM pragma_table_info(\(table))"
    }

    /// The column names and declared types of `table`.
    static func columnTypes(of table: String) -> SQL {
        "SELECT name, type FROM pragma_table_info(\(table))"
    }

    /// The column names of index `name`.
    static func indexColumns(of name: String) -> SQL {
        "SELECT name FROM pragma_index_info(\(name))"
    }

    /// How many rows of entity number `entity` its hierarchy's `table` holds.
    static func rowCount(of table: SQLName, entity: Int) -> SQL {
        "SELECT count(*) FROM \(table) WHERE Z_ENT = \(Int64(entity))"
    }

    /// SQLite's integrity check: one row `ok`, or the damage found.
    static let quickCheck: SQL = "PRAGMA quick_check"
}
