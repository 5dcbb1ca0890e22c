import BenchKit
import ObjectGraph

/// Splitting `Post.body` into its own `PostBody` entity, the seeds' staged migration
/// example on the social dataset:
///
/// - `migration/custom`: one heavyweight step (a ``MappingModel`` from version 1 to the
///   split) reading source rows in chunks of 10,000 (`chunked`) or all at once
///   (`one-pass`): the peak-memory metric shows what chunking saves.
/// - `migration/staged`: `staged` runs the seeds' three versions (add PostBody
///   lightweight; a custom stage whose will-migrate handler fetches every post with a
///   body, makes its PostBody, saves once; the schema change drops the column);
///   `custom` is the heavyweight step of `migration/custom` for comparison.
///
/// Both checksums cover every post's key, title, likes, author, tags and body text.
enum MigrationSplit {
    /// The heavyweight split, `chunkSize` source rows at a time (0: one pass).
    static func mapping(chunkSize: Int) -> MappingModel {
        var mapping = MappingModel(
            from: MigrationModels.v1, to: MigrationModels.split,
            entityMappings: [
                EntityMapping(name: "user", source: "User", destination: "User"),
                EntityMapping(name: "tag", source: "Tag", destination: "Tag"),
                EntityMapping(
                    name: "post", source: "Post", destination: "Post",
                    relationships: [
                        "tags": .objects(ofSourceRelationship: "tags", madeBy: "tag"),
                        "bodyText": .sameSource(madeBy: "body"),
                    ]),
                EntityMapping(name: "comment", source: "Comment", destination: "Comment"),
                EntityMapping(
                    name: "body", source: "Post", destination: "PostBody",
                    attributes: ["text": .source("body")],
                    relationships: ["post": .sameSource(madeBy: "post")],
                    filter: { $0["body"] != nil }),
            ])
        mapping.chunkSize = chunkSize
        return mapping
    }

    /// The seeds' stages: version 1 to the model with PostBody added (lightweight), then
    /// to the split, moving each body in the will-migrate handler.
    static let stages: StagedMigrationManager = {
        func reference(_ model: ManagedObjectModel) -> ModelReference {
            ModelReference(model, versionChecksum: model.versionChecksum)
        }
        return StagedMigrationManager([
            .lightweight(
                from: reference(MigrationModels.v1), to: reference(MigrationModels.splitAdded),
                label: "add PostBody"),
            .custom(
                from: reference(MigrationModels.splitAdded), to: reference(MigrationModels.split),
                label: "move Post.body",
                willMigrate: { migration in
                    let context = migration.container.newBackgroundContext()
                    try context.performAndWait {
                        let request = FetchRequest<ManagedObject>(entityName: "Post")
                        request.predicate = try FetchPredicate(format: "body != nil")
                        request.fetchBatchSize = 1_000
                        for post in try context.fetch(request) {
                            let body = context.insertNewObject(forEntityName: "PostBody")
                            body.setValue(post.value(forKey: "body"), forKey: "text")
                            body.setValue(post, forKey: "post")
                        }
                        try context.save()
                    }
                }),
        ])
    }()

    /// How `custom` reads the source.
    enum Reading: BenchmarkVariant {
        case chunked, onePass

        var configuration: BenchmarkConfiguration {
            switch self {
            case .chunked: .init("chunked", summary: "10,000 source rows at a time")
            case .onePass: .init("one-pass", summary: "every source row at once")
            }
        }
    }

    /// `migration/custom`.
    static let custom = BenchmarkScenario(
        "custom", summary: "Splits Post.body into PostBody with a custom mapping",
        variants: Reading.self, setup: MigrationStore.open, reset: MigrationStore.restore,
        body: { store, reading in
            try store.open(MigrationModels.split) {
                $0.mappingModels = [mapping(chunkSize: reading == .chunked ? 10_000 : 0)]
            }
        },
        verify: { try $0.splitDigest() })

    /// How `staged` migrates.
    enum Route: BenchmarkVariant {
        case staged, custom

        var configuration: BenchmarkConfiguration {
            switch self {
            case .staged: .init("staged", summary: "three versions, the body moved by a handler")
            case .custom: .init("custom", summary: "one heavyweight step, in chunks")
            }
        }
    }

    /// `migration/staged`.
    static let staged = BenchmarkScenario(
        "staged", summary: "The seeds' three-stage split of Post.body",
        variants: Route.self, setup: MigrationStore.open, reset: MigrationStore.restore,
        body: { store, route in
            switch route {
            case .staged:
                try store.open(MigrationModels.split) { $0.stagedMigrationManager = stages }
            case .custom:
                try store.open(MigrationModels.split) {
                    $0.mappingModels = [mapping(chunkSize: 10_000)]
                }
            }
        },
        verify: { try $0.splitDigest() })
}
