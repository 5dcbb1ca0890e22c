import DurableFiles
import Foundation
import ObjectGraph
import Workloads

/// A `bench run --scenarios` file read and checked against a model: each scenario
/// becomes a ``FetchSpec`` whose configurations are the file's plus a raw floor.
///
/// Every problem is a ``ScenarioFileError`` naming the file, the JSON path
/// (`scenarios.1.configurations.0.prefetch.0`) and what to write instead. Besides the
/// JSON shape, it checks names, entities, attributes and relationships, result types,
/// and runs each scenario's fetches once on an empty in-memory store of the model, so
/// a predicate or sort key the engine would refuse is reported before anything runs.
/// Cost: reads the file; one empty store and one fetch per configuration.
public struct ScenarioFile: Sendable {
    /// The file read.
    public let path: String
    /// The scenarios, named, in file order.
    let scenarios: [(name: String, summary: String, spec: FetchSpec)]

    /// Reads `url` and checks it against `model`.
    /// - Throws: ``ScenarioFileError``.
    public init(contentsOf url: URL, model: ManagedObjectModel) throws(ScenarioFileError) {
        path = url.path
        let json: ScenarioFileJSON
        do {
            json = try JSONFile.read(ScenarioFileJSON.self, from: url, decoder: JSONDecoder())
        } catch {
            throw ScenarioFileError(path: url.path, location: nil, problem: error.reason)
        }
        var check = ScenarioFileCheck(path: url.path, model: model)
        scenarios = try check.specs(json)
    }

    /// The names of the file's scenarios, in order.
    public var scenarioNames: [String] { scenarios.map(\.name) }
}

/// A `--scenarios` file that cannot be run: the file, where in it, and what is wrong.
public struct ScenarioFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The JSON path (`scenarios.0.entity`), nil when the problem says where itself.
    public let location: String?
    /// What is wrong and what to do.
    public let problem: String

    /// `path: at scenarios.0.entity: problem`: one line, except a predicate syntax
    /// error's caret drawing.
    public var description: String {
        ControlCharacters.escaped(
            "\(path): " + (location.map { "at \($0): " } ?? "") + problem, keepingNewlines: true)
    }
}
