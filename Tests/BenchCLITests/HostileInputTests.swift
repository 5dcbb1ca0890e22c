import BenchKit
import Foundation
import TestSupport
import Testing

/// Inputs that made `bench` die of a trap or a signal (issue 32, items 1 to 5). Each
/// runs the built binary as a child, so a crash is a signal in the outcome rather than
/// a crashed test process, and checks the exit status and the message.
@Suite struct HostileInputTests {
    static func bench(_ arguments: [String], timeout: Double = 120) throws -> ChildOutcome {
        try ChildOutcome.run(BenchBinaryTests.binary(), arguments, timeout: timeout)
    }

    // MARK: - Item 1: huge finite numbers in charts

    /// A run whose `perRow` samples and statistics are about 1e308 (their 2% jitter
    /// takes the interval past 10^308) beside ordinary ones, at two sizes: the log axes'
    /// decades reached infinity and `ChartScale.logTicks` trapped converting it to an
    /// Int. The fixture is made at 1e150 and its wall-time numbers scaled by 1e158 in
    /// the JSON, since the fixture's own arithmetic (a variance) would overflow.
    static func hugeFile(in directory: URL) throws -> String {
        var cases: [CaseResult] = []
        for size in [1_000, 10_000] {
            for (configuration, time) in [("batched", 1_000_000.0), ("perRow", 1e150)] {
                let result = GateFixtures.caseResult(configuration, time: time, statements: 3)
                cases.append(
                    CaseResult(
                        key: CaseKey(
                            benchmark: result.key.benchmark, configuration: configuration,
                            size: size),
                        status: .passed, checksum: result.checksum,
                        iterations: result.iterations, metrics: result.metrics, errors: [],
                        sqlTrace: result.sqlTrace))
            }
        }
        func scaled(_ value: Any) -> Any {
            if let dictionary = value as? [String: Any] {
                return dictionary.mapValues(scaled)
            }
            if let array = value as? [Any] { return array.map(scaled) }
            if let number = value as? NSNumber, !(value is Bool), number.doubleValue > 1e100 {
                return min(number.doubleValue * 1e158, Double.greatestFiniteMagnitude)
            }
            return value
        }
        let tree = try JSONSerialization.jsonObject(with: GateFixtures.run(cases).jsonData())
        let data = try JSONSerialization.data(withJSONObject: scaled(tree))
        #expect(String(decoding: data, as: UTF8.self).contains("e+308"))
        let url = directory.appendingPathComponent("huge.json")
        try data.write(to: url)
        return url.path
    }

    @Test("report, compare and merge of samples near 1e308 beside small ones do not trap")
    func hugeSamples() throws {
        let directory = try TemporaryDirectory()
        let file = try Self.hugeFile(in: directory.url)
        let out = directory.path("out")
        for arguments in [
            ["report", file, "--out", out], ["compare", file, file, "--out", out],
            ["merge", file, "--out", out],
        ] {
            let outcome = try Self.bench(arguments)
            #expect(outcome.exited, "\(arguments[0]): \(outcome)")
            #expect([0, 1].contains(outcome.status ?? -1), "\(arguments[0]): \(outcome)")
        }
        let html = try String(
            contentsOfFile: directory.path("out/latest/index.html"), encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(!html.contains("inf"), "an infinite coordinate reached the SVG")
    }

    // MARK: - Item 2: more entities than object IDs can number

    /// A `contents` file with `count` entities of one attribute each.
    static func wideModel(entities count: Int, in directory: URL) throws -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
        xml += "<model type=\"com.apple.IDECoreDataModeler.DataModel\" documentVersion=\"1.0\">\n"
        for index in 0..<count {
            xml += "<entity name=\"E\(index)\" syncable=\"YES\">"
            xml += "<attribute name=\"value\" attributeType=\"Integer 64\"/></entity>\n"
        }
        xml += "</model>\n"
        let url = directory.appendingPathComponent("Wide.xcdatamodel")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try xml.write(to: url.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("a model of 4,096 entities is a model error naming the limit, in list and generate")
    func tooManyEntities() throws {
        let directory = try TemporaryDirectory()
        let model = try Self.wideModel(entities: 4_096, in: directory.url)
        for arguments in [
            ["list", "--model", model, "--size", "1k"],
            ["generate", "--model", model, "--size", "1k", "--dataset-dir", directory.path("d")],
        ] {
            let outcome = try Self.bench(arguments)
            #expect(outcome.status == 2, "\(arguments[0]): \(outcome)")
            #expect(
                outcome.errors.contains(
                    "model: 4096 entities, more than the 4095 the engine supports (object IDs "
                        + "keep the entity number in 12 bits); split the model into smaller ones"),
                "\(outcome)")
        }
    }

    // MARK: - Item 3: deeply nested model XML

    @Test("60,000 nested elements are refused with line and column, not a stack overflow")
    func deepNesting() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("Deep.xcdatamodel")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let depth = 60_000
        let xml =
            "<?xml version=\"1.0\"?>\n<model>"
            + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
            + "</model>\n"
        try xml.write(to: url.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let outcome = try Self.bench(["list", "--model", url.path, "--size", "1k"])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(
            outcome.errors.contains(
                "contents:2:197: elements nested more than 64 deep (model files nest about 5); "
                    + "this is not an Xcode model file; fix the file or re-save it in Xcode"),
            "\(outcome)")
    }

    // MARK: - Item 4: an empty sort key

    @Test("explain --sort ':' is a usage error")
    func emptySortKey() throws {
        let outcome = try Self.bench([
            "explain", "--entity", "Post", "--sort", ":", "title != nil", "--size", "100",
        ])
        #expect(outcome.status == 2, "\(outcome)")
    }

    // MARK: - Item 5: catastrophic backtracking in MATCHES

    @Test("explain with an exponential MATCHES ends with the budget error, exit 1")
    func catastrophicMatches() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Self.bench(
            [
                "explain", "--entity", "Post", "--size", "100", "--dataset-dir",
                directory.path("d"), "body MATCHES '(.*a){25}x'",
            ], timeout: 300)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.errors.contains("MATCHES '(.*a){25}x' gave up after 5,000,000 steps"))
        #expect(outcome.errors.contains("rewrite the expression without nested repetition"))
    }
}
