/// A persistent store could not be opened or used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store was made with another model version; lists the entities whose version
    /// hashes differ (added, removed or changed).
    case modelMismatch(entities: [String], path: String)
    /// The store's metadata could not be read.
    case unreadableMetadata(path: String, reason: String)
    /// The container has no loaded store yet.
    case notLoaded

    /// One line: what failed and where.
    public var description: String {
        switch self {
        case .modelMismatch(let entities, let path):
            return "store \(path) was made with another model version: entities "
                + entities.map { "\"\($0)\"" }.joined(separator: ", ") + " differ"
        case .unreadableMetadata(let path, let reason):
            return "store \(path): cannot read Z_METADATA: \(reason)"
        case .notLoaded:
            return "no persistent store is loaded; call loadPersistentStores() first"
        }
    }
}
