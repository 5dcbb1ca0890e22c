import BenchKit
import ObjectGraph
import Workloads

/// The suite `bench run --model` runs: one scenario per template of the model
/// (``ModelTemplatePlan``), each with a raw floor, on the model's generated dataset.
///
/// ```swift
/// let dataset = try ModelDataset(model: try bundle.loadCurrentVersion())
/// let suite = ModelSuite.make(dataset)      // model/fetch-Post, model/to-one-Post.author, …
/// ```
///
/// Cost: data only; each case generates (first time) and copies the dataset in setup.
public enum ModelSuite {
    /// The suite's name: IDs read `model/fetch-Post`.
    public static let name = "model"

    /// The suite of `dataset`'s model.
    public static func make(_ dataset: ModelDataset) -> BenchmarkSuite {
        let plan = ModelTemplatePlan(model: dataset.schema.model, requests: dataset.requests)
        return BenchmarkSuite(
            name: name, summary: "Scenarios generated from the model \(dataset.schema.name)",
            isDefault: false, sizes: [10_000],
            scenarios: plan.templates.map { scenario($0, schema: dataset.schema) })
    }

    /// What `bench list --model` prints about templates that could not be made.
    public static func leftOut(_ dataset: ModelDataset) -> [String] {
        ModelTemplatePlan(model: dataset.schema.model, requests: dataset.requests).leftOut
    }

    static func scenario(_ template: ModelTemplate, schema: DatasetSchema) -> BenchmarkScenario {
        switch template {
        case .fetch(let entity):
            return FetchScenario.make(
                template.scenarioName, summary: template.summary,
                spec: FetchSpec(
                    entity: entity, read: attributeNames(entity, schema),
                    configurations: batchConfigurations(reference: "no-batch")),
                schema: schema)
        case .toOne(let entity, let relationship):
            return RelationshipScenarios.toOne(
                template, entity: entity, relationship: relationship, schema: schema)
        case .toMany(let entity, let relationship):
            return RelationshipScenarios.toMany(
                template, entity: entity, relationship: relationship, schema: schema)
        case .index(let entity, _, let attribute, let sqlIndex):
            return FetchScenario.make(
                template.scenarioName, summary: template.summary,
                spec: indexSpec(entity, attribute, sqlIndex, schema), schema: schema)
        case .insert(let entity):
            return InsertScenario.make(template, entity: entity, schema: schema)
        case .request(let request, let variables):
            return FetchScenario.make(
                template.scenarioName, summary: template.summary,
                spec: FetchSpec(
                    entity: request.entity, predicate: request.predicateFormat,
                    variables: variables, read: attributeNames(request.entity, schema),
                    configurations: batchConfigurations(reference: "objects")),
                schema: schema)
        }
    }

    private static func indexSpec(
        _ entity: String, _ attribute: String, _ sqlIndex: String, _ schema: DatasetSchema
    ) -> FetchSpec {
        FetchSpec(
            entity: entity, predicate: "%K == $VALUE", arguments: [.string(attribute)],
            variables: ["VALUE": attribute], read: attributeNames(entity, schema),
            configurations: [
                FetchConfiguration(name: "indexed", summary: "the model's index"),
                FetchConfiguration(
                    name: "unindexed", summary: "the same fetch with \(sqlIndex) dropped",
                    dropsIndex: sqlIndex),
            ])
    }

    private static func batchConfigurations(reference: String) -> [FetchConfiguration] {
        [
            FetchConfiguration(name: reference, summary: "fetchBatchSize 0: one SELECT"),
            FetchConfiguration(
                name: "batch-20", summary: "fetchBatchSize 20: IDs, then a SELECT per 20",
                batchSize: 20),
        ]
    }

    /// The stored attributes of `entity`, inherited ones first.
    static func attributeNames(_ entity: String, _ schema: DatasetSchema) -> [String] {
        schema.model.entity(named: entity)?.attributes.map(\.name) ?? []
    }
}
