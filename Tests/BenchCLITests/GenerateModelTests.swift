import Foundation
import TestSupport
import Testing
import Workloads

/// `bench generate --model` with CoreDataPlus's SampleModel (Tests/Fixtures, MIT).
@Suite struct GenerateModelTests {
    static let sampleModel = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/CoreDataPlus/SampleModel.xcdatamodeld"
        ).path

    @Test("generates any model's dataset, warning about what it leaves out")
    func generates() throws {
        let directory = try TemporaryDirectory()
        let result = BenchToolTests.main(
            "generate", "--model", Self.sampleModel, "--model-version", "SampleModel3",
            "--size", "200", "--entity", "Maker=20", "--dataset-dir", directory.url.path)
        #expect(result.status == 0)
        #expect(result.text.contains("warning: Car.color left out") == false)
        #expect(result.text.contains("Maker: 20 rows (20)"))
        #expect(result.text.contains("Car: 200 rows (size)"))
        let current = BenchToolTests.main(
            "generate", "--model", Self.sampleModel, "--size", "200", "--dataset-dir",
            directory.url.path)
        #expect(current.status == 0)
        #expect(
            current.text.contains(
                "warning: Car.color left out: transformable values of Color through ColorTransformer are not generated yet"
            ))
    }

    /// A garage whose cars point at an abstract `Owner` with no concrete sub-entity (so
    /// `Car.owner` is nil in every generated row) and carry photos through an app
    /// transformer the generator cannot make values for.
    static let garage = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
        lastSavedToolsVersion="23788" systemVersion="24D70" minimumToolsVersion="Automatic" \
        sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Car" representedClassName="Car" syncable="YES">
                <attribute name="plate" optional="YES" attributeType="String"/>
                <attribute name="photo" optional="YES" attributeType="Transformable" \
        valueTransformerName="PhotoTransformer" customClassName="UIImage"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" \
        destinationEntity="Owner" inverseName="cars" inverseEntity="Owner"/>
            </entity>
            <entity name="Owner" representedClassName="Owner" isAbstract="YES" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="cars" optional="YES" toMany="YES" deletionRule="Nullify" \
        destinationEntity="Car" inverseName="owner" inverseEntity="Car"/>
            </entity>
        </model>
        """

    @Test("run --model says what it left out and skips a relationship empty in every row, with why")
    func runSaysWhatItLeftOut() throws {
        let directory = try TemporaryDirectory()
        let model = directory.url.appendingPathComponent("Garage.xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try Data(Self.garage.utf8).write(to: model.appendingPathComponent("contents"))
        let reports = directory.url.appendingPathComponent("reports").path
        let result = BenchToolTests.main(
            "run", "--model", model.path, "--filter", "model/to-*", "--sizes", "200",
            "--profile", "quick", "--iterations", "1", "--in-process", "--no-progress",
            "--out", reports, "--dataset-dir", directory.url.appendingPathComponent("data").path)
        #expect(result.status == 0, "\(result.text)")
        let why =
            "Car.owner is empty in all 200 rows of the generated dataset (its destination "
            + "Owner has 0 rows): reading nothing is not compared"
        for configuration in ["faults", "prefetch", "raw"] {
            #expect(
                result.text.contains(
                    "skipped: model/to-one-Car.owner [\(configuration)] 200: \(why)"),
                "\(result.text)")
        }
        #expect(
            result.text.contains(
                "skipped: model/to-many-Owner.cars [count] 200: Owner has no rows in the "
                    + "generated dataset, so Owner.cars has nothing to read: not compared"))
        let photo =
            "Car.photo left out: transformable values of UIImage through PhotoTransformer are "
            + "not generated yet"
        #expect(result.text.contains("left out: \(photo)"), "\(result.text)")
        #expect(result.text.contains("left out: insert-Owner left out: the entity is abstract"))
        let run = URL(fileURLWithPath: reports).appendingPathComponent("latest")
        let summary = try String(
            contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("## Left out of this run\n\n- Car.photo left out: "), "\(summary)")
        let page = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<li>\(photo)</li>"))
        #expect(page.contains("Car.owner is empty in all 200 rows"))
        let json = try String(
            contentsOf: run.appendingPathComponent("results.json"), encoding: .utf8)
        #expect(json.contains("\"leftOut\" : ["), "\(json.prefix(400))")
    }

    @Test("list --model prints the planned dataset: rows, recipes, links, what is left out")
    func list() {
        let result = BenchToolTests.main("list", "--model", Self.sampleModel, "--size", "1k")
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("model dataset model-SampleModel-") == true)
        #expect(lines.first?.hasSuffix(" at size 1000 (size = rows of Car)") == true)
        #expect(lines.contains("  Person: 100 rows"))
        #expect(lines.contains("    numberPlate: unique \"Car-numberPlate-\"N"))
        #expect(lines.contains("    owner -> Person: to-one, Zipf 1/rank, 5% nil"))
        #expect(
            lines.contains(
                "  Car.color left out: transformable values of Color through ColorTransformer are not generated yet"
            ))
        #expect(
            lines.contains("  model/to-one-Car.owner  Every Car and its owner (to-one)  sizes 10k"))
        #expect(
            lines.contains(
                "  model/insert-Car  Inserts size/10 new Car objects copied from existing rows  sizes 10k"
            ))
    }

    @Test(
        "bad --model values are usage errors naming the flag",
        arguments: [
            (["--model-version", "A"], "--model-version needs --model PATH"),
            (
                ["--model", "/nonexistent.xcdatamodeld"],
                "--model: /nonexistent.xcdatamodeld: cannot read the model: No such file or directory"
            ),
            (
                ["--model", sampleModel, "--model-version", "Nope"],
                "version \"Nope\" has no contents file"
            ),
            (["--model", sampleModel, "--entity", "Car"], "invalid value 'Car' in --entity"),
            (["--model", sampleModel, "--entity", "Nope=3"], "no entity 'Nope' in the model"),
            (["--model", sampleModel, "--schema", "social"], "give --schema or --model, not both"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let (status, text) = BenchToolTests.main(["generate"] + arguments)
        #expect(status == 2)
        #expect(text.contains(message), "\(text)")
    }
}
