/// The kind of persistent store a description opens.
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistentstore/storetype
public enum StoreType: String, Hashable, Sendable {
    /// A SQLite file in Core Data's table layout.
    case sqlite
    /// The same layout in a private in-memory SQLite database: the same SQL and
    /// statement counts as `.sqlite`, gone when the container is released. For tests.
    case inMemory
    /// The whole store in one file, held in memory while open (Core Data's
    /// `NSBinaryStoreType`): the same layout, SQL and statement counts as `.inMemory`,
    /// and every committed write rewrites the file atomically. docs/STORES.md.
    case binary
}
