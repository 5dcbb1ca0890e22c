import BenchKit
import BenchmarkSuites
import Foundation
import TestSupport
import Testing

@testable import bench

/// `bench run --export FORMAT[=FILE]`: the values it takes, the refusals made before
/// any case runs, and the files a run writes, byte for byte what `bench export` writes
/// from the same results.json.
@Suite struct RunExportTests {
    @Test("FORMAT alone goes to the run directory, FORMAT=FILE to FILE, in the order given")
    func parses() throws {
        let options = try ArgumentParserTests.options([
            "--export", "benchfmt=out/b.txt", "--export=bmf", "--export",
            "github-action-benchmark=g=h.json",
        ])
        #expect(
            options.exports == [
                ExportTarget(format: .benchfmt, file: "out/b.txt"),
                ExportTarget(format: .bmf, file: nil),
                ExportTarget(format: .githubActionBenchmark, file: "g=h.json"),
            ])
        #expect(
            options.exports.map(\.defaultFileName) == [
                "export.benchfmt.txt", "export.bmf.json", "export.github-action-benchmark.json",
            ])
        #expect(try ArgumentParserTests.options([]).exports == [])
        #expect(
            try ArgumentParserTests.options(["--export", "gab"]).exports == [
                ExportTarget(format: .githubActionBenchmark, file: nil)
            ], "gab, the issue's short name for github-action-benchmark")
    }

    @Test("an unknown format, an empty file, a format twice, one file twice: usage errors")
    func refusals() {
        let cases: [([String], String)] = [
            (
                ["--export", "csv"],
                "invalid value 'csv' for --export: unknown format 'csv'; give FORMAT or "
                    + "FORMAT=FILE with FORMAT one of bmf, github-action-benchmark (gab), "
                    + "benchfmt"
            ),
            (
                ["--export", "gba=x.json"],
                "invalid value 'gba=x.json' for --export: unknown format 'gba'; give FORMAT or "
                    + "FORMAT=FILE with FORMAT one of bmf, github-action-benchmark (gab), "
                    + "benchfmt"
            ),
            (
                ["--export", "bmf="],
                "invalid value 'bmf=' for --export: the file name after '=' is empty; give "
                    + "bmf=FILE, or bmf alone for export.bmf.json in the run directory"
            ),
            (
                ["--export", "bmf", "--export", "benchfmt", "--export", "bmf=b.json"],
                "--export bmf is given twice: one file per format; keep one (bench export "
                    + "RESULTS --format bmf --out FILE writes another copy afterwards)"
            ),
            (
                ["--export", "bmf=x", "--export", "benchfmt=x"],
                "--export: two formats would write x; give each its own file"
            ),
        ]
        for (arguments, message) in cases {
            #expect(ArgumentParserTests.error(arguments)?.message == message, "\(arguments)")
        }
    }

    @Test("a file that cannot be written is refused with exit 2 before any case runs")
    func unwritableFileBeforeTheRun() throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("reports")
        let missing = directory.path("missing/x.json")
        let (status, text) = BenchToolTests.main(
            "run", "--suite", "selftest", "--sizes", "1k", "--in-process", "--no-progress",
            "--out", out, "--export", "bmf=\(missing)")
        #expect(status == 2)
        #expect(
            text.hasPrefix(
                "error: --export bmf=\(missing): the directory \(directory.path("missing")) does "
                    + "not exist; create it or give another file\nusage: bench run"))
        #expect(!text.contains("running"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out))?.isEmpty ?? true)
        let (folder, folderText) = BenchToolTests.main(
            "run", "--suite", "selftest", "--sizes", "1k", "--in-process", "--no-progress",
            "--out", out, "--export", "benchfmt=\(directory.url.path)")
        #expect(folder == 2)
        #expect(
            folderText.hasPrefix(
                "error: --export benchfmt=\(directory.url.path): \(directory.url.path) is a directory; "
                    + "give a file name"))
    }

    @Test("a shard's run writes each export byte for byte as bench export of its results.json")
    func sameBytesAsBenchExport() throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("reports")
        let named = directory.path("named.txt")
        let (status, text) = BenchToolTests.main(
            "run", "--suite", "selftest", "--sizes", "1k,2k", "--profile", "quick",
            "--iterations", "2", "--warmup", "0", "--in-process", "--no-progress",
            "--shard", "2/2", "--out", out, "--export", "bmf", "--export", "benchfmt=\(named)",
            "--export", "github-action-benchmark")
        #expect(status == 0, "\(text)")
        let run = try FileManager.default.destinationOfSymbolicLink(atPath: "\(out)/latest")
        let runDirectory = "\(out)/\(run)"
        let results = try RunResults.read(
            from: URL(fileURLWithPath: "\(runDirectory)/results.json"))
        #expect(results.cases.count == 2 && results.cases.allSatisfy { $0.key.size == 2_000 })
        let files: [(String, String)] = [
            ("bmf", "\(runDirectory)/export.bmf.json"), ("benchfmt", named),
            ("github-action-benchmark", "\(runDirectory)/export.github-action-benchmark.json"),
        ]
        for (format, path) in files {
            #expect(text.contains("export: \(path) (\(format))"))
            let again = directory.path("again-\(format)")
            let export = BenchToolTests.main(
                "export", runDirectory, "--format", format, "--out", again)
            #expect(export.status == 0)
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written == (try Data(contentsOf: URL(fileURLWithPath: again))), "\(format)")
            #expect(String(decoding: written, as: UTF8.self).contains("sort"))
        }
        #expect(!FileManager.default.fileExists(atPath: "\(runDirectory)/export.benchfmt.txt"))
    }
}
