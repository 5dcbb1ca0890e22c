import Foundation
import SQLiteDB

/// What `Z_METADATA` holds: the store's UUID and the version hash of every entity the
/// store was made with, in a binary property list as Core Data writes it.
package struct StoreMetadata: Equatable, Sendable {
    /// The store's identifier, used in object ID URIs.
    package var uuid: String
    /// Entity name to version hash (16 hex digits).
    package var entityHashes: [String: String]
    /// The model's version hash.
    package var modelHash: String

    /// The metadata of a new store of `model`.
    package init(model: ManagedObjectModel) {
        uuid = UUID().uuidString
        entityHashes = model.entityVersionHashes
        modelHash = model.versionHash
    }

    /// Entities whose hashes differ between the store and `model`, sorted by name.
    package func differingEntities(from model: ManagedObjectModel) -> [String] {
        let current = model.entityVersionHashes
        let names = Set(current.keys).union(entityHashes.keys)
        return names.filter { current[$0] != entityHashes[$0] }.sorted()
    }

    // MARK: - Reading and writing

    /// Reads the row Core Data reads first when it opens a store.
    ///
    /// - Throws: ``StoreError/unreadableMetadata(path:reason:)`` or ``SQLiteError``.
    package static func read(from connection: Connection) throws -> StoreMetadata? {
        let row = try connection.fetchOne("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA") {
            ($0.string(at: 1), $0.data(at: 2))
        }
        guard let (uuid, plist) = row else { return nil }
        let path = connection.location.path
        let object = try PropertyListSerialization.propertyList(from: plist, format: nil)
        guard let dictionary = object as? [String: Any],
            let hashes = dictionary["NSStoreModelVersionHashes"] as? [String: String],
            let modelHash = dictionary["NSStoreModelVersionHashesDigest"] as? String
        else {
            throw StoreError.unreadableMetadata(path: path, reason: "unexpected property list")
        }
        return StoreMetadata(uuid: uuid, entityHashes: hashes, modelHash: modelHash)
    }

    /// Writes the metadata row.
    package func write(to connection: Connection) throws {
        let dictionary: [String: Any] = [
            "NSStoreType": "SQLite", "NSStoreUUID": uuid,
            "NSStoreModelVersionHashes": entityHashes,
            "NSStoreModelVersionHashesDigest": modelHash,
        ]
        let plist = try PropertyListSerialization.data(
            fromPropertyList: dictionary, format: .binary, options: 0)
        try connection.execute(
            "INSERT OR REPLACE INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) "
                + "VALUES (1, \(uuid), \(plist))")
    }

    private init(uuid: String, entityHashes: [String: String], modelHash: String) {
        self.uuid = uuid
        self.entityHashes = entityHashes
        self.modelHash = modelHash
    }
}
