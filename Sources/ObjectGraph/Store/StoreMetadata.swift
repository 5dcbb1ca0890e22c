import Foundation
import SQLiteDB

/// What `Z_METADATA` holds, written and read as Core Data does: the store's UUID in
/// `Z_UUID`, and in `Z_PLIST` a binary property list with the version hash of every
/// entity (32-byte data), the model digest, the model's version identifiers, the store
/// type and the framework version.
package struct StoreMetadata: Equatable, Sendable {
    /// The store's identifier, used in object ID URIs (Core Data's `NSStoreUUID`).
    package var uuid: String
    /// Entity name to version hash (`NSStoreModelVersionHashes`).
    package var entityHashes: [String: Data]
    /// The model digest (`NSStoreModelVersionHashesDigest`), when the store has one.
    package var modelDigest: String?
    /// `NSStoreModelVersionIdentifiers`: informational, never used for matching.
    package var versionIdentifiers: [String]
    /// `NSPersistenceFrameworkVersion`: the Core Data release that wrote the store.
    package var frameworkVersion: Int?

    /// Whether this engine wrote the store, so its hashes are ours: a Core Data store
    /// is matched to a model by its tables instead (``StoreSchemaMatch``).
    package var isWrittenByThisEngine: Bool

    /// Cleanup a deferred lightweight migration left for
    /// ``PersistentContainer/finishDeferredLightweightMigration()``; empty when none.
    package var deferredCleanup: [DeferredCleanupItem] = []

    /// A digest of the model's indexes when the store was written
    /// (``IndexReconciliation``); nil for stores written before it was recorded and for
    /// Core Data's.
    package var indexDigest: String?
    /// Where this engine records ``indexDigest``.
    static let indexDigestKey = "FaultlineIndexDigest"

    /// Core Data's metadata key (and store option) for deferred lightweight migration:
    /// true in the metadata while cleanup is pending.
    static let deferredKey = "NSPersistentStoreDeferredLightweightMigrationOptionKey"
    /// Where this engine lists the pending cleanup (``DeferredCleanupItem`` text forms).
    static let deferredItemsKey = "FaultlineDeferredCleanup"

    /// The `Z_PLIST` key that marks a store this engine wrote (Core Data keeps unknown
    /// keys, as it does for applications' own metadata).
    static let engineKey = "FaultlineVersionHashes"

    /// The Core Data release whose store layout this engine writes (Z_MODELCACHE and
    /// all, as iOS 17 / macOS 14 stores have it).
    package static let frameworkVersionWritten = 1344

    /// The metadata of a new store of `model`.
    package init(model: ManagedObjectModel) {
        uuid = UUID().uuidString
        entityHashes = model.entityVersionHashes
        modelDigest = model.versionHash
        versionIdentifiers = model.versionIdentifiers
        frameworkVersion = Self.frameworkVersionWritten
        isWrittenByThisEngine = true
        indexDigest = Self.indexDigest(of: model)
    }

    /// The digest of `model`'s index statements: it changes exactly when an index,
    /// fetch index or uniqueness constraint does (version hashes do not cover them).
    package static func indexDigest(of model: ManagedObjectModel) -> String {
        let statements = StoreSchema(entities: model.resolvedEntities).indexStatements
        return VersionHash(statements.map(\.sql.text).joined(separator: ";")).description
    }

    /// Entities whose hashes differ between the store and `model`, sorted by name.
    package func differingEntities(from model: ManagedObjectModel) -> [String] {
        let current = model.entityVersionHashes
        let names = Set(current.keys).union(entityHashes.keys)
        return names.filter { current[$0] != entityHashes[$0] }.sorted()
    }

    // MARK: - Reading and writing

    /// Whether the database has Core Data's `Z_METADATA` table: what makes a SQLite
    /// file a store.
    ///
    /// - Throws: ``SQLiteError``.
    static func tableExists(in connection: Connection) throws -> Bool {
        try connection.fetchOne(CatalogSQL.metadataTableCount) { $0.int64(at: 0) } == 1
    }

    /// Reads the row Core Data reads first when it opens a store.
    ///
    /// - Throws: ``StoreError/unreadableMetadata(path:reason:)`` when `Z_PLIST` is not
    ///   a property list with `NSStoreModelVersionHashes`, or ``SQLiteError``.
    /// - Parameter path: the store file errors name; the connection's path when nil.
    package static func read(from connection: Connection, path: String? = nil) throws
        -> StoreMetadata?
    {
        let row = try connection.fetchOne(CatalogSQL.metadataRow) {
            ($0.string(at: 1), $0.data(at: 2))
        }
        guard let (uuid, plist) = row else { return nil }
        let path = path ?? connection.location.path
        let object = try? PropertyListSerialization.propertyList(from: plist, format: nil)
        guard let dictionary = object as? [String: Any] else {
            throw StoreError.unreadableMetadata(
                path: path, reason: "Z_PLIST is not a property list")
        }
        guard let hashes = dictionary["NSStoreModelVersionHashes"] as? [String: Data] else {
            throw StoreError.unreadableMetadata(
                path: path,
                reason: "NSStoreModelVersionHashes is missing or not entity name to data")
        }
        return StoreMetadata(
            uuid: uuid, entityHashes: hashes,
            modelDigest: dictionary["NSStoreModelVersionHashesDigest"] as? String,
            versionIdentifiers: dictionary["NSStoreModelVersionIdentifiers"] as? [String] ?? [],
            frameworkVersion: (dictionary["NSPersistenceFrameworkVersion"] as? NSNumber)?.intValue,
            isWrittenByThisEngine: dictionary[engineKey] != nil,
            deferredCleanup: (dictionary[deferredItemsKey] as? [String] ?? []).compactMap(
                DeferredCleanupItem.init),
            indexDigest: dictionary[indexDigestKey] as? String)
    }

    /// The property list Core Data writes into `Z_PLIST` (the UUID lives in `Z_UUID`).
    package var propertyList: [String: Any] {
        var dictionary: [String: Any] = [
            "NSStoreType": "SQLite", "NSStoreModelVersionHashesVersion": 3,
            "NSStoreModelVersionHashes": entityHashes,
            "NSStoreModelVersionIdentifiers": versionIdentifiers,
            "_NSAutoVacuumLevel": "2",
        ]
        dictionary["NSStoreModelVersionHashesDigest"] = modelDigest
        dictionary["NSPersistenceFrameworkVersion"] = frameworkVersion
        dictionary[Self.engineKey] = isWrittenByThisEngine ? 1 : nil
        dictionary[Self.indexDigestKey] = indexDigest
        if !deferredCleanup.isEmpty {
            dictionary[Self.deferredKey] = true
            dictionary[Self.deferredItemsKey] = deferredCleanup.map(\.description)
        }
        return dictionary
    }

    /// Writes the metadata row.
    package func write(to connection: Connection) throws {
        let plist = try PropertyListSerialization.data(
            fromPropertyList: propertyList, format: .binary, options: 0)
        try connection.execute(CatalogSQL.writeMetadata(uuid: uuid, plist: plist))
    }

    private init(
        uuid: String, entityHashes: [String: Data], modelDigest: String?,
        versionIdentifiers: [String], frameworkVersion: Int?, isWrittenByThisEngine: Bool,
        deferredCleanup: [DeferredCleanupItem], indexDigest: String?
    ) {
        self.deferredCleanup = deferredCleanup
        self.indexDigest = indexDigest
        self.uuid = uuid
        self.entityHashes = entityHashes
        self.modelDigest = modelDigest
        self.versionIdentifiers = versionIdentifiers
        self.frameworkVersion = frameworkVersion
        self.isWrittenByThisEngine = isWrittenByThisEngine
    }
}
