import BenchKit
import DurableFiles
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// A `migration` case's stores: the cached social dataset copied once into a template,
/// and before every iteration (untimed) the template copied into the working file the
/// iteration migrates, so each one starts from version 1.
///
/// Engine statements are counted from each iteration's container (the migration runs
/// inside ``PersistentContainer/loadPersistentStores()``), raw ones from the raw
/// connection, as `sql.statements` and `sql.transactions`.
final class MigrationStore: CounterSource {
    let path: String
    private let template: String
    /// The container of the running iteration (engine configurations).
    private(set) var container: PersistentContainer?
    /// The connection of the running iteration (raw configurations).
    private(set) var connection: Connection?
    private var finished = [0.0, 0.0]

    init(_ context: CaseContext) throws {
        let cache = DatasetCache(directory: DatasetCache.defaultDirectory())
        let cached = try cache.dataset(schema: .social, size: context.size, seed: context.seed)
        let manifest = cached.manifest
        context.record(
            DatasetRecord(
                name: manifest.key, size: manifest.size, seed: manifest.seed,
                contentHash: manifest.contentHash))
        let base = ScratchFile.url("migration").path
        template = base + "-v1.sqlite"
        path = base + ".sqlite"
        var readOnly = Connection.Configuration()
        readOnly.openMode = .readOnly
        let origin = try Connection(location: .file(cached.storePath), configuration: readOnly)
        let copy = try Connection(location: .file(template))
        try origin.backup(to: copy)
        try copy.execute(script: "PRAGMA journal_mode = DELETE")
        try copy.close()
        context.register(self)
    }

    deinit {
        close()
        DatabaseFiles.remove(template)
        DatabaseFiles.remove(path)
    }

    /// The `setup:` of the migration scenarios, whatever the variant.
    static func open<Variant>(_ context: CaseContext, _ variant: Variant) throws -> MigrationStore {
        try MigrationStore(context)
    }

    /// The `reset:` of the migration scenarios: a fresh version 1 store.
    static func restore<Variant>(_ store: inout MigrationStore, _ variant: Variant) throws {
        try store.restore()
    }

    /// Closes the last iteration's store and puts a fresh version 1 store in its place.
    func restore() throws {
        close()
        DatabaseFiles.remove(path)
        do {
            try FileManager.default.copyItem(atPath: template, toPath: path)
        } catch {
            throw StoreCopyError(
                description: "cannot copy the version 1 store \(template) to \(path): "
                    + ErrorText.describe(error) + "; check the temporary directory's space")
        }
    }

    /// The working copy could not be made.
    struct StoreCopyError: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens the working store with `model`, migrating from version 1 as `configure`
    /// asks (timed: this is the migration).
    @discardableResult
    func open(
        _ model: ManagedObjectModel,
        configure: (inout PersistentStoreDescription) -> Void = { _ in }
    ) throws -> PersistentContainer {
        close()
        let opened = PersistentContainer(name: "Migration", model: model)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.sourceModels = [MigrationModels.v1]
        configure(&description)
        opened.persistentStoreDescriptions = [description]
        opened.sqlDebugLog = nil
        try opened.loadPersistentStores()
        container = opened
        return opened
    }

    /// Statements the raw configurations ran through ``raw(_:)``.
    private var rawStatements = 0

    /// Runs `statements` on a raw connection to the working store, in one transaction
    /// (the floor's path: the same schema change, by hand).
    func raw(_ statements: [SQL]) throws {
        close()
        let opened = try Connection(location: .file(path))
        connection = opened
        try opened.transaction(.immediate) {
            for statement in statements { try opened.execute(statement) }
        }
        rawStatements += statements.count + 2
    }

    private func close() {
        if let container {
            let statistics = container.statistics
            finished[0] += Double(statistics.statementCount)
            finished[1] += Double(statistics.transactionCount)
        }
        container = nil
        try? connection?.close()
        connection = nil
    }

    let metrics = ["sql.statements", "sql.transactions"].map { Metric(name: $0, unit: .count) }

    func read() -> [Double] {
        let statistics = container?.statistics
        return [
            finished[0] + Double(statistics?.statementCount ?? 0) + Double(rawStatements),
            finished[1] + Double(statistics?.transactionCount ?? 0),
        ]
    }

    /// ``postsDigest()`` combined with every post's body text, read through the
    /// PostBody entity a split moved it to.
    func splitDigest() throws -> UInt64 {
        let reader = try Connection(location: .file(path))
        defer { try? reader.close() }
        var digest = RowDigest()
        try reader.forEachRow(
            "SELECT p.Z_PK, b.ZTEXT FROM ZPOST p JOIN ZPOSTBODY b ON b.ZPOST = p.Z_PK AND b.Z_PK = p.ZBODYTEXT"
        ) { row in
            digest.add(key: row.int64(at: 0), values: [row.value(at: 1)])
        }
        var checksum = Checksum()
        checksum.combine(try postsDigest())
        checksum.combine(digest.value)
        return checksum.value
    }

    /// An order-free digest of what must survive every migration: each post's key,
    /// title (or headline), likes and author, and each post's tag links. Read untimed
    /// from a connection of its own.
    func postsDigest() throws -> UInt64 {
        let reader = try Connection(location: .file(path))
        defer { try? reader.close() }
        let columns = try reader.fetchAll("SELECT name FROM pragma_table_info('ZPOST')") {
            $0.string(at: 0)
        }
        let title: SQLName = columns.contains("ZHEADLINE") ? "ZHEADLINE" : "ZTITLE"
        var digest = RowDigest()
        try reader.forEachRow("SELECT Z_PK, \(title), ZLIKES, ZAUTHOR FROM ZPOST") { row in
            digest.add(key: row.int64(at: 0), values: Array(row.row().dropFirst()))
        }
        let joins = try reader.fetchAll(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z\\_%TAGS' ESCAPE '\\'"
        ) { $0.string(at: 0) }
        for join in joins {
            try reader.forEachRow("SELECT * FROM \(SQLName(join))") { row in
                digest.add(key: nil, values: row.row())
            }
        }
        return digest.value
    }
}
