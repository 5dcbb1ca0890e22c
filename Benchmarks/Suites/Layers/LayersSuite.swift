import BenchKit
import ObjectGraph
import ObjectGraphData
import SQLiteDB
import Workloads

/// The `layers` suite: one dataset, one engine, three API layers, each scenario run
/// through `coredata` (ObjectGraph's Core Data-style typed API), `swiftdata`
/// (ObjectGraphData's SwiftData-style API over the same context type) and `raw`
/// (SQLiteDB, the floor), with equal checksums, so the difference between the two
/// API columns is the SwiftData-style layer's own cost.
///
/// - `insert`, `insert-autosave`: ``LayersInsert``.
/// - `fetch-wide`, `fetch-narrow`, `identifiers`, `iterate-plain`, `iterate-batched`,
///   `iterate-enumerate`: ``LayersFetch``.
/// - `observer`: ``LayersObserver``.
///
/// Not in the default run (`bench run --suite layers`): the 100k cases take minutes.
/// Each read iteration starts from an empty context (reset, not timed).
enum LayersSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "layers",
        summary: "One dataset through three API layers: SwiftData-style, Core Data-style, raw",
        isDefault: false, sizes: [10_000],
        scenarios: [
            LayersInsert.oneSave, LayersInsert.autosave, LayersFetch.wide, LayersFetch.narrow,
            LayersFetch.identifiers, LayersFetch.plain, LayersFetch.batched,
            LayersFetch.enumerate, LayersObserver.scenario,
        ])

    /// The three layers.
    enum Layer: BenchmarkVariant {
        case coredata, swiftdata, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .coredata: .init("coredata", summary: "ObjectGraph typed API (FetchRequest)")
            case .swiftdata:
                .init("swiftdata", summary: "ObjectGraphData (FetchDescriptor, ModelContext)")
            case .raw: .init("raw", summary: "SQLiteDB statements", kind: .raw)
            }
        }
    }
}

/// One `layers` case: the dataset copy, and for `swiftdata` a ``ModelContext`` over the
/// copy's engine container (a context of its own, so nothing is shared with the
/// `coredata` path but the store).
struct LayersState {
    /// The store and configuration.
    let suite: SuiteState
    /// The case's size (posts in the dataset).
    let size: Int
    /// The SwiftData-style context, for `swiftdata` cases only.
    let model: ModelContext?

    /// Opens the store for `context`'s case, with a SwiftData-style context for
    /// `swiftdata`.
    init(_ context: CaseContext, _ layer: LayersSuite.Layer) throws {
        suite = try SuiteState(context)
        size = context.size
        if layer == .swiftdata, let container = suite.store.container {
            model = ModelContext(ModelContainer(persistentContainer: container))
        } else {
            model = nil
        }
    }

    /// Runs `work` on the SwiftData-style context's queue.
    /// - Throws: ``ConfigurationKindError`` when the case is not `swiftdata`, or what
    ///   `work` throws.
    func swiftData<Result>(_ work: (ModelContext) throws -> Result) throws -> Result {
        guard let model else {
            throw ConfigurationKindError(configuration: suite.configuration, bodyNeeds: .subject)
        }
        return try model.performAndWait { try work(model) }
    }

    /// Empties whichever context the case reads through (untimed).
    func resetContexts() throws {
        try suite.resetContext()
        model?.performAndWait { model?.managedObjectContext.reset() }
    }

    /// Copies the dataset back and empties the contexts (untimed).
    func restore() throws {
        try suite.restoreDataset()
        model?.performAndWait {
            model?.autosaveEnabled = false
            model?.managedObjectContext.reset()
        }
    }
}
