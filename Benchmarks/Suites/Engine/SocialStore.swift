import BenchKit
import DurableFiles
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// A case's private copy of a cached dataset (`social` for the engine suites, a user's
/// model for `bench run --model`), opened for the configuration being run: an engine
/// container and context, or a raw SQLiteDB connection.
///
/// The dataset comes from ``DatasetCache`` (`FAULTLINE_DATASETS`, else
/// `.faultline/datasets`) at the case's size and seed and is copied with SQLite's
/// backup into a temporary file, so no case writes to the cache. The store registers
/// the dataset, engine counters and an SQL trace source on the case. Not timed.
/// Cost: generation on first use of a size, then one page copy per case.
final class SocialStore {
    /// The copy's path.
    let path: String
    /// The raw connection (every configuration has one; `raw` uses it for its SQL).
    let connection: Connection
    /// The engine's container, nil for `raw` configurations.
    let container: PersistentContainer?
    /// The working context (private queue: bodies run inside `performAndWait`), nil for
    /// `raw` configurations.
    let context: ManagedObjectContext?
    private let cached: CachedDataset

    /// Opens a fresh copy of `schema`'s dataset for `caseContext`; `.raw`-kind
    /// configurations get no container. With `historyTracking`, the engine container
    /// records persistent history.
    init(
        _ caseContext: CaseContext, schema: DatasetSchema = .social, historyTracking: Bool = false
    ) throws {
        let cache = DatasetCache(directory: DatasetCache.defaultDirectory())
        cached = try cache.dataset(
            schema: schema, size: caseContext.size, seed: caseContext.seed)
        let manifest = cached.manifest
        caseContext.record(
            DatasetRecord(
                name: manifest.key, size: manifest.size, seed: manifest.seed,
                contentHash: manifest.contentHash))
        path =
            ScratchFile.url("case", suffix: ".sqlite").path
        SyncCounter.install()  // before the case's files open: their syncs are counted
        connection = try Connection(location: .file(path))
        try Self.copy(from: cached.storePath, into: connection)
        if caseContext.configuration.kind == .raw {
            container = nil
            context = nil
            let bridge = SQLTraceBridge(connection: connection)
            caseContext.register(trace: bridge)
            caseContext.register(bridge)
            caseContext.register(SQLiteCounters(connection: connection))
        } else {
            let container = PersistentContainer(name: schema.name, model: schema.model)
            var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
            description.isPersistentHistoryTrackingEnabled = historyTracking
            container.persistentStoreDescriptions = [description]
            container.sqlDebugLog = nil
            try container.loadPersistentStores()
            self.container = container
            context = container.newBackgroundContext()
            caseContext.register(EngineCounters(container: container))
            caseContext.register(SQLiteCounters(container: container))
            caseContext.register(
                trace: try SQLTraceBridge(container: container, planner: connection))
        }
    }

    deinit {
        DatabaseFiles.remove(path)
    }

    /// Copies the cached dataset over the working copy again (before a mutating
    /// iteration); the engine's context is reset so no stale object survives.
    func restore() throws {
        context?.performAndWait { context?.reset() }
        try Self.copy(from: cached.storePath, into: connection)
    }

    private static func copy(from source: String, into destination: Connection) throws {
        var configuration = Connection.Configuration()
        configuration.openMode = .readOnly
        let origin = try Connection(location: .file(source), configuration: configuration)
        try origin.backup(to: destination)
    }
}
