import Foundation
import ObjectGraph

/// Where a ``ModelContainer`` keeps its store: in memory, or in an SQLite file.
///
/// Mirrors SwiftData's `ModelConfiguration(_:isStoredInMemoryOnly:url:)`. SwiftData
/// always records persistent history; here it is opt-in
/// (``isPersistentHistoryTrackingEnabled``), as in Core Data, because each save then
/// writes history rows too. A file store with no ``url`` lives at
/// `PersistentContainer.defaultDirectoryURL()/<name>.sqlite`.
///
/// ObjectGraph's own name for a model file's configurations (named sets of entities) is
/// `EntityConfiguration`, so the two meanings never share a name.
///
/// Related: https://developer.apple.com/documentation/swiftdata/modelconfiguration
public struct ModelConfiguration: Sendable, Hashable {
    /// The store's name: its file name without extension.
    public var name: String
    /// Whether the store lives in memory only (gone when the container is released).
    public var isStoredInMemoryOnly: Bool
    /// The store file, or nil for the default location (ignored in memory).
    public var url: URL?
    /// Whether saves record persistent history (``ModelContext/fetchHistory(_:)``).
    public var isPersistentHistoryTrackingEnabled: Bool

    /// A configuration.
    ///
    /// ```swift
    /// let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
    /// ```
    public init(
        _ name: String = "default", isStoredInMemoryOnly: Bool = false, url: URL? = nil,
        isPersistentHistoryTrackingEnabled: Bool = false
    ) {
        self.name = name
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.url = url
        self.isPersistentHistoryTrackingEnabled = isPersistentHistoryTrackingEnabled
    }

    /// The store description ObjectGraph loads for this configuration.
    var storeDescription: PersistentStoreDescription {
        var description: PersistentStoreDescription
        if isStoredInMemoryOnly {
            description = .inMemory()
        } else {
            let file =
                url
                ?? PersistentContainer.defaultDirectoryURL().appendingPathComponent(
                    "\(name).sqlite")
            description = PersistentStoreDescription(url: file)
        }
        description.isPersistentHistoryTrackingEnabled = isPersistentHistoryTrackingEnabled
        return description
    }
}
