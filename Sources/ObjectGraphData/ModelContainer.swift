import Foundation
import ObjectGraph

/// The store and model of an app: SwiftData's `ModelContainer`, over an ObjectGraph
/// ``PersistentContainer`` (the same engine, SQL and file layout as the Core Data-style
/// API).
///
/// ```swift
/// let container = try ModelContainer(
///     for: model, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
/// let context = ModelContext(container)
/// ```
///
/// SwiftData builds the schema from `@Model` classes; here the model is an ObjectGraph
/// ``ManagedObjectModel`` whose entities name their `ManagedObject` subclasses (Swift
/// macros cannot be built here).
///
/// Cost: opening creates or checks the store's tables (one transaction).
///
/// Related: https://developer.apple.com/documentation/swiftdata/modelcontainer
public final class ModelContainer {
    /// The ObjectGraph container underneath, for interoperating with the Core Data-style
    /// API (its `viewContext` is the main context's).
    public let persistentContainer: PersistentContainer
    /// The configuration the store was opened with.
    public let configurations: [ModelConfiguration]
    private var main: ModelContext?

    /// Opens (creating if needed) the store of `configurations`' first configuration.
    ///
    /// - Parameters:
    ///   - model: The model of the store.
    ///   - configurations: Where the store lives; the first is used, an in-file default
    ///     store when none.
    /// - Throws: ``ModelError`` for an invalid model, `StoreError` or `SQLiteError`
    ///   when the store cannot be opened.
    public convenience init(
        for model: ManagedObjectModel, configurations: ModelConfiguration...
    ) throws {
        let configuration = configurations.first ?? ModelConfiguration()
        let container = PersistentContainer(name: configuration.name, model: model)
        container.persistentStoreDescriptions = [configuration.storeDescription]
        try container.loadPersistentStores()
        self.init(persistentContainer: container, configurations: [configuration])
    }

    /// A container over an already loaded ObjectGraph container: both APIs then share
    /// one store, one row cache and one set of engine statistics.
    public init(persistentContainer: PersistentContainer, configurations: [ModelConfiguration] = [])
    {
        self.persistentContainer = persistentContainer
        self.configurations = configurations
    }

    /// The model.
    public var schema: ManagedObjectModel { persistentContainer.managedObjectModel }

    /// The main-queue context, with autosave on: use it on the main thread.
    ///
    /// Cost: made on first use; autosave adds an objects-did-change observer (one array
    /// append per change, one save per event with changes).
    @MainActor public var mainContext: ModelContext {
        if let main { return main }
        let context = ModelContext(
            container: self, managedObjectContext: persistentContainer.viewContext,
            autosaveEnabled: true)
        main = context
        return context
    }
}
