/// How entity and property names become table and column names, for
/// ``QueryExpectation/columnsRead(of:_:sourceLocation:)``.
///
/// A trace knows the model: each entity's table and each property's column come from
/// it (a sub-entity reads its root's table). A log does not: Core Data's rule is used,
/// `Z` and the name in capitals (`Post.title` is `ZPOST.ZTITLE`).
public struct StoreNaming: Hashable, Sendable {
    private let tables: [String: String]
    private let columns: [String: [String: String]]

    /// Names from explicit maps (entity to table; entity to property to column); a
    /// name missing from them falls back to Core Data's rule.
    public init(tables: [String: String] = [:], columns: [String: [String: String]] = [:]) {
        self.tables = tables
        self.columns = columns
    }

    /// Core Data's rule alone.
    public static let coreData = StoreNaming()

    /// The table of `entity`.
    public func table(of entity: String) -> String {
        tables[entity] ?? "Z" + entity.uppercased()
    }

    /// The column of `entity.property`.
    public func column(of property: String, in entity: String) -> String {
        columns[entity]?[property] ?? "Z" + property.uppercased()
    }
}
