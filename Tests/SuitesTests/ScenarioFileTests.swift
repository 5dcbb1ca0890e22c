import Foundation
import ObjectGraph
import TestSupport
import Testing
import Workloads

@testable import BenchmarkSuites

/// `bench run --scenarios FILE`: a valid file becomes fetch specs with the raw floor
/// added; every invalid one is refused with the JSON path of the mistake.
@Suite struct ScenarioFileTests {
    /// A bad file and where its error must point.
    struct BadFile: CustomTestStringConvertible, Sendable {
        let json: String
        let location: String?
        let problem: String
        var testDescription: String { "\(location ?? "no location"): \(problem)" }
    }

    private static func scenario(_ fields: String, configurations: String = #"[{"name": "x"}]"#)
        -> String
    {
        #"{"scenarios": [{"name": "s", "entity": "Post", "#
            + (fields.isEmpty ? "" : fields + ", ") + #""configurations": \#(configurations)}]}"#
    }

    static let bad: [BadFile] = [
        .init(json: #"{"scenarios": []}"#, location: "scenarios", problem: "the list is empty"),
        .init(json: #"{"scenario": []}"#, location: nil, problem: "unknown key 'scenario'"),
        .init(
            json: scenario(#""limit": -1"#), location: "scenarios.0.limit",
            problem: "a limit is 0 (none) or more"),
        .init(
            json: #"{"scenarios": [{"name": "s", "entity": "Pots", "configurations": []}]}"#,
            location: "scenarios.0.entity", problem: "no entity 'Pots' in the model"),
        .init(
            json: scenario(#""predicate": "titel == %@", "arguments": ["x"]"#),
            location: "scenarios.0.predicate", problem: "no key path \"titel\""),
        .init(
            json: scenario(#""predicate": "title == ""#), location: "scenarios.0.predicate",
            problem: "predicate syntax error at 1:10"),
        .init(
            json: scenario(#""sort": [{"key": "nope"}]"#), location: "scenarios.0.sort",
            problem: "no key path \"nope\""),
        .init(
            json: scenario(#""read": ["title", "author"]"#), location: "scenarios.0.read.1",
            problem: "'author' is not a stored attribute of Post"),
        .init(
            json: scenario("", configurations: "[]"), location: "scenarios.0.configurations",
            problem: "the list is empty"),
        .init(
            json: scenario("", configurations: #"[{"name": "raw"}]"#),
            location: "scenarios.0.configurations.0.name", problem: "reserved for the raw floor"),
        .init(
            json: scenario("", configurations: #"[{"name": "a"}, {"name": "a"}]"#),
            location: "scenarios.0.configurations.1.name", problem: "'a' is used twice"),
        .init(
            json: scenario("", configurations: #"[{"name": "a b"}]"#),
            location: "scenarios.0.configurations.0.name", problem: "'a b' is not a name"),
        .init(
            json: scenario("", configurations: #"[{"name": "a", "resultType": "rows"}]"#),
            location: "scenarios.0.configurations.0.resultType",
            problem: "'rows' is not a result type"),
        .init(
            json: scenario(
                "", configurations: #"[{"name": "a", "prefetch": ["comments.author"]}]"#),
            location: "scenarios.0.configurations.0.prefetch.0",
            problem: "'author' in 'comments.author' is not a relationship of Comment"),
        .init(
            json: scenario("", configurations: #"[{"name": "a", "propertiesToFetch": ["nope"]}]"#),
            location: "scenarios.0.configurations.0.propertiesToFetch.0",
            problem: "'nope' is not an attribute or relationship of Post"),
        .init(
            json: scenario(
                #""read": ["title", "likes"]"#,
                configurations:
                    #"[{"name": "d", "resultType": "dictionaries", "propertiesToFetch": ["title"]}]"#
            ),
            location: "scenarios.0.configurations.0.propertiesToFetch",
            problem: "'likes' is missing"),
        .init(
            json: scenario("", configurations: #"[{"name": "a", "batchSize": -5}]"#),
            location: "scenarios.0.configurations.0.batchSize", problem: "a batch size is 0 or more"
        ),
        .init(
            json: scenario("", configurations: #"[{"name": "a", "prefech": ["author"]}]"#),
            location: nil,
            problem: "at scenarios.0.configurations.0.prefech (unknown key 'prefech'"),
        .init(
            json: scenario(#""arguments": [{"date": "yesterday"}]"#), location: nil,
            problem: "at scenarios.0.arguments.0.date ('yesterday' is not an ISO 8601 date"),
        .init(json: #"{"scenarios": ["#, location: nil, problem: "line 1, column 16"),
    ]

    private func read(_ json: String) throws -> ScenarioFile {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("scenarios.json")
        try Data(json.utf8).write(to: url)
        return try ScenarioFile(contentsOf: url, model: DatasetSchema.social.model)
    }

    @Test("an invalid file names the JSON path and the problem", arguments: bad)
    func refuses(_ file: BadFile) throws {
        let error = try #require(throws: ScenarioFileError.self) { try read(file.json) }
        #expect(error.path.hasSuffix("scenarios.json"))
        #expect(error.location == file.location)
        #expect(error.problem.contains(file.problem), "\(error)")
    }

    @Test("a valid file gives its scenarios in order, values typed, configurations read")
    func reads() throws {
        let file = try read(
            #"""
            {"scenarios": [{"name": "recent", "entity": "Post",
              "predicate": "likes > %@ AND createdAt > %@ AND status == %@ AND title != %@",
              "arguments": [10, {"date": "2024-01-31T12:00:00Z"}, "draft", null],
              "sort": [{"key": "createdAt", "ascending": false}], "limit": 5, "read": ["title"],
              "configurations": [{"name": "objects"}, {"name": "b", "batchSize": 20},
                {"name": "p", "prefetch": ["author", "comments.post"]},
                {"name": "d", "resultType": "dictionaries"}, {"name": "c", "resultType": "count"}]}]}
            """#)
        #expect(file.scenarioNames == ["recent"])
        let spec = try #require(file.scenarios.first?.spec)
        #expect(
            spec.arguments == [
                .integer(10), .date(Date(timeIntervalSince1970: 1_706_702_400)), .string("draft"),
                .null,
            ])
        #expect(spec.sort == [SortKey("createdAt", ascending: false)])
        #expect(spec.limit == 5)
        #expect(spec.read == ["title"])
        #expect(spec.configurations.map(\.name) == ["objects", "b", "p", "d", "c"])
        #expect(spec.configurations[1].batchSize == 20)
        #expect(spec.configurations[2].prefetch == ["author", "comments.post"])
        #expect(spec.configurations[3].resultType == .dictionary)
        #expect(ChecksumContent(spec.configurations + [.raw]) == .init(keys: false, values: false))
        #expect(
            ChecksumContent(Array(spec.configurations.prefix(3))) == .init(keys: true, values: true)
        )
    }
}
