/// A model's names for its store's tables and columns, so findings speak of `Post.author`
/// rather than `ZPOST.ZAUTHOR`.
///
/// BenchKit knows nothing of the engine: the lab builds this from a
/// `ManagedObjectModel` (`StoreNames(model:)` in BenchmarkSuites) and hands it over.
/// Without one, names are guessed from Core Data's conventions (``guessEntity(_:)``).
/// Cost: a few dictionaries.
public struct StoreNames: Hashable, Sendable, Codable {
    /// One table: a root entity and its sub-entities.
    public struct Table: Hashable, Sendable, Codable {
        /// The entities stored in it, the root first (`Z_ENT` tells rows apart).
        public var entities: [String]
        /// Column to property name (`ZAUTHOR` → `author`).
        public var properties: [String: String]
        /// Foreign-key column to the to-one relationship and its destination entity.
        public var toOnes: [String: Relationship]
        /// To-many relationships of the table's entities, by name.
        public var toManys: [String: Relationship]
        /// Indexes: name to its columns in order.
        public var indexes: [String: [String]]

        /// A table.
        public init(
            entities: [String], properties: [String: String] = [:],
            toOnes: [String: Relationship] = [:], toManys: [String: Relationship] = [:],
            indexes: [String: [String]] = [:]
        ) {
            self.entities = entities
            self.properties = properties
            self.toOnes = toOnes
            self.toManys = toManys
            self.indexes = indexes
        }
    }

    /// A relationship as the model spells it.
    public struct Relationship: Hashable, Sendable, Codable {
        /// The entity that declares it.
        public var entity: String
        /// Its name.
        public var name: String
        /// Its destination entity.
        public var destination: String
        /// Its inverse's name, if any.
        public var inverse: String?

        /// A relationship.
        public init(entity: String, name: String, destination: String, inverse: String?) {
            self.entity = entity
            self.name = name
            self.destination = destination
            self.inverse = inverse
        }
    }

    /// Tables by name (`ZPOST`).
    public var tables: [String: Table]
    /// Many-to-many join tables (`Z_2TAGS`) to the relationship they hold.
    public var joinTables: [String: Relationship]

    /// Names.
    public init(tables: [String: Table], joinTables: [String: Relationship] = [:]) {
        self.tables = tables
        self.joinTables = joinTables
    }

    /// The root entity of `table`, from the model or guessed.
    public func entity(ofTable table: String) -> String? {
        tables[table]?.entities.first ?? joinTables[table].map { $0.entity }
    }

    /// `Post.author` for (`ZPOST`, `ZAUTHOR`), when the model has them.
    public func property(table: String, column: String) -> String? {
        guard let entry = tables[table] else { return nil }
        let name = entry.toOnes[column]?.name ?? entry.properties[column]
        return name.map { "\(entry.entities.first ?? table).\($0)" }
    }

    /// Whether `column` of `table` leads some index.
    public func isIndexLeader(table: String, column: String) -> Bool {
        tables[table]?.indexes.values.contains { $0.first == column } ?? false
    }

    /// Whether `column` of `table` is in some index.
    public func isIndexed(table: String, column: String) -> Bool {
        tables[table]?.indexes.values.contains { $0.contains(column) } ?? false
    }

    /// `Post` for `ZPOST` by Core Data's convention (no model): the name after the `Z`,
    /// capitalized; a guess, as the model may spell it otherwise.
    public static func guessEntity(_ table: String) -> String {
        let name = table.hasPrefix("Z") ? table.dropFirst() : Substring(table)
        return name.prefix(1).uppercased() + name.dropFirst().lowercased()
    }

    /// `author` for `ZAUTHOR` by convention (no model).
    public static func guessProperty(_ column: String) -> String {
        (column.hasPrefix("Z") && !column.hasPrefix("Z_") ? String(column.dropFirst()) : column)
            .lowercased()
    }
}
