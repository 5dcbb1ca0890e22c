import DurableFiles
import Foundation

/// Generated datasets on disk, keyed by schema, size, seed and generator version, so
/// later runs reuse them instead of generating again.
///
/// Each dataset is a directory `<schema>-<size>-s<seed>-g<version>/` holding
/// `store.sqlite` and `manifest.json`. Generation happens in a temporary directory that
/// is renamed into place at the end, so an interrupted generation leaves nothing that
/// looks finished. Before reuse the manifest must match the key and the store file its
/// recorded size and hash, and no hot journal may sit beside it; anything else is
/// deleted and generated again, never used.
///
/// Concurrent processes (two `bench generate`, a cold `bench run` and its workers) take
/// an exclusive `flock` on `<key>.lock` beside the entry while they check or make it,
/// so the second one waits and then reuses what the first generated. Temporary
/// directories of generations that were killed are removed under the same locks.
public struct DatasetCache: Sendable {
    /// Where datasets live.
    public let directory: URL

    /// Where the cache says that it rebuilds a damaged entry (which file, what was
    /// wrong) before doing so: standard error by default, nil for silence.
    public var notice: (@Sendable (String) -> Void)?

    /// A cache in `directory`.
    /// - Parameter notice: Receives the line saying an entry is damaged and rebuilt
    ///   (default: standard error).
    public init(directory: URL, notice: (@Sendable (String) -> Void)? = Self.standardError) {
        self.directory = directory
        self.notice = notice
    }

    /// Writes a notice line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The directory `bench run --dataset-dir` chose, bound while that run's suites run
    /// in this process; nil outside such a run. A task-local rather than the process
    /// environment, so commands run side by side in one process (the tests do) never
    /// see each other's directory: a run once set `FAULTLINE_DATASETS` for the whole
    /// process, and other tests generated 10k datasets into its removed directory.
    @TaskLocal public static var runDirectory: URL?

    /// ``runDirectory`` while one is bound, else `$FAULTLINE_DATASETS`, else
    /// `.faultline/datasets` under the current directory.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let runDirectory { return runDirectory }
        if let path = environment["FAULTLINE_DATASETS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".faultline/datasets", isDirectory: true)
    }

    /// The dataset for `schema` at `size` and `seed`: reused when a valid one is cached,
    /// generated (and cached) otherwise.
    ///
    /// Cost: reuse reads the store file once to check its hash; generation writes every row.
    ///
    /// - Parameter writer: how a new dataset's rows are written (reuse ignores it: the
    ///   content is the same either way).
    public func dataset(
        schema: DatasetSchema, size: Int, seed: UInt64, writer: DatasetWriterKind = .batchInsert
    ) throws -> CachedDataset {
        let key = DatasetKey(schema: schema.name, size: size, seed: seed)
        let final = directory.appendingPathComponent(key.directoryName, isDirectory: true)
        if isReadOnly { return try readOnlyDataset(final, key: key) }
        try AtomicFile.createDirectory(directory)
        let lock = try FileLock(path: lockPath(for: key.directoryName))
        defer { lock.release() }
        sweepTemporaries(holding: key.directoryName)
        var rebuiltBecause: String?
        if FileManager.default.fileExists(atPath: final.path) {
            do {
                let manifest = try validate(final, key: key)
                return CachedDataset(
                    directory: final, manifest: manifest, wasReused: true, rebuiltBecause: nil)
            } catch let error as DatasetError {
                rebuiltBecause = error.description
                notice?("warning: \(error.description); rebuilding it")
                try FileManager.default.removeItem(at: final)
            }
        }
        let manifest = try generate(schema: schema, key: key, writer: writer, into: final)
        return CachedDataset(
            directory: final, manifest: manifest, wasReused: false, rebuiltBecause: rebuiltBecause)
    }

    /// Whether the cache directory exists but this process cannot create files in it
    /// (a read-only mount, another user's cache): then it is only read, without locks.
    var isReadOnly: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue && access(directory.path, W_OK) != 0
    }

    /// A dataset from a cache that cannot be written: reused when valid (entries are
    /// renamed into place whole, manifest last, so reading needs no lock), else an error
    /// saying why, since it cannot be generated there.
    private func readOnlyDataset(_ final: URL, key: DatasetKey) throws -> CachedDataset {
        do {
            let manifest = try validate(final, key: key)
            return CachedDataset(
                directory: final, manifest: manifest, wasReused: true, rebuiltBecause: nil)
        } catch let error as DatasetError {
            let reason: String
            if case .corrupt(_, let why) = error { reason = why } else { reason = "\(error)" }
            throw DatasetError.readOnlyCache(
                directory: directory.path, key: key.directoryName,
                reason: FileManager.default.fileExists(atPath: final.path)
                    ? reason : "it was never generated there")
        }
    }

    /// Every valid dataset in the cache, by key.
    public func list() -> [DatasetManifest] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { name in
            try? Self.readManifest(directory.appendingPathComponent(name, isDirectory: true))
        }
    }

    /// Checks a cached dataset; throws ``DatasetError/corrupt(path:reason:)`` saying why
    /// it cannot be used.
    func validate(_ directory: URL, key: DatasetKey) throws -> DatasetManifest {
        let manifest = try Self.readManifest(directory)
        let store = directory.appendingPathComponent(CachedDataset.storeFileName).path
        guard manifest.key == key.directoryName,
            manifest.formatVersion == DatasetManifest.formatVersion
        else {
            throw DatasetError.corrupt(
                path: directory.path,
                reason: "manifest is for \(manifest.key), not \(key.directoryName)")
        }
        try StoreFileCheck.check(store)
        let file = try FileHash.of(path: store)
        guard file.bytes == manifest.fileBytes else {
            throw DatasetError.corrupt(
                path: store,
                reason: "\(file.bytes) bytes on disk, \(manifest.fileBytes) in the manifest")
        }
        guard file.hash == manifest.fileHash else {
            throw DatasetError.corrupt(
                path: store,
                reason: "file hash \(file.hash) does not match the manifest's \(manifest.fileHash)")
        }
        return manifest
    }

    static func readManifest(_ directory: URL) throws -> DatasetManifest {
        let url = directory.appendingPathComponent(CachedDataset.manifestFileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw DatasetError.corrupt(
                path: directory.path, reason: "no manifest.json (generation did not finish)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try JSONFile.read(DatasetManifest.self, from: url, decoder: decoder)
        } catch {
            throw DatasetError.corrupt(path: url.path, reason: error.reason)
        }
    }
}

/// A dataset ready to use: its store file (never modify it: copy it first) and manifest.
public struct CachedDataset: Sendable {
    static let storeFileName = "store.sqlite"
    static let manifestFileName = "manifest.json"

    /// The dataset's directory.
    public let directory: URL
    public let manifest: DatasetManifest
    /// Whether it came from the cache rather than being generated now.
    public let wasReused: Bool
    /// Why a cached copy was thrown away and generated again, if one was.
    public let rebuiltBecause: String?

    /// The store file.
    public var storePath: String {
        directory.appendingPathComponent(Self.storeFileName).path
    }
}
