import Foundation
import SQLiteDB

/// How to open one persistent store: where it lives, its type, and SQLite options.
///
/// ```swift
/// container.persistentStoreDescriptions = [PersistentStoreDescription(url: storeURL)]
/// container.persistentStoreDescriptions = [.inMemory()]
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistentstoredescription
public struct PersistentStoreDescription: Sendable {
    /// The store file's URL (ignored for `.inMemory`).
    public var url: URL?
    /// The kind of store.
    public var type: StoreType
    /// Pragmas run when the store's connection opens, after the journal mode.
    public var pragmas: [Connection.Pragma]
    /// The journal mode; nil means WAL for files, as Core Data uses since iOS 7.
    public var journalMode: Connection.JournalMode?
    /// Whether saves record persistent history in `ATRANSACTION`, `ACHANGE` and
    /// `ATRANSACTIONSTRING` (Core Data's `NSPersistentHistoryTrackingKey`; docs/HISTORY.md).
    /// Cost when on: per save, one INSERT per changed object and one per transaction.
    public var isPersistentHistoryTrackingEnabled = false

    /// A SQLite store at `url`.
    public init(url: URL) {
        self.url = url
        self.type = .sqlite
        self.pragmas = []
        self.journalMode = nil
    }

    /// An in-memory store, for tests and caches.
    public static func inMemory() -> PersistentStoreDescription {
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
        description.type = .inMemory
        return description
    }

    /// The SQLite location this description opens.
    var location: Connection.Location {
        switch type {
        case .inMemory: return .memory
        case .sqlite: return .file(url?.path ?? ":memory:")
        }
    }

    /// The SQLite configuration this description asks for.
    var configuration: Connection.Configuration {
        var configuration = Connection.Configuration()
        configuration.pragmas = pragmas
        configuration.journalMode = journalMode
        return configuration
    }
}
