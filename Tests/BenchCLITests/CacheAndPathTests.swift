import BenchKit
import Foundation
import TestSupport
import Testing
import Workloads

/// Dataset caches, scratch files and paths under hostile conditions (issue 32, items 11
/// and on): a read-only cache, stale case copies, damaged entries, odd paths.
@Suite struct CacheAndPathTests {
    /// `bench` as a user who cannot write `directory`'s files: as root, the same binary
    /// under `setpriv` as nobody (root ignores permissions); otherwise itself.
    static func benchAsReader(_ arguments: [String]) throws -> ChildOutcome {
        let bench = try BenchBinaryTests.binary()
        guard getuid() == 0 else { return try ChildOutcome.run(bench, arguments) }
        return try ChildOutcome.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", bench.path] + arguments,
            environment: ["TMPDIR": "/tmp", "HOME": "/tmp"])
    }

    @Test("a read-only dataset cache is used for reading; a missing entry is a clear error")
    func readOnlyCache() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.url.path, 0o755)
        let cache = directory.path("cache")
        let generated = BenchToolTests.main(
            "generate", "--size", "200", "--seed", "5", "--dataset-dir", cache)
        try #require(generated.status == 0, "\(generated.text)")
        chmod(cache, 0o555)
        defer { chmod(cache, 0o755) }
        let before = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        let reused = try Self.benchAsReader([
            "explain", "--entity", "Post", "--size", "200", "--seed", "5", "--dataset-dir",
            cache, "title != nil",
        ])
        #expect(reused.status == 0, "\(reused)")
        let missing = try Self.benchAsReader([
            "explain", "--entity", "Post", "--size", "300", "--seed", "5", "--dataset-dir",
            cache, "title != nil",
        ])
        #expect(missing.status == 1, "\(missing)")
        #expect(
            missing.errors.contains(
                "error: the dataset cache \(cache) is read-only and has no usable "
                    + "social-300-s5-g\(DatasetGenerator.version) (it was never generated there); "
                    + "generate it where the cache is writable (bench generate --dataset-dir "
                    + "DIR) or give a writable --dataset-dir"), "\(missing)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == before)
    }

    /// A pid no process has: that of a child that has exited.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("case copies of killed processes are swept at the next start; live and unknown ones stay")
    func staleCopiesSwept() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let dead = try Self.deadPID()
        let live = getpid()
        let stale = [
            "faultline-case-\(dead)-\(UUID().uuidString).sqlite",
            "faultline-case-\(dead)-\(UUID().uuidString).sqlite-wal",
            "faultline-migration-\(dead)-\(UUID().uuidString)-v1.sqlite",
            "faultline-copy-\(dead)-\(UUID().uuidString).sqlite",
        ]
        let old = "faultline-case-\(UUID().uuidString).sqlite"
        let kept = [
            "faultline-case-\(live)-\(UUID().uuidString).sqlite",
            "faultline-case-\(UUID().uuidString).sqlite",  // no pid, recent: kept
            "faultline-other-\(dead)-x",  // not a kind bench makes
            "notes.txt",
        ]
        for name in stale + kept + [old] {
            try Data(count: 4_096).write(to: scratch.appendingPathComponent(name))
        }
        let twoDaysAgo = Date().addingTimeInterval(-2 * 24 * 60 * 60)
        try FileManager.default.setAttributes(
            [.modificationDate: twoDaysAgo], ofItemAtPath: scratch.appendingPathComponent(old).path)
        let outcome = try ChildOutcome.run(
            BenchBinaryTests.binary(),
            ["run"] + BenchBinaryTests.quick + ["--out", directory.path("out")],
            environment: ["TMPDIR": scratch.path])
        #expect(outcome.status == 0, "\(outcome)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(left == kept.sorted())
    }

    @Test("a damaged cached dataset is named, with what is wrong, before it is rebuilt")
    func damagedDatasetNamed() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path("cache")
        let generated = BenchToolTests.main(
            "generate", "--size", "200", "--seed", "5", "--dataset-dir", cache)
        try #require(generated.status == 0, "\(generated.text)")
        let store = "\(cache)/social-200-s5-g\(DatasetGenerator.version)/store.sqlite"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        try (bytes + Data(count: 512)).write(to: URL(fileURLWithPath: store))
        let outcome = try ChildOutcome.run(
            BenchBinaryTests.binary(),
            [
                "explain", "--entity", "Post", "--size", "200", "--seed", "5", "--dataset-dir",
                cache, "title != nil",
            ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.errors.contains(
                "warning: cached dataset \(store) is unusable: \(bytes.count + 512) bytes on "
                    + "disk, \(bytes.count) in the manifest; rebuilding it"), "\(outcome)")
    }

    @Test(
        "a path that is not UTF-8 is refused, naming its bytes, before anything is written (issue 32, item 15)",
        arguments: ["--out", "--dataset-dir", "FAULTLINE_DATASETS"])
    func nonUTF8Path(_ flag: String) throws {
        let directory = try TemporaryDirectory()
        let bench = try BenchBinaryTests.binary()
        // Foundation's Process takes Strings: the shell's printf makes the raw bytes.
        let command =
            switch flag {
            case "--out":
                "exec \"$0\" run --suite selftest --sizes 1k --out \"$(printf '\(directory.url.path)/r\\377\\376')\""
            case "--dataset-dir":
                "exec \"$0\" generate --size 100 --dataset-dir \"$(printf '\(directory.url.path)/d\\377')\""
            default:
                "FAULTLINE_DATASETS=\"$(printf '\(directory.url.path)/d\\377')\" exec \"$0\" generate --size 100"
            }
        let outcome = try ChildOutcome.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command, bench.path])
        #expect(outcome.status == 2, "\(outcome)")
        let shown =
            flag == "--out" ? "\(directory.url.path)/r\\xFF\\xFE" : "\(directory.url.path)/d\\xFF"
        let what = flag == "FAULTLINE_DATASETS" ? "$FAULTLINE_DATASETS" : "argument"
        #expect(outcome.errors.hasPrefix("error: \(what)"), "\(outcome)")
        #expect(
            outcome.errors.contains(
                "(\(shown)) is not UTF-8 text; bench reads paths and names as UTF-8: rename the "
                    + "file or directory, or give a path without those bytes"), "\(outcome)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }

    @Test(
        "unreadable and unwritable files are named with what to do, in our words (issue 32, item 17)"
    )
    func permissionMessages() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.url.path, 0o755)
        let results = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()]), "r.json", in: directory.url)
        chmod(results, 0o644)
        let thresholds = directory.path("thresholds.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: thresholds))
        chmod(thresholds, 0o000)
        let writable = directory.path("w")
        try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: true)
        chmod(writable, 0o777)
        let locked = directory.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        let cases: [([String], String)] = [
            (
                [
                    "compare", results, results, "--thresholds", thresholds, "--out",
                    writable + "/o",
                ],
                "error: \(thresholds): cannot read: Permission denied (EACCES); make the file "
                    + "(and its directory) readable, or give another file"
            ),
            (
                ["compare", results, results, "--out", locked + "/o"],
                "error: --out \(locked)/o cannot hold run directories: Permission denied (EACCES); "
                    + "give a writable directory"
            ),
            (
                ["baseline", "update", "--from", results, "--dir", locked + "/baselines"],
                "error: cannot write \(locked)/baselines: Permission denied (EACCES); make the "
                    + "directory writable or choose another"
            ),
        ]
        for (arguments, message) in cases {
            let outcome = try Self.benchAsReader(arguments)
            #expect(outcome.status == 2, "\(arguments[0]): \(outcome)")
            #expect(outcome.errors.hasPrefix(message), "\(outcome)")
        }
        let file = directory.path("datasets-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let generate = BenchToolTests.main("generate", "--size", "100", "--dataset-dir", file)
        #expect(generate.status != 0)
        #expect(
            generate.text
                == "error: cannot write \(file): Not a directory (ENOTDIR); a file is where a "
                + "directory should be: move it or choose another path", "\(generate.text)")
    }

    @Test(
        "an in-process run's --dataset-dir holds its datasets and leaves the process's default alone"
    )
    func runDatasetDirectoryStaysInTheRun() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path("cache")
        let result = BenchToolTests.main(
            "run", "--suite", "faulting", "--filter", "faulting/posts-with-author", "--sizes",
            "200", "--iterations", "1", "--warmup", "0", "--in-process", "--no-progress",
            "--dataset-dir", cache, "--out", directory.path("out"))
        #expect(result.status == 0, "\(result.text)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(entries.contains("social-200-s42-g\(DatasetGenerator.version)"), "\(entries)")
        // A run once set FAULTLINE_DATASETS for the whole process: tests running beside
        // it and after it then generated 10k datasets into this directory after its
        // removal (scripts/test failed on the leftover).
        #expect(DatasetCache.defaultDirectory().path != cache)
        #expect(ProcessInfo.processInfo.environment["FAULTLINE_DATASETS"] != cache)
    }

    @Test(
        "a run's worker that rebuilds a damaged dataset has its warning relayed to the run's stderr"
    )
    func damagedDatasetNamedInRun() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path("cache")
        let generated = BenchToolTests.main(
            "generate", "--size", "1000", "--seed", "42", "--dataset-dir", cache)
        try #require(generated.status == 0, "\(generated.text)")
        let store = "\(cache)/social-1000-s42-g\(DatasetGenerator.version)/store.sqlite"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("xxxx".utf8))
        try handle.close()
        let outcome = try ChildOutcome.run(
            BenchBinaryTests.binary(),
            [
                "run", "--suite", "faulting", "--filter", "faulting/posts-with-author", "--sizes",
                "1k", "--iterations", "2", "--warmup", "0", "--dataset-dir", cache, "--out",
                directory.path("out"), "--no-progress",
            ], timeout: 300)
        #expect(outcome.status == 0, "\(outcome)")
        let warnings = outcome.errors.split(separator: "\n").filter {
            $0.hasPrefix("warning: cached dataset \(store) is unusable: ")
                && $0.hasSuffix(" in the manifest; rebuilding it")
        }
        #expect(warnings.count == 1, "\(outcome)")
    }
}
