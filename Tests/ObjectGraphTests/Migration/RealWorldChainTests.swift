import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Lightweight migration over model version chains that real apps shipped: for every
/// consecutive pair, a store made with the older version and filled with a generated
/// dataset (``ChainDataset``) is opened with the newer one, and every object's count,
/// primary key, attribute values and relationships are checked (``ChainStep``).
///
/// The chains (Tests/Fixtures/DuckDuckGo-BrowserServicesKit, Apache-2.0) are migrated
/// by Core Data lightweight in the app (no mapping models), so every step must migrate
/// here too; ``refusals`` lists the steps inference refuses, with the reasons, should
/// a chain ever have one. More chains can be run from a directory named by
/// `FAULTLINE_MODEL_CHAINS` (see ``localChains()``); a step the directory holds an
/// `.xcmappingmodel` for runs with it (``MappingModelRun``), not by inference.
@Suite struct RealWorldChainTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DuckDuckGo-BrowserServicesKit")

    /// Bookmarks: attributes added and removed, a to-one renamed to a to-many (a
    /// many-to-many after), version hash modifiers, fetch indexes. Version 2 is not
    /// among the fixtures (their README says why).
    static let bookmarks = ModelChain(
        name: "duckduckgo/BrowserServicesKit BookmarksModel",
        bundle: fixtures.appendingPathComponent("BookmarksModel.xcdatamodeld"),
        versions: (["", " 3", " 4", " 5", " 6"]).map { "BookmarksModel" + $0 })

    /// Sync metadata: attributes added, an entity added, uniqueness constraints.
    static let syncMetadata = ModelChain(
        name: "duckduckgo/BrowserServicesKit SyncMetadata",
        bundle: fixtures.appendingPathComponent("SyncMetadata.xcdatamodeld"),
        versions: ["", " 2", " 3", " 4"].map { "SyncMetadata" + $0 })

    /// Steps that inference refuses, by ``ChainStep/description``, with the problems
    /// it must name. None: Core Data migrates every step of these chains lightweight.
    static let refusals: [String: [MigrationProblem]] = [:]

    static let dataset = ChainDataset(rowsPerEntity: 300, seed: 20)

    @Test(
        "every version of the chain loads and makes a model",
        arguments: [bookmarks, syncMetadata])
    func versionsLoad(_ chain: ModelChain) throws {
        let bundle = try XcodeModelBundle(at: chain.bundle)
        #expect(bundle.versionNames.sorted() == chain.versions.sorted())
        #expect(bundle.currentVersionName == chain.versions.last)
        for version in chain.versions {
            let model = try bundle.loadVersion(named: version).makeModel()
            #expect(!model.entities.isEmpty)
        }
    }

    @Test(
        "the step migrates lightweight and keeps every object, value and relationship",
        arguments: bookmarks.steps + syncMetadata.steps)
    func step(_ step: ChainStep) throws {
        let outcome = try step.run(dataset: Self.dataset)
        if let problems = Self.refusals[step.description] {
            #expect(outcome == .refused(problems))
        } else if case .refused(let problems) = outcome {
            Issue.record("inference refused \(step): \(problems.map(\.description))")
        } else if case .migrated(let differences, _) = outcome {
            #expect(differences.prefix(10) == [], "\(differences.count) differences")
        }
    }

    /// The refusal path, which no step of these chains takes: sync metadata 4 followed
    /// by a made-up version 5 where the optional `lastSynced` becomes required with no
    /// default. Inference must refuse it naming that attribute, opening the store must
    /// be refused the same way, and the store must still open with version 4, unchanged.
    @Test("a step inference refuses is refused at open and leaves the store as it was")
    func refusedStep() throws {
        let directory = try TemporaryDirectory()
        let bundle = directory.url.appendingPathComponent("SyncMetadata.xcdatamodeld")
        try FileManager.default.copyItem(at: Self.syncMetadata.bundle, to: bundle)
        let version4 = bundle.appendingPathComponent("SyncMetadata 4.xcdatamodel/contents")
        let version5 = bundle.appendingPathComponent("SyncMetadata 5.xcdatamodel")
        let contents = try String(contentsOf: version4, encoding: .utf8).replacingOccurrences(
            of: #"name="lastSynced" optional="YES""#, with: #"name="lastSynced""#)
        try FileManager.default.createDirectory(at: version5, withIntermediateDirectories: true)
        try contents.write(
            to: version5.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let chain = ModelChain(
            name: "made-up", bundle: bundle, versions: ["SyncMetadata 4", "SyncMetadata 5"])
        let outcome = try #require(chain.steps.first).run(dataset: Self.dataset)
        #expect(
            outcome
                == .refused([
                    MigrationProblem(
                        entity: "SyncFeatureEntity", property: "lastSynced",
                        reason: "becomes required without a default value, so objects that "
                            + "have none would be invalid; give it a default value")
                ]))
    }

    /// Runs every step of every chain in the directory `FAULTLINE_MODEL_CHAINS` names
    /// (chains whose licence keeps them out of the repository, or any app's), and
    /// prints one line per step: migrated (with the table changes), refused (with the
    /// reasons), or not run (a version does not load, and why). Migrated steps must
    /// keep everything, as above.
    @Test(
        "the chains in FAULTLINE_MODEL_CHAINS migrate step by step",
        .enabled(if: ProcessInfo.processInfo.environment["FAULTLINE_MODEL_CHAINS"] != nil))
    func localChains() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["FAULTLINE_MODEL_CHAINS"])
        let dataset = ChainDataset(rowsPerEntity: 200, seed: 20)
        // A step the app ships a mapping model for is migrated with it (or refused),
        // never inferred: Core Data uses the mapping model.
        let mappings = XcodeMappingModel.find(in: URL(fileURLWithPath: directory)).compactMap {
            try? XcodeMappingModel(at: $0)
        }
        for chain in try ModelChain.chains(in: URL(fileURLWithPath: directory)) {
            let bundleName = chain.bundle.deletingPathExtension().lastPathComponent
            for step in chain.steps {
                if let mapping = mappings.first(where: {
                    $0.modelName == bundleName && $0.sourceVersionName == step.from
                        && $0.destinationVersionName == step.to
                }) {
                    print(
                        "chain \(step): mapping model \(mapping.name): "
                            + run(mapping, step, dataset))
                    continue
                }
                print("chain \(step): " + describe(step, dataset: dataset))
            }
        }
    }

    private func run(_ mapping: XcodeMappingModel, _ step: ChainStep, _ dataset: ChainDataset)
        -> String
    {
        do {
            let bundle = try XcodeModelBundle(at: step.chain.bundle)
            return MappingModelRun(
                mapping: mapping,
                source: try XcodeMappingModelLocalTests.model(bundle, step.from),
                destination: try XcodeMappingModelLocalTests.model(bundle, step.to)
            ).run(dataset: dataset)
        } catch {
            return "not run: \(error)"
        }
    }

    private func describe(_ step: ChainStep, dataset: ChainDataset) -> String {
        let outcome: ChainStep.Outcome
        do { outcome = try step.run(dataset: dataset) } catch {
            return "not run: \(error)"
        }
        switch outcome {
        case .refused(let problems):
            return "refused: " + problems.map(\.description).joined(separator: " | ")
        case .migrated(let differences, let report):
            #expect(differences.prefix(10) == [], "\(step): \(differences.count) differences")
            return "migrated (\(report.joined(separator: "; ")))"
                + (differences.isEmpty ? "" : "; \(differences.count) differences")
        }
    }
}

extension ModelChain: CustomTestStringConvertible {
    var testDescription: String { name }
}

extension ChainStep: CustomTestStringConvertible {
    var testDescription: String { description }
}
