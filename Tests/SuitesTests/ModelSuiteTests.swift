import BenchKit
import Foundation
import ObjectGraph
import TestSupport
import Testing
import Workloads

@testable import BenchmarkSuites

/// `bench run --model`: the templates generated from a small Xcode model written for
/// these tests, and one run of every configuration at 1,000 with the statement counts
/// Core Data's rules give and checksum agreement.
@Suite struct ModelSuiteTests {
    /// A library: authors (legacy `indexed` name), books (archived keyword lists, a fetch
    /// index on `year`, an optional author, many-to-many tags), tags (unique labels, so `insert-Tag` copies
    /// rows with fresh labels), and two fetch request templates, one whose variable no
    /// key path is compared with.
    static let contents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
        lastSavedToolsVersion="23788" systemVersion="24D70" minimumToolsVersion="Automatic" \
        sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Author" representedClassName="Author" syncable="YES">
                <attribute name="age" optional="YES" attributeType="Integer 32" \
        defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="name" optional="YES" attributeType="String" indexed="YES"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" \
        destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
            </entity>
            <entity name="Book" representedClassName="Book" syncable="YES">
                <attribute name="keywords" optional="YES" attributeType="Transformable" \
        valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="year" optional="YES" attributeType="Integer 16" \
        defaultValueString="0" usesScalarValueType="YES"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" \
        destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" \
        destinationEntity="Tag" inverseName="books" inverseEntity="Tag"/>
                <fetchIndex name="byYearIndex">
                    <fetchIndexElement property="year" type="Binary" order="ascending"/>
                </fetchIndex>
            </entity>
            <entity name="Tag" representedClassName="Tag" syncable="YES">
                <attribute name="label" optional="YES" attributeType="String"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" \
        destinationEntity="Book" inverseName="tags" inverseEntity="Book"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="label"/></uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <fetchRequest name="byAuthorName" entity="Book" \
        predicateString="author.name == $NAME AND year &gt; 1900"/>
            <fetchRequest name="two variables" entity="Book" predicateString="$A == $B"/>
        </model>
        """

    static let size = 1_000

    static func dataset(counts: [String: Int] = [:]) throws -> (ModelDataset, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("Library.xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("contents")
        try Data(contents.utf8).write(to: file)
        return (try ModelDataset(model: XcodeModel(contentsOf: file), counts: counts), directory)
    }

    @Test(
        "--entity counts are part of the schema name, so the dataset cache never reuses other counts"
    )
    func countsName() throws {
        let (plain, _) = try Self.dataset()
        let (again, _) = try Self.dataset()
        let (noAuthors, _) = try Self.dataset(counts: ["Author": 0])
        let (fewAuthors, _) = try Self.dataset(counts: ["Author": 5])
        #expect(plain.schema.name == again.schema.name)
        #expect(noAuthors.schema.name != plain.schema.name)
        #expect(noAuthors.schema.name != fewAuthors.schema.name)
        #expect(noAuthors.schema.name.hasPrefix("model-Library-"))
    }

    @Test(
        "a relationship empty in every row of the dataset is not compared: its cases are skipped with why"
    )
    func emptyRelationship() throws {
        // No authors: every Book.author is nil (it is optional), Author.books has no owner.
        let (dataset, _) = try Self.dataset(counts: ["Author": 0])
        _ = SuiteRun.datasets
        let scenarios: Set = ["to-one-Book.author", "to-many-Author.books", "to-many-Book.tags"]
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 1)
        let cases = Runner(limits: limits, seed: 42, isolation: .inProcess).run(
            RunPlan(
                benchmarks: ModelSuite.make(dataset).benchmarks.filter {
                    scenarios.contains($0.id.scenario)
                }, sizes: [Self.size])
        ).cases
        let byScenario = Dictionary(grouping: cases) { $0.key.benchmark.scenario }
        let toOne = try #require(byScenario["to-one-Book.author"])
        #expect(toOne.map(\.key.configuration) == ["faults", "prefetch", "raw"])
        for result in toOne {
            #expect(result.status == .skipped)
            #expect(
                result.errors == [
                    "Book.author is empty in all \(Self.size) rows of the generated dataset "
                        + "(its destination Author has 0 rows): reading nothing is not compared"
                ])
            #expect(result.checksum == nil && result.metrics.isEmpty)
        }
        for result in try #require(byScenario["to-many-Author.books"]) {
            #expect(result.status == .skipped)
            #expect(
                result.errors == [
                    "Author has no rows in the generated dataset, so Author.books has nothing "
                        + "to read: not compared"
                ])
        }
        let tags = try #require(byScenario["to-many-Book.tags"])
        #expect(tags.count == 4 && tags.allSatisfy { $0.status == .passed })
        // Only the relationship that holds links is compared.
        let compared = Set(RunAnalysis(cases: cases, seed: 42).ratios.map(\.benchmark.scenario))
        #expect(compared == ["to-many-Book.tags"])
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
    }

    @Test("every template of the model, by name; what cannot be made is left out with why")
    func templates() throws {
        let (dataset, _) = try Self.dataset()
        let plan = ModelTemplatePlan(model: dataset.schema.model, requests: dataset.requests)
        #expect(
            plan.templates.map(\.scenarioName) == [
                "fetch-Author", "to-many-Author.books", "index-Author.name", "insert-Author",
                "fetch-Book", "to-one-Book.author", "to-many-Book.tags", "index-Book.byYearIndex",
                "insert-Book", "fetch-Tag", "to-many-Tag.books", "insert-Tag",
                "request-byAuthorName",
            ])
        #expect(
            plan.leftOut == [
                "request-two_variables left out: no key path is compared with $A to take a value from"
            ])
        let request = try #require(plan.templates.last)
        #expect(request == .request(dataset.requests[0], variables: ["NAME": "author.name"]))
        let index = plan.templates.first { $0.scenarioName == "index-Author.name" }
        #expect(
            index
                == .index(
                    entity: "Author", name: "name", attribute: "name",
                    sqlIndex: "ZAUTHOR_ZNAME_INDEX"))
    }

    @Test(
        "a variable takes the key path it is compared with, on either side",
        arguments: [
            ("author.name == $NAME", "NAME", "author.name"),
            ("$NAME == author.name", "NAME", "author.name"),
            ("ANY tags.label BEGINSWITH[c] $P AND year > 3", "P", "tags.label"),
            ("year > 3 AND $A == $B", "A", nil),
            ("title == $NAMES", "NAME", nil),
        ] as [(String, String, String?)])
    func variables(_ format: String, _ name: String, _ keyPath: String?) {
        #expect(VariableKeyPath.find(name, in: format) == keyPath)
    }

    @Test("each configuration runs with Core Data's statement counts; checksums agree")
    func run() throws {
        let (dataset, _) = try Self.dataset()
        _ = SuiteRun.datasets
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 1)
        let cases = Runner(limits: limits, seed: 42, isolation: .inProcess).run(
            RunPlan(benchmarks: ModelSuite.make(dataset).benchmarks, sizes: [Self.size])
        ).cases
        for failed in cases where failed.status != .passed {
            Issue.record("\(failed.key) \(failed.status): \(failed.errors)")
        }
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let selects = { (scenario: String, configuration: String) in
            SuiteRun.metric(cases, scenario, configuration, "sql.selects")
        }
        let layout = try DatasetLayout(schema: dataset.schema, size: Self.size)
        let books = try #require(layout.counts["Book"])
        let authors = try #require(layout.counts["Author"])
        #expect(selects("fetch-Book", "no-batch") == 1)
        #expect(selects("fetch-Book", "batch-20") == 1 + (books + 19) / 20)
        #expect(SuiteRun.metric(cases, "fetch-Book", "raw", "sql.statements") == 1)
        #expect(selects("to-many-Author.books", "fault-per-owner") == 1 + authors)
        #expect(selects("to-many-Author.books", "prefetch") == 2)
        #expect(selects("to-many-Author.books", "count") == 1)
        #expect(selects("to-one-Book.author", "prefetch") == 2)
        #expect((selects("to-one-Book.author", "faults") ?? 0) > 2)
        #expect(
            SuiteRun.metric(cases, "insert-Book", "per-object", "sql.inserts") == Self.size / 10)
        #expect(
            SuiteRun.plan(cases, "index-Book.byYearIndex", "indexed").contains("Z_Book_byYearIndex")
        )
        #expect(!SuiteRun.plan(cases, "index-Book.byYearIndex", "unindexed").contains("INDEX"))
        #expect(selects("request-byAuthorName", "objects") == 1)
        #expect(SuiteRun.metric(cases, "insert-Tag", "per-object", "sql.inserts") == Self.size / 10)
    }
}
