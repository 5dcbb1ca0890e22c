import Foundation
import TestSupport
import Testing
import Workloads

/// `bench generate` and `bench list --datasets`: output, reuse, and errors.
@Suite struct GenerateCommandTests {
    @Test("generates, then reuses; --describe prints selectivity; list shows the dataset")
    func generateAndReuse() throws {
        let directory = try TemporaryDirectory()
        let dir = directory.url.path
        let first = BenchToolTests.main(
            "generate", "--size", "300", "--seed", "4", "--dataset-dir", dir, "--describe")
        #expect(first.status == 0)
        #expect(
            first.text.contains("dataset social-300-s4-g\(DatasetGenerator.version)  generated"))
        #expect(first.text.contains("Post: 300 rows (size)"))
        #expect(first.text.contains("User: 30 rows (size / 10)"))
        #expect(first.text.contains("Post WHERE status == \"draft\": "))
        let second = BenchToolTests.main(
            "generate", "--size", "300", "--seed", "4", "--dataset-dir", dir)
        #expect(second.status == 0)
        #expect(second.text.contains("social-300-s4-g\(DatasetGenerator.version)  reused"))
        let listed = BenchToolTests.main("list", "--datasets", "--dataset-dir", dir)
        #expect(
            listed.status == 0
                && listed.text.hasPrefix("social-300-s4-g\(DatasetGenerator.version)"))
    }

    @Test(
        "bad values are usage errors with exit code 2",
        arguments: [
            (["--size", "0"], "invalid dataset size '0'"),
            (["--size", "lots"], "invalid dataset size 'lots'"),
            (["--schema", "shop"], "unknown schema 'shop' (known: social)"),
            (["--writer", "fast"], "invalid value 'fast' for --writer"),
            (["--seed", "-1"], "--seed"),
            (["--sizes", "10k"], "unknown option '--sizes'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let (status, text) = BenchToolTests.main(["generate"] + arguments)
        #expect(status == 2)
        #expect(text.contains(message))
        #expect(text.contains("usage: bench generate"))
    }
}
