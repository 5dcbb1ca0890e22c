import Foundation

/// The whole stack in one object: a model, a store, the coordinator that owns the
/// store's connection and row cache, a main-queue ``viewContext`` and background
/// contexts on demand.
///
/// ```swift
/// let container = PersistentContainer(name: "Social", model: model)
/// container.persistentStoreDescriptions = [PersistentStoreDescription(url: storeURL)]
/// try container.loadPersistentStores()
/// let context = container.newBackgroundContext()
/// ```
///
/// One store per container: the first description is loaded.
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistentcontainer
public final class PersistentContainer {
    /// The container's name; the default store file is `<name>.sqlite`.
    public let name: String
    /// The model the store is opened with.
    public let managedObjectModel: ManagedObjectModel
    /// Where and how to open the store; set before ``loadPersistentStores()``.
    public var persistentStoreDescriptions: [PersistentStoreDescription]
    /// The SQL debug log; defaults to the one `FAULTLINE_SQL_DEBUG` asks for. Setting it
    /// takes effect at once, also on a loaded store. It is one engine trace sink, the
    /// first to receive each event.
    public var sqlDebugLog: SQLDebugLog? = SQLDebugLog.fromEnvironment() {
        didSet { coordinator?.setTraceSinks(allTraceSinks) }
    }

    private let collector = StatisticsCollector()
    private var traceSinks: [any EngineTraceSink] = []
    private var coordinator: StoreCoordinator?
    private var mainContext: ManagedObjectContext?

    /// A container for `model`, with one SQLite store description at
    /// `defaultDirectoryURL()/<name>.sqlite`.
    public init(name: String, model: ManagedObjectModel) {
        self.name = name
        self.managedObjectModel = model
        self.persistentStoreDescriptions = [
            PersistentStoreDescription(
                url: Self.defaultDirectoryURL().appendingPathComponent("\(name).sqlite"))
        ]
    }

    /// Where stores go by default: the user's application support directory.
    public static func defaultDirectoryURL() -> URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
    }

    /// Validates the model, then opens the store of the first description, creating its
    /// tables when the store is new.
    ///
    /// Cost: a few pragmas and `SELECT … FROM Z_METADATA` for an existing store; the
    /// schema's DDL in one transaction for a new one. A binary store also reads and
    /// checks its whole file, and writes it when new or when history tracking is on.
    ///
    /// - Throws: ``ModelError`` for an invalid model, ``StoreError`` when the store was
    ///   made with another model version, cannot be opened, or (binary stores) is not a
    ///   store image or is open in another container.
    public func loadPersistentStores() throws {
        try managedObjectModel.validate()
        let description = persistentStoreDescriptions.first ?? .inMemory()
        if description.type != .inMemory,
            let directory = description.url?.deletingLastPathComponent()
        {
            try Self.createDirectory(directory)
        }
        coordinator = try StoreCoordinator(
            model: managedObjectModel, description: description, statistics: collector,
            traceSinks: allTraceSinks)
        mainContext = nil
    }

    /// Creates the store's directory and its missing parents, with a ``StoreError``
    /// naming the directory and the system's reason (a file in the way, permission)
    /// rather than Foundation's error dump.
    private static func createDirectory(_ directory: URL) throws {
        var path = ""
        for component in directory.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw StoreError.cannotCreateDirectory(
                        path: directory.path, reason: "\(path) is a file, not a directory")
                }
                continue
            }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                throw StoreError.cannotCreateDirectory(
                    path: directory.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// The main-queue context, created on first use. Requires a loaded store.
    public var viewContext: ManagedObjectContext {
        if let mainContext { return mainContext }
        let context = ManagedObjectContext(concurrencyType: .mainQueue, coordinator: loaded)
        context.undoManager = ContextUndoManager()
        mainContext = context
        return context
    }

    /// A new private-queue context on the same store. Requires a loaded store.
    public func newBackgroundContext() -> ManagedObjectContext {
        ManagedObjectContext(concurrencyType: .privateQueue, coordinator: loaded)
    }

    /// The engine's counters since loading or the last ``resetStatistics()``.
    ///
    /// Cost: one lock and a copy of the counters.
    public var statistics: EngineStatistics { collector.snapshot }

    /// Zeroes the engine's counters.
    public func resetStatistics() {
        collector.reset()
    }

    // MARK: - Trace sinks

    /// Attaches `sink` to the engine trace: from now on it receives every SQLite event
    /// of the store's connection (statements with SQL, bound values, time, rows and
    /// `sqlite3_stmt_status` deltas) and the engine's annotations (faults, batches,
    /// prefetch levels, save phases) as ``EngineTraceEvent`` values. Takes effect at
    /// once, also on a loaded store; sinks attached before loading see it open.
    ///
    /// ```swift
    /// container.addTraceSink(recorder)
    /// _ = try context.fetch(request)
    /// container.removeTraceSink(recorder)
    /// ```
    ///
    /// Cost: while any sink is attached, one event per statement and annotation (with
    /// none, each annotation site is one branch); a batch insert's per-row INSERTs are
    /// traced too, which costs more than the rows.
    package func addTraceSink(_ sink: any EngineTraceSink) {
        traceSinks.append(sink)
        coordinator?.setTraceSinks(allTraceSinks)
    }

    /// Detaches a sink added with ``addTraceSink(_:)``; it receives nothing afterwards.
    package func removeTraceSink(_ sink: any EngineTraceSink) {
        traceSinks.removeAll { $0 === sink }
        coordinator?.setTraceSinks(allTraceSinks)
    }

    /// The debug log, then the attached sinks.
    private var allTraceSinks: [any EngineTraceSink] {
        (sqlDebugLog.map { [$0] } ?? []) + traceSinks
    }

    /// How many rows the coordinator's row cache holds now (0 before loading).
    public var rowCacheCount: Int { coordinator?.rowCacheCount ?? 0 }

    /// SQLite's page-cache and WAL counters of the store's connection since it was
    /// loaded (``StoreConnectionStatus``); nil before loading. Unlike ``statistics``
    /// they are not reset by ``resetStatistics()``: read them before and after.
    ///
    /// Cost: a lock and a few `sqlite3_db_status` calls, no I/O.
    public var storeConnectionStatus: StoreConnectionStatus? {
        try? coordinator?.connectionStatus()
    }

    /// The coordinator, nil before loading.
    var coordinatorIfLoaded: StoreCoordinator? { coordinator }

    /// The coordinator.
    ///
    /// - Throws: ``StoreError/notLoaded`` before ``loadPersistentStores()``.
    func loadedCoordinator() throws(StoreError) -> StoreCoordinator {
        guard let coordinator else { throw .notLoaded }
        return coordinator
    }

    private var loaded: StoreCoordinator {
        guard let coordinator else {
            preconditionFailure("\(StoreError.notLoaded)")
        }
        return coordinator
    }
}
