import BenchKit
import Foundation
import TestSupport
import Testing

/// The catalogue of bad inputs (part 5 of the reliability issue) for the command line:
/// bad flags and values, and every kind of broken results, baseline and thresholds
/// file. Each gives exit 2 and exactly this text (`{dir}` is the test's directory; a
/// usage error's text ends with the subcommand's usage line, left out here).
@Suite struct BadInputCatalogueTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let expected: String
        /// Files to create in the directory first: name and content.
        var files: [String: String] = [:]

        var testDescription: String { name }
    }

    static func run(_ entry: Entry) throws {
        let directory = try TemporaryDirectory()
        for (name, content) in entry.files {
            let url = directory.url.appendingPathComponent(name)
            if content == "<directory>" {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } else {
                try Data(content.utf8).write(to: url)
            }
        }
        let arguments = entry.arguments.map {
            $0.replacingOccurrences(of: "{dir}", with: directory.url.path)
        }
        let (status, text) = BenchToolTests.main(arguments)
        let first = text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.hasPrefix("usage: ") }.joined(separator: "\n")
        #expect(status == 2, "\(entry.name)")
        #expect(
            first == entry.expected.replacingOccurrences(of: "{dir}", with: directory.url.path),
            "\(entry.name)")
    }

    static let flags: [Entry] = [
        Entry(
            name: "unknown subcommand", arguments: ["frobnicate"],
            expected: "error: unknown subcommand \'frobnicate\'"),
        Entry(
            name: "unknown flag", arguments: ["run", "--frobnicate"],
            expected: "error: unknown option \'--frobnicate\'"),
        Entry(
            name: "flag without its value", arguments: ["run", "--sizes"],
            expected: "error: option \'--sizes\' needs a value (--sizes LIST)"),
        Entry(
            name: "bad size", arguments: ["run", "--sizes", "10q"],
            expected:
                "error: invalid size \'10q\' in --sizes: expected whole numbers of records like 10000, 10k, 2.5k or 1m, from 1 to 1000m"
        ),
        Entry(
            name: "size past the cap", arguments: ["generate", "--size", "2000m"],
            expected:
                "error: invalid dataset size \'2000m\': expected a whole number of records like 10000, 10k, 2.5k or 1m, from 1 to 1000m"
        ),
        Entry(
            name: "huge duration", arguments: ["run", "--max-time", "1e308m"],
            expected:
                "error: invalid value \'1e308m\' for --max-time: expected a duration like 2s, 500ms or 1m, at most 24h (86400s)"
        ),
        Entry(
            name: "negative iterations", arguments: ["run", "--iterations", "-3"],
            expected: "error: invalid value \'-3\' for --iterations: expected a whole number >= 1"),
        Entry(
            name: "unknown profile", arguments: ["run", "--profile", "fast"],
            expected:
                "error: invalid value \'fast\' for --profile: expected one of quick, standard, full"
        ),
        Entry(
            name: "seed not a number", arguments: ["run", "--seed", "x"],
            expected: "error: invalid value \'x\' for --seed: expected a whole number >= 0"),
        Entry(
            name: "shard past the count", arguments: ["run", "--shard", "4/3"],
            expected:
                "error: invalid value \'4/3\' for --shard: expected i/n with 1 <= i <= n, like 1/4, auto (auto/n for a Kubernetes Indexed Job), or i with --shard-plan"
        ),
        Entry(
            name: "shard-costs without a shard",
            arguments: ["run", "--shard-costs", "Benchmarks/Baselines/ci.json"],
            expected: "error: --shard-costs needs --shard"),
        Entry(
            name: "a bare shard index without a plan", arguments: ["run", "--shard", "2"],
            expected: "error: --shard 2 needs --shard-plan FILE (or give --shard 2/N)"),
        Entry(
            name: "shard-plan without a shard",
            arguments: ["run", "--shard-plan", "Benchmarks/Baselines/ci.json"],
            expected: "error: --shard-plan needs --shard I"),
        Entry(
            name: "unknown suite", arguments: ["run", "--suite", "nosuch"],
            expected:
                "error: unknown suite \'nosuch\' (known: faulting, batch-size, n-plus-one, indexes, batch-ops, materialize, contexts, live-results, migration, selftest, selftest-sql, layers)"
        ),
        Entry(
            name: "unknown report format", arguments: ["report", "{dir}", "--format", "pdf"],
            expected:
                "error: invalid value \'pdf\' for --format: expected one of json, csv, html, markdown, junit"
        ),
        Entry(
            name: "unknown writer", arguments: ["generate", "--writer", "fast"],
            expected:
                "error: invalid value \'fast\' for --writer: expected one of batch-insert, raw"),
        Entry(
            name: "compare with one file", arguments: ["compare", "a.json"],
            expected: "error: compare needs BASELINE and CURRENT"),
        Entry(
            name: "unknown baseline action", arguments: ["baseline", "refresh"],
            expected: "error: the only baseline action is \'update\'"),
        Entry(
            name: "baseline name with a slash", arguments: ["baseline", "update", "--name", "a/b"],
            expected:
                "error: invalid value \'a/b\' for --name: expected a file name without \'/\' (the baseline is written as DIR/NAME.json)"
        ),
        Entry(
            name: "malformed predicate", arguments: ["explain", "--entity", "User", "name =="],
            expected:
                "error: malformed predicate: predicate syntax error at 1:8: expected a key path or a value, found the end\n  name ==\n         ^"
        ),
        Entry(
            name: "a flag given twice", arguments: ["run", "--seed", "1", "--seed", "2"],
            expected: "error: option \'--seed\' given more than once"),
        Entry(
            name: "unknown export format", arguments: ["run", "--export", "csv"],
            expected:
                "error: invalid value 'csv' for --export: unknown format 'csv'; give FORMAT or FORMAT=FILE with FORMAT one of bmf, github-action-benchmark (gab), benchfmt"
        ),
        Entry(
            name: "export format twice",
            arguments: ["run", "--export", "bmf", "--export", "bmf=b.json"],
            expected:
                "error: --export bmf is given twice: one file per format; keep one (bench export RESULTS --format bmf --out FILE writes another copy afterwards)"
        ),
        Entry(
            name: "export into a missing directory",
            arguments: ["run", "--out", "{dir}/r", "--export", "benchfmt={dir}/no/b.txt"],
            expected:
                "error: --export benchfmt={dir}/no/b.txt: the directory {dir}/no does not exist; create it or give another file"
        ),
        Entry(
            name: "plan from results and history",
            arguments: ["plan", "--shards", "2", "--from", "r.json", "--history", "h.ndjson"],
            expected:
                "error: --from and --history exclude each other: give --from RESULTS (one run's measured times) or --history FILE (the median of recent runs)"
        ),
    ]

    @Test("bad flags and values", arguments: flags)
    func flag(_ entry: Entry) throws { try Self.run(entry) }

    static let good = String(
        decoding: try! GateFixtures.run([GateFixtures.caseResult()]).jsonData(), as: UTF8.self)

    /// `bench compare` with a broken file as the current run, or as the baseline.
    static func compare(
        _ name: String, _ content: String, as role: String = "current", expected: String
    ) -> Entry {
        let arguments =
            role == "current"
            ? ["compare", "{dir}/good.json", "{dir}/bad.json", "--out", "{dir}/out"]
            : ["compare", "{dir}/bad.json", "{dir}/good.json", "--out", "{dir}/out"]
        return Entry(
            name: name, arguments: arguments, expected: expected,
            files: ["good.json": good, "bad.json": content])
    }

    /// `bench compare` of a good run with itself under a thresholds file `content`.
    static func thresholds(_ name: String, _ content: String, expected: String) -> Entry {
        Entry(
            name: name,
            arguments: [
                "compare", "{dir}/good.json", "{dir}/good.json", "--thresholds", "{dir}/t.json",
                "--out", "{dir}/out",
            ],
            expected: expected, files: ["good.json": good, "t.json": content])
    }

    static let files: [Entry] = [
        compare(
            "truncated results", String(good.prefix(200)),
            expected:
                "error: {dir}/bad.json: unexpected end of file at cases.0.iterations (the file is truncated), line 17, column 14 (byte 200): fix the JSON or regenerate the file"
        ),
        compare(
            "empty results", "",
            expected:
                "error: {dir}/bad.json: unexpected end of file at top level (the file is truncated), line 1, column 1 (byte 0): fix the JSON or regenerate the file"
        ),
        compare(
            "results with NaN",
            good.replacingOccurrences(of: "\"seed\" : 42", with: "\"seed\" : NaN"),
            expected:
                "error: {dir}/bad.json: expected a value (NaN and Infinity are not JSON: write a finite number) at datasets.0.seed, found \'NaN,\\n      \"\', line 141, column 16 (byte 3439): fix the JSON or regenerate the file"
        ),
        compare(
            "results with 1e400",
            good.replacingOccurrences(of: "\"seed\" : 42", with: "\"seed\" : 1e400"),
            expected:
                "error: {dir}/bad.json: number 1e400 at datasets.0.seed is out of range (beyond ±1.8e308), line 141, column 16 (byte 3439): write a smaller number or regenerate the file"
        ),
        compare(
            "results with a string for a number",
            good.replacingOccurrences(of: "\"seed\" : 42", with: "\"seed\" : \"42\""),
            expected:
                "error: {dir}/bad.json: wrong type at settings.seed (Expected to decode UInt64 but found a string instead.): fix the file or regenerate it"
        ),
        compare(
            "results without a key",
            good.replacingOccurrences(of: "\"runID\" : \"test\",", with: ""),
            expected:
                "error: {dir}/bad.json: missing key \'runID\' at top level: fix the file or regenerate it"
        ),
        compare(
            "results of another schema version",
            good.replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 99"),
            expected:
                "error: {dir}/bad.json: schemaVersion 99; this bench reads 1 (regenerate it with this bench)"
        ),
        compare(
            "results that are not JSON", "\u{1}\u{2}binary\u{0}",
            expected:
                "error: {dir}/bad.json: expected a value (an object, array, string, number, true, false or null) at top level, found \'\\u{1}\\u{2}binary\\u{0}\', line 1, column 1 (byte 0): fix the JSON or regenerate the file"
        ),
        compare(
            "a truncated baseline", String(good.prefix(300)), as: "baseline",
            expected:
                "error: {dir}/bad.json: unexpected end of file at cases.0.key.configuration (the file is truncated), line 21, column 27 (byte 300): fix the JSON or regenerate the file"
        ),
        compare(
            "a baseline with a negative count",
            good.replacingOccurrences(of: "\"seed\" : 42", with: "\"seed\" : -42"), as: "baseline",
            expected:
                "error: {dir}/bad.json: a number does not fit its field (a fraction where a whole number is expected, a negative one where none can be, or one beyond 2^63): fix the value or regenerate the file"
        ),
        Entry(
            name: "a missing baseline",
            arguments: ["compare", "{dir}/none.json", "{dir}/good.json", "--out", "{dir}/out"],
            expected: "error: {dir}/none.json: cannot read: No such file or directory (ENOENT)",
            files: ["good.json": good]),
        Entry(
            name: "a baseline that is a directory",
            arguments: ["compare", "{dir}/base", "{dir}/good.json", "--out", "{dir}/out"],
            expected:
                "error: {dir}/base/results.json: cannot read: No such file or directory (ENOENT)",
            files: ["good.json": good, "base": "<directory>"]),
        thresholds(
            "thresholds with an unknown kind", #"{"metrics": {"wall.time": {"kind": "counterz"}}}"#,
            expected:
                "error: {dir}/t.json: invalid value at metrics.wall.time.kind (Cannot initialize "
                + "Kind from invalid String value counterz): fix the file or regenerate it"),
        thresholds(
            "thresholds that are a list", "[1, 2]",
            expected:
                "error: {dir}/t.json: wrong type at top level (Expected to decode Dictionary<String, "
                + "Any> but found an array instead.): fix the file or regenerate it"),
        thresholds(
            "thresholds with a string threshold", #"{"noisy": {"threshold": "ten"}}"#,
            expected:
                "error: {dir}/t.json: wrong type at noisy.threshold (Expected to decode Double but "
                + "found a string instead.): fix the file or regenerate it"),
        thresholds(
            "thresholds with a misspelt rule key",
            #"{"metrics": {"allocations": {"tolerence": 0.05}}}"#,
            expected:
                "error: {dir}/t.json: invalid value at metrics.allocations.tolerence (unknown key "
                + "'tolerence'; did you mean 'tolerance'? expected one of kind, gate, threshold, "
                + "tolerance, floor, direction, confidence): fix the file or regenerate it"),
        thresholds(
            "thresholds with a misspelt layer", #"{"metric": {"allocations": {"gate": false}}}"#,
            expected:
                "error: {dir}/t.json: invalid value at metric (unknown key 'metric'; did you mean "
                + "'metrics'? expected one of defaults, counters, noisy, metrics, benchmarks): fix "
                + "the file or regenerate it"),
        thresholds(
            "thresholds with a negative threshold", #"{"defaults": {"threshold": -0.1}}"#,
            expected:
                "error: {dir}/t.json: invalid value at defaults.threshold (-0.1 is out of range: "
                + "expected 0 or more): fix the file or regenerate it"),
        thresholds(
            "thresholds with a confidence of 1", #"{"noisy": {"confidence": 1}}"#,
            expected:
                "error: {dir}/t.json: invalid value at noisy.confidence (1.0 is out of range: "
                + "expected at least 0.5 and below 1.0): fix the file or regenerate it"),
        // Found by the thresholds fuzzer: Foundation's decoder traps past 512 levels.
        thresholds(
            "thresholds nested 600 deep", String(repeating: "[", count: 600),
            expected:
                "error: {dir}/t.json: nested more than 500 levels deep, line 1, column 501 "
                + "(byte 500): fix the JSON or regenerate the file"),
        Entry(
            name: "a report of a missing run",
            arguments: ["report", "{dir}/nothing", "--out", "{dir}/out"],
            expected: "error: {dir}/nothing: cannot read: No such file or directory (ENOENT)"),
    ]

    @Test("broken results, baseline and thresholds files", arguments: files)
    func file(_ entry: Entry) throws { try Self.run(entry) }
}
