import ObjectGraph

/// One entity as the generator fills it: row count, attributes with their recipes,
/// to-one relationships with theirs. Derived from a ``DatasetSchema`` at a size.
public struct EntityLayout: Sendable {
    /// An attribute column.
    public struct Column: Sendable {
        public let name: String
        public let recipe: ValueRecipe
        /// The index in ``EntityLayout/columns`` of the column the recipe reads.
        let sourceIndex: Int?
    }

    /// A to-one relationship: destination row indices (0-based) or nil.
    public struct ToOne: Sendable {
        public let name: String
        public let destination: String
        public let destinationCount: Int
        public let recipe: LinkRecipe
        /// One-to-one: row i links to destination i (both sides agree).
        public let pairsByIndex: Bool
        /// A to-one on its own entity that is not one-to-one (a tree's parent): row i
        /// picks among rows before it, so parents never loop.
        public let isTree: Bool
        /// The inverse to-many's minimum count: the first destinationCount × this rows
        /// go round-robin, so every destination gets that many.
        public let inverseMinimum: Int
        /// The inverse to-many's maximum count (0: none): a destination that has this
        /// many is passed over for the next one.
        public let inverseMaximum: Int
    }

    public let name: String
    public let count: Int
    /// Attribute columns in model order (values arrive in this order).
    public let columns: [Column]
    /// The order columns are drawn in: sources before the columns that copy them.
    let drawOrder: [Int]
    /// To-one relationships in model order (destinations arrive in this order).
    public let toOnes: [ToOne]
}

/// A many-to-many relationship as generated: (source row, destination row) pairs.
public struct LinkLayout: Sendable {
    public let entity: String
    public let relationship: String
    public let destination: String
    public let inverse: String?
    public let perRow: ClosedRange<Int>
    public let skew: ZipfSampler.Exponent?
}

/// The whole layout of a dataset at one size.
public struct DatasetLayout: Sendable {
    public let entities: [EntityLayout]
    public let links: [LinkLayout]

    /// Rows per entity name.
    public var counts: [String: Int] {
        Dictionary(uniqueKeysWithValues: entities.map { ($0.name, $0.count) })
    }
}
