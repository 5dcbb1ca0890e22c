import BenchKit
import Foundation
import ObjectGraph
import Testing
import Workloads

@testable import BenchmarkSuites

/// Fix text that works when pasted (issue 30, item 6): on CoreDataPlus's SampleModel,
/// version 3 (Tests/Fixtures, MIT; camel-case names such as `createdBy` and
/// `previousCars`, a three-deep hierarchy under `Car`, a many-to-many), every relationship scenario's fault findings name a
/// key path that resolves, relationship by relationship and in the model's own case,
/// on the entity the scenario fetched.
@Suite struct FaultKeyPathTests {
    static let sampleModel = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/CoreDataPlus/SampleModel.xcdatamodeld/SampleModel3.xcdatamodel/contents")

    /// The entity `keyPath` ends at, walking `model` from `entity` (parents'
    /// relationships included, names compared exactly); nil when a step does not exist.
    static func resolve(_ keyPath: String, from entity: String, in model: ManagedObjectModel)
        -> String?
    {
        var current = entity
        for name in keyPath.split(separator: ".").map(String.init) {
            var owner: String? = current
            var next: String?
            while let each = owner, next == nil {
                let description = model.entities.first { $0.name == each }
                next = description?.relationships.first { $0.name == name }?.destination
                owner = description?.parent
            }
            guard let found = next else { return nil }
            current = found
        }
        return current
    }

    @Test("every relationship's fault finding names a key path that resolves on the fetched entity")
    func everyRelationship() throws {
        let dataset = try ModelDataset(model: XcodeModel(contentsOf: Self.sampleModel))
        _ = SuiteRun.datasets
        let benchmarks = ModelSuite.make(dataset).benchmarks.filter {
            $0.id.scenario.hasPrefix("to-one-") || $0.id.scenario.hasPrefix("to-many-")
        }
        #expect(
            benchmarks.map(\.id.scenario).sorted() == [
                "to-many-Car.previousOwners", "to-many-Maker.cars", "to-many-Person.cars",
                "to-many-Person.previousCars",
                "to-one-Car.createdBy", "to-one-Car.owner",
            ])
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 1)
        let cases = Runner(limits: limits, seed: 42, isolation: .inProcess).run(
            RunPlan(benchmarks: benchmarks, sizes: [1_000])
        ).cases
        let findings = RunFindings.findings(in: cases)
        let objectModel = dataset.schema.model
        for benchmark in benchmarks {
            let scenario = benchmark.id.scenario
            let named = String(scenario.split(separator: "-", maxSplits: 2).last ?? "")
            let fetched = String(named.prefix { $0 != "." })
            // The fault findings; the projection audit's (wide-fetch, unread-prefetch,
            // untouched-objects) name columns and objects, not a key path to follow.
            let mine = findings.filter {
                $0.location.scenario == benchmark.id.description && $0.kind == .nPlusOne
            }
            #expect(!mine.isEmpty, "\(scenario): its fault configuration is an N+1")
            for finding in mine {
                let keyPath = try #require(finding.subject.keyPath, "\(scenario): no key path")
                #expect(finding.subject.entity == fetched, "\(scenario)")
                #expect(
                    Self.resolve(keyPath, from: fetched, in: objectModel) != nil,
                    "\(scenario): \(keyPath) does not resolve on \(fetched)")
                #expect(named == "\(fetched).\(keyPath)", "\(scenario): named \(keyPath)")
                let api = [finding.fix.coreData, finding.fix.summary].joined(separator: " ")
                if api.contains("relationshipKeyPathsForPrefetching") {
                    #expect(api.contains("[\"\(keyPath)\"]"), "\(api)")
                }
            }
        }
    }

    @Test(
        "a unique shortest path, to-ones first, inherited relationships included; none when two tie",
        arguments: [
            ("Car", "Person", "owner"), ("SportCar", "Person", "owner"),
            ("Car", "Maker", "createdBy"), ("Maker", "Car", "cars"),
            ("Maker", "Person", nil), ("Person", "Car", nil), ("Person", "Maker", nil),
            ("Car", "Car", ""),
        ] as [(String, String, String?)])
    func paths(_ fetched: String, _ faulted: String, _ expected: String?) throws {
        let model = try XcodeModel(contentsOf: Self.sampleModel).makeModel()
        #expect(FaultKeyPath(model: model).keyPath(from: fetched, to: faulted) == expected)
    }
}
