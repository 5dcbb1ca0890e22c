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
