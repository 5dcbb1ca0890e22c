/// A piece of cleanup that deferred lightweight migration postponed: the store works
/// with it pending, and ``PersistentContainer/finishDeferredLightweightMigration()``
/// does it.
///
/// Kept in the store metadata as text (`table:Z_MIG_ZPOST`, `column:ZPOST.ZBODY`,
/// `index:ZPOST_ZTITLE_INDEX`); names read back are only used after they are found in
/// the store's own schema, so a tampered metadata row cannot inject SQL.
public enum DeferredCleanupItem: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Drop a table the new schema no longer uses.
    case dropTable(String)
    /// Drop a column the new schema no longer uses.
    case dropColumn(table: String, column: String)
    /// Create an index of the new schema.
    case createIndex(String)

    /// The metadata form.
    public var description: String {
        switch self {
        case .dropTable(let table): "table:\(table)"
        case .dropColumn(let table, let column): "column:\(table).\(column)"
        case .createIndex(let name): "index:\(name)"
        }
    }

    /// Parses the metadata form; nil for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "table": self = .dropTable(parts[1])
        case "index": self = .createIndex(parts[1])
        case "column":
            let names = parts[1].split(separator: ".", maxSplits: 1).map(String.init)
            guard names.count == 2 else { return nil }
            self = .dropColumn(table: names[0], column: names[1])
        default: return nil
        }
    }
}
