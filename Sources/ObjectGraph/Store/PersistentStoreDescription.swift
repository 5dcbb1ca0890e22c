import Foundation
import SQLiteDB

/// How to open one persistent store: where it lives, its type, and SQLite options.
///
/// ```swift
/// container.persistentStoreDescriptions = [PersistentStoreDescription(url: storeURL)]
/// container.persistentStoreDescriptions = [.inMemory()]
/// container.persistentStoreDescriptions = [.binary(url: storeURL)]
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

    /// Whether opening a store made with another model version migrates it (Core Data's
    /// `shouldMigrateStoreAutomatically`); on by default, as in `NSPersistentContainer`.
    public var shouldMigrateStoreAutomatically = true
    /// Whether that migration may infer its mapping (lightweight migration; Core Data's
    /// `shouldInferMappingModelAutomatically`); on by default.
    public var shouldInferMappingModelAutomatically = true
    /// The model versions a store may have been made with: Core Data looks for them in
    /// the app's bundles, ObjectGraph here (the `models` of
    /// ``XcodeModelBundle/loadAllVersions(transformers:)`` are an `.xcdatamodeld`'s).
    /// The one the store matches is the migration's source.
    public var sourceModels: [ManagedObjectModel] = []
    /// Custom (heavyweight) mappings, used when one's source matches the store and its
    /// destination is the opened model (docs/MIGRATION.md).
    public var mappingModels: [MappingModel] = []
    /// Xcode mapping models that exist for a pair of versions but cannot run here:
    /// opening a store that needs one of those steps throws its error instead of
    /// inferring the mapping (``addMappingModels(_:versions:)`` fills it).
    public var refusedMappingModels: [MappingModelRefusal] = []
    /// Ordered migration stages (Core Data's `NSPersistentStoreStagedMigrationManagerOptionKey`);
    /// when set, the store is migrated stage by stage instead.
    public var stagedMigrationManager: StagedMigrationManager?
    /// Postpones a lightweight migration's slow cleanup (dropping old tables and
    /// columns, creating non-unique indexes) until
    /// ``PersistentContainer/finishDeferredLightweightMigration()``; the store opens on
    /// the new schema at once (Core Data's
    /// `NSPersistentStoreDeferredLightweightMigrationOptionKey`). SQLite stores only.
    public var usesDeferredLightweightMigration = false

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

    /// A binary store at `url`: the whole store in one file, loaded into memory when it
    /// opens and rewritten whole, atomically (temporary file, `fsync`, `rename`), by
    /// every committed write (Core Data's `NSBinaryStoreType`).
    ///
    /// For small stores that must be one self-contained file, always consistent on
    /// disk. Fetches run against memory with the SQLite store's SQL and statement
    /// counts. Only one container may have the file open: a second one is refused
    /// (``StoreError/inUse(path:)``), through the lock file `<name>.lock` beside it.
    ///
    /// Cost: opening reads and checks the whole file (O(store size)) and keeps the
    /// whole store in memory; every save and batch request writes the whole store
    /// (O(store size) bytes, two `fsync`s). Measured (release, a 61 MB store of 1M
    /// rows): open 90 ms against 0.8 ms for `.sqlite`, a one-object save 73 ms against
    /// 11 ms (`scripts/measure-binary-store`, docs/STORES.md).
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsbinarystoretype
    public static func binary(url: URL) -> PersistentStoreDescription {
        var description = PersistentStoreDescription(url: url)
        description.type = .binary
        return description
    }

    /// Writes a binary store's image to its file; tests replace it to fail a write
    /// part-way (docs/STORES.md).
    package var binaryImageWriter = BinaryImageWriter.atomic

    /// The SQLite location this description opens: a binary store is loaded into a
    /// private in-memory database.
    var location: Connection.Location {
        switch type {
        case .inMemory, .binary: return .memory
        case .sqlite: return .file(url?.path ?? ":memory:")
        }
    }

    /// The path errors name: the file for `.sqlite` and `.binary`, `:memory:` otherwise.
    var path: String {
        switch type {
        case .inMemory: return ":memory:"
        case .sqlite, .binary: return url?.path ?? ":memory:"
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
