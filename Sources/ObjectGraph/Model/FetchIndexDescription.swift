/// A compound index on an entity's attributes or to-one keys, as Core Data's
/// `NSFetchIndexDescription`: created as `Z_<Entity>_<name>`, each element with an
/// explicit collation and direction:
/// `CREATE INDEX Z_Post_byAuthorScore ON ZPOST (ZAUTHOR COLLATE BINARY ASC, ZSCORE
/// COLLATE BINARY DESC)`.
///
/// Cost: the index is kept up to date by SQLite on every write to the table; use it
/// for the predicates and sorts fetches actually run.
///
/// Related: https://developer.apple.com/documentation/coredata/nsfetchindexdescription
public struct FetchIndexDescription: Hashable, Sendable {
    /// One indexed property and its direction.
    public struct Element: Hashable, Sendable {
        /// An attribute or to-one relationship of the entity (inherited ones included).
        public var property: String
        /// Whether the index stores the property in ascending order.
        public var ascending: Bool
        /// An expression indexed instead of a property (Xcode's `expression=`); the
        /// engine refuses expression indexes yet.
        public var expression: String?
        /// Whether this is an R-tree element (two-number bounding boxes); the engine
        /// refuses R-tree indexes yet.
        public var isRTree = false

        /// An index element.
        public init(property: String, ascending: Bool = true) {
            self.property = property
            self.ascending = ascending
        }
    }

    /// The index's name within its entity.
    public var name: String
    /// The indexed properties, first key first.
    public var elements: [Element]

    /// A compound index.
    public init(name: String, elements: [Element]) {
        self.name = name
        self.elements = elements
    }
}
