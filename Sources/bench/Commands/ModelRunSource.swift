import BenchKit
import BenchmarkSuites
import Foundation
import Workloads

/// `--model` and `--scenarios` for `bench run` and `bench list`: the suite made from a
/// user's Xcode model (scenario templates, `model/…`) or from a scenarios file
/// (`scenarios/…`, on the `--model` model or else `social`), and the arguments that
/// make a worker process rebuild the same suite.
///
/// Cost: loads the model and the file; no dataset is generated until a case's setup.
struct ModelRunSource {
    /// `--scenarios FILE`.
    static let scenarios = ValueOption(
        "--scenarios", "FILE",
        "a JSON file of fetch scenarios to run on --model's data (else social's)")

    /// The options it reads (the model options plus `--scenarios`).
    static let options: [any CommandOption] = ModelOptions.options + [scenarios]

    /// The suite to run.
    let suite: BenchmarkSuite
    /// The model's dataset, nil for `--scenarios` on `social`.
    let dataset: ModelDataset?
    /// Templates of the model that could not be made, one line each.
    let leftOut: [String]
    /// What a worker needs after `__worker` to rebuild ``suite``.
    let workerArguments: [String]

    /// The run's label, which names the model: `model-DataModel-1a2b3c4d`, or
    /// `scenarios-<schema>`.
    var label: String {
        let schema = dataset?.schema.name ?? DatasetSchema.social.name
        return suite.name == ModelSuite.name ? schema : "\(suite.name)-\(schema)"
    }

    /// The source `arguments` name, or nil when they name neither flag.
    /// - Throws: ``UsageError`` for a bad model, entity count or scenarios file.
    static func make(_ arguments: ParsedArguments) throws(UsageError) -> ModelRunSource? {
        let dataset = try ModelOptions.dataset(arguments)
        let forwarded = workerArguments(arguments)
        if let path = try arguments.value(scenarios) {
            let schema = dataset?.schema ?? .social
            do {
                let file = try ScenarioFile(
                    contentsOf: URL(fileURLWithPath: path), model: schema.model)
                return ModelRunSource(
                    suite: ScenarioSuite.make(file, schema: schema), dataset: dataset,
                    leftOut: [], workerArguments: forwarded)
            } catch {
                throw UsageError(message: "--scenarios: \(error)", usage: arguments.usage)
            }
        }
        guard let dataset else { return nil }
        return ModelRunSource(
            suite: ModelSuite.make(dataset), dataset: dataset,
            leftOut: ModelSuite.leftOut(dataset), workerArguments: forwarded)
    }

    /// The source's options as given, paths made absolute so a worker started
    /// elsewhere reads the same files.
    private static func workerArguments(_ arguments: ParsedArguments) -> [String] {
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let given: [(option: any CommandOption, text: String?)] = [
            (ModelOptions.model, arguments.text(ModelOptions.model).map(absolute)),
            (ModelOptions.modelVersion, arguments.text(ModelOptions.modelVersion)),
            (ModelOptions.entityCounts, arguments.text(ModelOptions.entityCounts)),
            (scenarios, arguments.text(scenarios).map(absolute)),
        ]
        return given.flatMap { option, text in text.map { [option.name, $0] } ?? [] }
    }
}
