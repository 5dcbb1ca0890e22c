import Testing

@testable import bench

/// `run --sizes` and `generate --size` read sizes with one parser and one cap.
@Suite struct SizeAgreementTests {
    @Test(
        "run and generate refuse the same sizes with the same limit",
        arguments: ["1e3", "1001m", "0", "2.5", "10k ", "-1k"])
    func refused(_ text: String) {
        let run = BenchToolTests.main("run", "--suite", "selftest", "--sizes", text)
        let generate = BenchToolTests.main("generate", "--size", text)
        #expect(run.status == 2 && generate.status == 2)
        #expect(
            run.text.hasPrefix(
                "error: invalid size '\(text)' in --sizes: expected whole numbers of records "
                    + "like 10000, 10k, 2.5k or 1m, from 1 to 1000m"))
        #expect(
            generate.text.hasPrefix(
                "error: invalid dataset size '\(text)': expected a whole number of records like "
                    + "10000, 10k, 2.5k or 1m, from 1 to 1000m"))
    }

    @Test("run accepts the largest size generate accepts, and no more")
    func cap() throws {
        #expect(try RunOptions.sizes.read("1000m,2.5k") == [1_000_000_000, 2_500])
        #expect(throws: OptionValueError.self) { try RunOptions.sizes.read("1000000001") }
    }
}
