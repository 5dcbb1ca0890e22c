import DurableFiles
import Foundation
import ObjectGraph
import SQLiteDB

/// A private copy of a cached dataset's store, opened as an engine container, removed
/// with its `-wal` and `-shm` files when released.
///
/// For work that opens the store read-write (the engine writes its metadata and WAL
/// on open) but must leave the cached file byte for byte what its manifest records:
/// `bench generate --describe`, `bench explain`.
///
/// Cost: one page-by-page copy of the store (SQLite's backup) and a container load.
public final class DatasetStoreCopy {
    /// The copy's file.
    public let url: URL
    /// The container open on the copy.
    public let container: PersistentContainer

    /// Copies `dataset`'s store to a temporary file and opens it with `schema`'s model.
    /// - Parameters:
    ///   - dataset: The cached dataset.
    ///   - schema: The schema it was generated for.
    ///   - sqlDebugLog: The container's SQL debug log (default: the one
    ///     `FAULTLINE_SQL_DEBUG` asks for); nil prints nothing.
    /// - Throws: `SQLiteError` when the copy fails; ``StoreError`` or ``ModelError``
    ///   when the container cannot open it.
    public init(
        of dataset: CachedDataset, schema: DatasetSchema,
        sqlDebugLog: SQLDebugLog? = SQLDebugLog.fromEnvironment()
    ) throws {
        url = ScratchFile.url("copy", suffix: ".sqlite")
        container = PersistentContainer(name: schema.name, model: schema.model)
        do {
            try Connection.copyDatabase(from: dataset.storePath, to: url.path)
            container.persistentStoreDescriptions = [PersistentStoreDescription(url: url)]
            container.sqlDebugLog = sqlDebugLog
            try container.loadPersistentStores()
        } catch {
            Self.remove(url)
            throw error
        }
    }

    deinit {
        Self.remove(url)
    }

    private static func remove(_ url: URL) {
        DatabaseFiles.remove(url.path)
    }
}
