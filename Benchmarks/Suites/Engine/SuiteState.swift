import BenchKit

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
        store.context?.reset()
    }

    /// Copies the dataset back before a mutating iteration.
    func restoreDataset() throws {
        try store.restore()
    }
}
