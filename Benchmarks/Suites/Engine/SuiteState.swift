import BenchKit
import ObjectGraph
import SQLiteDB

/// What every engine suite's case holds: its store copy and configuration name.
struct SuiteState {
    /// The case's private dataset copy.
    let store: SocialStore
    /// The configuration being run.
    let configuration: String

    /// Opens the store for `context`'s case.
    init(_ context: CaseContext) throws {
        store = try SocialStore(context)
        configuration = context.configuration.name
    }

    /// Empties the engine context (and so its row cache) before a read iteration.
    func resetContext() throws {
        store.context?.performAndWait { store.context?.reset() }
    }

    /// Runs `engine` on the context's queue, or `raw` on the connection when the
    /// configuration has no context.
    func run<Result>(
        engine: (ManagedObjectContext) throws -> Result, raw: (Connection) throws -> Result
    ) throws -> Result {
        guard let context = store.context else { return try raw(store.connection) }
        return try context.performAndWait { try engine(context) }
    }

    /// Copies the dataset back before a mutating iteration.
    func restoreDataset() throws {
        try store.restore()
    }
}
