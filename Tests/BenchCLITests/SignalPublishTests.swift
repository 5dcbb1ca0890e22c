import BenchKit
import Foundation
import TestSupport
import Testing

/// Signals at the worst moments (issue 32, items 6 and 7): while a finished run
/// publishes its results, and twice in quick succession as `timeout` delivers them.
/// The publish moment is hit through `FAULTLINE_TEST_PUBLISH_PAUSE`, a file `bench run`
/// creates once its cases are done and waits on until the test removes it.
@Suite struct SignalPublishTests {
    /// A running `bench` whose stderr goes to a file the test can poll.
    struct Child {
        let process = Process()
        let errorsFile: URL

        init(
            _ arguments: [String], environment: [String: String], in directory: URL,
            workingDirectory: URL? = nil
        ) throws {
            errorsFile = directory.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
            process.executableURL = try BenchBinaryTests.binary()
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment
                .merging(["CI": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
                .merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errorsFile)
            if let workingDirectory { process.currentDirectoryURL = workingDirectory }
            try process.run()
        }

        var errors: String {
            (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        }

        /// Polls (10 ms) until `condition` holds, for at most `seconds`.
        func await(_ what: String, seconds: Double = 120, _ condition: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition() {
                guard Date() < deadline, process.isRunning else {
                    throw ChildError(description: "no \(what); \(errors)")
                }
                usleep(10_000)
            }
        }

        func signal(_ number: Int32) { kill(process.processIdentifier, number) }

        /// Waits for the end (SIGKILL after two minutes); the exit status, or nil when a
        /// signal ended it.
        func finish() throws -> Int32? {
            try BenchBinaryTests.waitBounded(process, limit: 2_400, what: "run")
            return process.terminationReason == .exit ? process.terminationStatus : nil
        }
    }

    struct ChildError: Error, CustomStringConvertible {
        let description: String
    }

    @Test(
        "signals that arrive once the cases are done do not stop the results reaching disk",
        arguments: [[SIGTERM], [SIGINT, SIGINT], [SIGHUP, SIGTERM, SIGINT]])
    func signalWhilePublishing(_ signals: [Int32]) throws {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("out")
        let pause = directory.path("pause")
        let child = try Child(
            ["run"] + BenchBinaryTests.quick + ["--out", out.path],
            environment: [
                "FAULTLINE_TEST_PUBLISH_PAUSE": pause,
                "TMPDIR": directory.path("tmp"),
            ], in: directory.url)
        try FileManager.default.createDirectory(
            atPath: directory.path("tmp"), withIntermediateDirectories: true)
        try child.await("publish pause") { FileManager.default.fileExists(atPath: pause) }
        for number in signals {
            child.signal(number)
            usleep(20_000)
        }
        try child.await("notice of the signal") {
            child.errors.contains("the cases are done; writing the results before stopping")
        }
        try FileManager.default.removeItem(atPath: pause)
        let status = try child.finish()
        #expect(status == 128 + signals[0], "\(child.errors)")
        let results = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        #expect(!results.isPartial)
        #expect(results.interruption == nil)
        #expect(results.cases.count == 4)
        #expect(results.cases.allSatisfy { $0.status == .passed })
    }

    @Test(
        "a repeat within the window of the first signal (timeout's second delivery) keeps the partial results",
        arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func repeatedSignal(_ number: Int32, _ name: String) throws {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(
            atPath: directory.path("tmp"), withIntermediateDirectories: true)
        let child = try Child(
            [
                "run", "--suite", "selftest", "--iterations", "100000", "--max-time", "10m",
                "--out", out.path,
            ],
            environment: KillTrial.temporaryFiles(in: directory.url.appendingPathComponent("tmp")),
            in: directory.url)
        try child.await("first case") { child.errors.contains("running") }
        child.signal(number)
        try child.await("stop notice") {
            child.errors.contains("\(name): stopping after the current iteration")
        }
        child.signal(number)
        let status = try child.finish()
        #expect(status == 128 + number, "\(child.errors)")
        let results = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        #expect(results.isPartial && results.interruption == name)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path("tmp"))
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Runs `git` with `arguments` in `directory`.
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(
        "Ctrl-C, twice, during --against's reference build ends the build's processes and removes its worktree (issue 32, item 13)"
    )
    func stopDuringReferenceBuild() throws {
        let directory = try TemporaryDirectory()
        let repository = directory.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        _ = try Self.git(["init", "-q"], in: repository)
        _ = try Self.git(["commit", "-q", "--allow-empty", "-m", "first"], in: repository)
        // A `swift` that stands for a long build: it and its child record their pids.
        let tools = directory.url.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let pids = directory.path("pids")
        let swift = tools.appendingPathComponent("swift")
        try Data(
            "#!/bin/sh\necho $$ >> \(pids)\nsleep 600 &\necho $! >> \(pids)\nwait\n".utf8
        ).write(to: swift)
        chmod(swift.path, 0o755)
        let scratch = directory.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let child = try Child(
            [
                "run", "--suite", "selftest", "--sizes", "1k", "--against", "HEAD",
                "--out", directory.path("out"),
            ],
            environment: ["PATH": "\(tools.path):\(path)", "TMPDIR": scratch.path],
            in: directory.url, workingDirectory: repository)
        try child.await("the build") {
            child.errors.contains("in release mode in")
                && ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "")
                    .split(separator: "\n").count == 2
        }
        child.signal(SIGINT)
        usleep(100_000)
        child.signal(SIGINT)
        let status = try child.finish()
        #expect(status == 130, "\(child.errors)")
        #expect(child.errors.contains("stopped during 'swift build'"), "\(child.errors)")
        let recorded = try String(contentsOfFile: pids, encoding: .utf8)
            .split(separator: "\n").compactMap { Int32($0) }
        #expect(recorded.count == 2)
        /// Gone, or a zombie waiting for init to reap it.
        func isGone(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            else { return true }
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        for pid in recorded {
            #expect(isGone(pid), "process \(pid) of the build still runs")
            if !isGone(pid) { kill(pid, SIGKILL) }
        }
        let worktrees = try Self.git(["worktree", "list", "--porcelain"], in: repository)
        #expect(worktrees.components(separatedBy: "worktree ").count == 2, "\(worktrees)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }
}
