import BenchKit
import Foundation

/// The other side of `bench run --against REF`: a `bench` already built (a directory
/// holding one, such as `.build/release`, or the executable itself), or a git ref
/// checked out in a temporary worktree and built there in release mode.
///
/// Cost: for a git ref, a `git worktree add` and a full release build (minutes on a
/// cold cache), removed by ``remove()``; nothing for a built `bench`.
struct ReferenceBuild {
    /// The reference `bench` executable.
    let executable: URL
    /// How reports name the reference: the ref and its commit, or the path.
    let name: String
    /// The temporary worktree, for a git ref.
    private let worktree: URL?

    /// Finds or builds the reference named `reference`; build output goes to `log`.
    /// - Throws: ``ReferenceBuildError`` when `reference` is neither a built `bench`
    ///   nor a commit of the repository in the current directory, or its build fails.
    /// - Parameter stopFlag: Polled while git and the build run: once set, their whole
    ///   process group is ended, the worktree removed, and ``ReferenceBuildError`` thrown.
    static func prepare(
        _ reference: String, stopFlag: StopFlag? = nil, log: (String) -> Void
    ) throws -> ReferenceBuild {
        if let executable = builtBench(at: reference) {
            try checkAnswers(executable, reference: reference)
            return ReferenceBuild(executable: executable, name: reference, worktree: nil)
        }
        guard
            let commit = HostFacts.output(
                of: "git",
                [
                    "rev-parse", "--verify", "--quiet",
                    "\(reference)^{commit}",
                ])
        else {
            throw ReferenceBuildError(
                "--against \(reference): not a directory holding a built bench, nor a git "
                    + "commit here; give a ref such as main or HEAD~1, or .build/release of "
                    + "another checkout")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-against-\(commit.prefix(12))-\(UUID().uuidString)")
        do {
            try run(
                "git", ["worktree", "add", "--detach", directory.path, commit], stopFlag: stopFlag,
                log: log)
        } catch {
            ReferenceBuild(executable: directory, name: reference, worktree: directory).remove()
            throw error
        }
        let build = ReferenceBuild(
            executable: directory.appendingPathComponent(".build/release/bench"),
            name: "\(reference) (\(commit.prefix(12)))", worktree: directory)
        log("building \(build.name) in release mode in \(directory.path)")
        do {
            try run(
                "swift",
                ["build", "-c", "release", "--product", "bench", "--package-path", directory.path],
                stopFlag: stopFlag, log: log)
        } catch {
            build.remove()
            throw error
        }
        return build
    }

    /// Removes the temporary worktree, if any.
    func remove() {
        guard let worktree else { return }
        _ = try? Self.run(
            "git", ["worktree", "remove", "--force", worktree.path], stopFlag: nil, log: { _ in })
        try? FileManager.default.removeItem(at: worktree)
        _ = try? Self.run("git", ["worktree", "prune"], stopFlag: nil, log: { _ in })
    }

    /// Checks that `executable` is a Faultline `bench`: `--version` answers `bench …`
    /// within ten seconds. Any other program named `bench` would fail every case on the
    /// reference side, leaving nothing to compare.
    /// - Throws: ``ReferenceBuildError`` saying what it answered.
    static func checkAnswers(_ executable: URL, reference: String) throws {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = executable
        process.arguments = ["--version"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        var answer = ""
        do {
            try process.run()
            let pid = process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            watchdog.cancel()
            answer = String(decoding: data.prefix(200), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            answer = ""
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0,
            answer.hasPrefix("bench ")
        else {
            let said =
                answer.isEmpty
                ? "printed nothing" : "printed '\(TerminalText.safe(String(answer.prefix(60))))'"
            throw ReferenceBuildError(
                "--against \(reference): \(executable.path) is not a Faultline bench ('--version' "
                    + "\(said)); give the directory of another checkout's build, such as "
                    + ".build/release, or a git ref")
        }
    }

    /// `path` itself or `path/bench`, when executable.
    private static func builtBench(at path: String) -> URL? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return nil
        }
        let url = URL(fileURLWithPath: path)
        let candidate = isDirectory.boolValue ? url.appendingPathComponent("bench") : url
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Runs `program`, its output and errors passed to `log` line by line; when
    /// `stopFlag` is set meanwhile, kills its whole process group (`swift build` runs
    /// many processes) and throws.
    private static func run(
        _ program: String, _ arguments: [String], stopFlag: StopFlag?, log: (String) -> Void
    ) throws {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = OutputBuffer()
        let reader = DispatchGroup()
        reader.enter()
        DispatchQueue.global().async {
            output.set(pipe.fileHandleForReading.readDataToEndOfFile())
            reader.leave()
        }
        while process.isRunning {
            if stopFlag?.isStopRequested == true {
                // Foundation starts each child as the leader of a process group of its
                // own (so a terminal's Ctrl-C never reaches it): end that whole group.
                // SIGKILL: they inherited this process's ignoring of SIGINT, SIGTERM and
                // SIGHUP, and a half-done build is thrown away anyway.
                kill(-process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                reader.wait()
                throw ReferenceBuildError(
                    "--against: stopped during '\(program) \(arguments.first ?? "")'; the "
                        + "reference build and its temporary worktree are removed")
            }
            usleep(50_000)
        }
        reader.wait()
        let text = String(decoding: output.data, as: UTF8.self)
        for line in text.split(separator: "\n").suffix(20) { log(String(line)) }
        guard process.terminationStatus == 0 else {
            throw ReferenceBuildError(
                "\(program) \(arguments.joined(separator: " ")) exited with "
                    + "\(process.terminationStatus); its last lines are above")
        }
    }
}

/// What a child printed, filled by the thread that reads its pipe.
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    var data: Data { lock.withLock { bytes } }

    func set(_ data: Data) { lock.withLock { bytes = data } }
}

/// `--against` named something that cannot be run.
struct ReferenceBuildError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
