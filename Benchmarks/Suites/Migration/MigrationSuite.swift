import BenchKit
import ObjectGraph
import SQLiteDB

/// The `migration` suite: what a schema change costs when the store opens, on the
/// social dataset, against the SQL a hand-written migration would run.
///
/// - `migration/lightweight`: opening a version 1 store with a changed model:
///   `add-attribute` (ADD COLUMN), `add-entity-last` (a new table), `add-entity-first`
///   (every entity renumbered, every table copied), `rename` (RENAME COLUMN),
///   `add-index` (CREATE INDEX at open); `raw-*` run the same statements by hand.
/// - `migration/deferred`: launch to the first fetch (100 posts) when the change drops
///   a column and adds an index: `immediate` does the cleanup at open, `deferred`
///   postpones it; `cleanup` times `finishDeferredLightweightMigration()` alone.
/// - `migration/custom` and `migration/staged`: ``MigrationSplit``.
///
/// Each iteration starts from a fresh copy of the version 1 store (untimed); the
/// checksum is an order-free digest of every post's key, title, likes and author and
/// of the tag links, read after the migration, untimed.
enum MigrationSuite {
    /// The suite; not in the default run (`bench run --suite migration`).
    static let suite = BenchmarkSuite(
        name: "migration", summary: "Schema changes at open: lightweight, deferred, custom, staged",
        isDefault: false, sizes: [10_000],
        scenarios: [lightweight, deferred, MigrationSplit.custom, MigrationSplit.staged])

    /// The change `lightweight` makes.
    enum Change: BenchmarkVariant {
        case addAttribute, rawAddAttribute, addEntityLast, addEntityFirst, rename, rawRename
        case addIndex, rawAddIndex

        var configuration: BenchmarkConfiguration {
            switch self {
            case .addAttribute: .init("add-attribute", summary: "Post.subtitle added")
            case .rawAddAttribute:
                .init("raw-add-attribute", summary: "ALTER TABLE ADD COLUMN by hand", kind: .raw)
            case .addEntityLast: .init("add-entity-last", summary: "entity Zone added (sorts last)")
            case .addEntityFirst:
                .init("add-entity-first", summary: "entity Album added (renumbers every entity)")
            case .rename: .init("rename", summary: "Post.title renamed headline")
            case .rawRename:
                .init("raw-rename", summary: "ALTER TABLE RENAME COLUMN by hand", kind: .raw)
            case .addIndex: .init("add-index", summary: "Post.likes indexed")
            case .rawAddIndex: .init("raw-add-index", summary: "CREATE INDEX by hand", kind: .raw)
            }
        }
    }

    /// `migration/lightweight`.
    static let lightweight = BenchmarkScenario(
        "lightweight", summary: "Opens a version 1 store with a changed model",
        variants: Change.self, setup: MigrationStore.open, reset: MigrationStore.restore,
        body: { store, change in
            switch change {
            case .addAttribute: try store.open(MigrationModels.addAttribute)
            case .addEntityLast: try store.open(MigrationModels.addEntityLast)
            case .addEntityFirst: try store.open(MigrationModels.addEntityFirst)
            case .rename: try store.open(MigrationModels.rename)
            case .addIndex: try store.open(MigrationModels.addIndex)
            case .rawAddAttribute: try store.raw(["ALTER TABLE ZPOST ADD COLUMN ZSUBTITLE VARCHAR"])
            case .rawRename: try store.raw(["ALTER TABLE ZPOST RENAME COLUMN ZTITLE TO ZHEADLINE"])
            case .rawAddIndex:
                try store.raw(["CREATE INDEX ZPOST_ZLIKES_INDEX ON ZPOST (ZLIKES)"])
            }
        },
        verify: { try $0.postsDigest() })

    /// How `deferred` opens.
    enum Launch: BenchmarkVariant {
        case immediate, deferred, cleanup

        var configuration: BenchmarkConfiguration {
            switch self {
            case .immediate: .init("immediate", summary: "cleanup at open, then the first fetch")
            case .deferred: .init("deferred", summary: "cleanup deferred, then the first fetch")
            case .cleanup:
                .init("cleanup", summary: "finishDeferredLightweightMigration() alone")
            }
        }
    }

    /// `migration/deferred`.
    static let deferred = BenchmarkScenario(
        "deferred", summary: "Launch to first fetch with and without deferred cleanup",
        variants: Launch.self, setup: MigrationStore.open,
        reset: { store, launch in
            try store.restore()
            guard launch == .cleanup else { return }
            try store.open(MigrationModels.dropBody) { $0.usesDeferredLightweightMigration = true }
        },
        body: { store, launch in
            switch launch {
            case .immediate, .deferred:
                let container = try store.open(MigrationModels.dropBody) {
                    $0.usesDeferredLightweightMigration = launch == .deferred
                }
                let context = container.newBackgroundContext()
                let request = FetchRequest<ManagedObject>(entityName: "Post")
                request.fetchLimit = 100
                _ = try context.performAndWait { try context.fetch(request).count }
            case .cleanup:
                try store.container?.finishDeferredLightweightMigration()
            }
        },
        verify: { try $0.postsDigest() })
}
