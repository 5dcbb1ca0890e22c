import Foundation
import ObjectGraph
import TestSupport

/// A real app's model versions, oldest first, as the migration chain tests walk them.
struct ModelChain: Sendable, CustomStringConvertible {
    /// What the chain is called in test names and reports: `owner/repo Model`.
    var name: String
    /// The `.xcdatamodeld` bundle.
    var bundle: URL
    /// The versions in the order the app shipped them.
    var versions: [String]

    var description: String { name }

    /// Every consecutive pair of versions.
    var steps: [ChainStep] {
        zip(versions, versions.dropFirst()).map { ChainStep(chain: self, from: $0, to: $1) }
    }

    /// The chains in `directory`: every `.xcdatamodeld` bundle in it, at any depth,
    /// with its versions in the order of a `.chain-order` file beside its versions
    /// (one name a line) when there is one, else in ``XcodeModelBundle``'s name order.
    static func chains(in directory: URL) throws -> [ModelChain] {
        let paths =
            FileManager.default.enumerator(atPath: directory.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".xcdatamodeld") } ?? []
        return try paths.sorted().map { path in
            let url = directory.appendingPathComponent(path)
            let order = try? String(
                contentsOf: url.appendingPathComponent(".chain-order"), encoding: .utf8)
            let versions =
                try order.map { $0.split(separator: "\n").map(String.init) }
                ?? XcodeModelBundle(at: url).versionNames
            return ModelChain(name: path, bundle: url, versions: versions)
        }
    }
}

/// Two consecutive versions of a chain: a store made with `from` opened with `to`.
struct ChainStep: Sendable, CustomStringConvertible {
    var chain: ModelChain
    var from: String
    var to: String

    var description: String { "\(chain.name): \(from) -> \(to)" }

    /// What happened to the step.
    enum Outcome: Equatable {
        /// The store migrated; `differences` lists what it did not keep.
        case migrated(differences: [String], report: [String])
        /// Inference refused the pair, for these reasons.
        case refused([MigrationProblem])
    }

    /// Fills a store made with `from` with `dataset`, opens it with `to` (migrating
    /// it lightweight) and compares the two snapshots; or returns inference's refusal,
    /// after checking that opening the store is refused the same way and leaves it as
    /// it was.
    ///
    /// - Throws: ``XcodeModelError`` for a version that does not load, and any error
    ///   filling, opening or reading the store.
    func run(dataset: ChainDataset) throws -> Outcome {
        let bundle = try XcodeModelBundle(at: chain.bundle)
        let source = try bundle.loadVersion(named: from).makeModel()
        let destination = try bundle.loadVersion(named: to).makeModel()
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("\(from).sqlite")
        let before = try Self.fill(url, model: source, dataset: dataset)
        do {
            _ = try InferredMapping(from: source, to: destination)
        } catch {
            guard case .cannotInferMapping(_, let problems) = error else { throw error }
            try Self.expectRefusal(url, source: source, destination: destination, before)
            return .refused(problems)
        }
        let (after, report) = try Self.open(url, model: destination, sourceModels: [source])
        let differences = after.differences(
            migratedFrom: before, source: source, destination: destination)
        return .migrated(differences: differences, report: report)
    }

    private static func fill(_ url: URL, model: ManagedObjectModel, dataset: ChainDataset)
        throws -> ChainSnapshot
    {
        let container = PersistentContainer(name: "Chain", model: model)
        container.persistentStoreDescriptions = [PersistentStoreDescription(url: url)]
        try container.loadPersistentStores()
        try inContext(container) { try dataset.fill($0, model: model) }
        return try inContext(container) { try ChainSnapshot.read($0, model: model) }
    }

    private static func open(
        _ url: URL, model: ManagedObjectModel, sourceModels: [ManagedObjectModel]
    ) throws -> (ChainSnapshot, [String]) {
        var description = PersistentStoreDescription(url: url)
        description.sourceModels = sourceModels
        let container = PersistentContainer(name: "Chain", model: model)
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        let report = container.migrationReports.flatMap { $0.tables.map(\.description) }
        return (try inContext(container) { try ChainSnapshot.read($0, model: model) }, report)
    }

    /// Opening the store with the refused model throws the refusal (with the store's
    /// path), and the store still opens with its own model, holding what it held.
    private static func expectRefusal(
        _ url: URL, source: ManagedObjectModel, destination: ManagedObjectModel,
        _ before: ChainSnapshot
    ) throws {
        do {
            _ = try open(url, model: destination, sourceModels: [source])
            throw RefusalNotRaised(path: url.path)
        } catch let error as MigrationError {
            guard case .cannotInferMapping(url.path, _) = error else { throw error }
        }
        let (after, report) = try open(url, model: source, sourceModels: [])
        guard report.isEmpty, after.counts == before.counts,
            after.attributes == before.attributes
        else { throw RefusalNotRaised(path: url.path) }
    }

    /// A refused step's store opened, or changed, with the model inference refused.
    struct RefusalNotRaised: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "store \(path) opened or changed with a model inference refuses"
        }
    }
}
