import Foundation
import ObjectGraph

/// Creating an empty ObjectGraph store file for a model.
enum StoreFile {
    /// Lets ObjectGraph create the tables, indexes and metadata of `model` at `path`,
    /// then closes it, so writers start from exactly what the engine would open.
    static func create(at path: String, model: ManagedObjectModel) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatasetError.storeFailed(path: path, reason: "the file already exists")
        }
        let container = PersistentContainer(name: "Dataset", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
    }
}
