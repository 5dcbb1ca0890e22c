import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// What every engine suite's case holds: its store copy, opened for the configuration's
/// kind (an engine context, or only the raw connection).
struct SuiteState {
    /// The case's private dataset copy.
    let store: SocialStore
    /// The configuration being run; its kind decided how the store was opened.
    let configuration: BenchmarkConfiguration

    /// Opens the store for `context`'s case.
    init(_ context: CaseContext) throws {
        try self.init(context, schema: .social)
    }

    /// Opens a copy of `schema`'s dataset for `context`'s case (`social`, or a user's
    /// model); with `historyTracking`, its engine container records persistent history.
    init(_ context: CaseContext, schema: DatasetSchema, historyTracking: Bool = false) throws {
        store = try SocialStore(context, schema: schema, historyTracking: historyTracking)
        configuration = context.configuration
    }

    /// Empties the engine context (and so its row cache) before a read iteration.
    func resetContext() throws {
        store.context?.performAndWait { store.context?.reset() }
    }

    /// Runs `work` on the engine context's queue.
    /// - Throws: ``ConfigurationKindError`` when the configuration is raw (a body's
    ///   engine variant declared with kind `.raw`), or what `work` throws.
    func engine<Result>(_ work: (ManagedObjectContext) throws -> Result) throws -> Result {
        guard let context = store.context else {
            throw ConfigurationKindError(configuration: configuration, bodyNeeds: .subject)
        }
        return try context.performAndWait { try work(context) }
    }

    /// Runs `work` on the raw connection, which only raw configurations trace.
    /// - Throws: ``ConfigurationKindError`` when the configuration runs the engine (a
    ///   raw variant declared without kind `.raw`), or what `work` throws.
    func raw<Result>(_ work: (Connection) throws -> Result) throws -> Result {
        guard store.context == nil else {
            throw ConfigurationKindError(configuration: configuration, bodyNeeds: .raw)
        }
        return try work(store.connection)
    }

    /// Copies the dataset back before a mutating iteration.
    func restoreDataset() throws {
        try store.restore()
    }

    /// The `setup:` of a scenario whose state is the store alone, whatever the variant.
    static func open<Variant>(_ context: CaseContext, _ variant: Variant) throws -> SuiteState {
        try SuiteState(context)
    }

    /// The `reset:` of a read scenario: the engine context emptied, whatever the variant.
    static func emptyContext<Variant>(_ state: inout SuiteState, _ variant: Variant) throws {
        try state.resetContext()
    }
}

/// A body took the engine path for a raw configuration or the raw path for an engine
/// one: the variant's declared kind and its body disagree, so the case would be traced
/// and counted as the wrong thing. Fails the case instead.
struct ConfigurationKindError: Error, CustomStringConvertible {
    /// The configuration run.
    let configuration: BenchmarkConfiguration
    /// The kind the body's path needs.
    let bodyNeeds: BenchmarkConfiguration.Kind

    var description: String {
        "configuration '\(configuration.name)' is declared \(configuration.kind.rawValue) "
            + "but its body takes the \(bodyNeeds == .raw ? "raw" : "engine") path"
    }
}
