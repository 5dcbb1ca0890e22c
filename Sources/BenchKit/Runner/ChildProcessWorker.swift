import Foundation

/// A ``CaseWorker`` that runs its case in a child process, so resident memory and its
/// peak belong to that case alone and a crash ends only that case.
///
/// The child is the launcher's executable serving ``WorkerHost``; requests and replies
/// are JSON lines over its stdin and stdout. Its stderr goes to a temporary file whose
/// tail is quoted when the child fails; the file is unlinked as soon as it is open, so
/// a parent killed by SIGKILL leaves nothing in the temporary directory. Cost: one process spawn and one setup per case;
/// one pipe round trip per iteration (outside the timed region).
final class ChildProcessWorker: CaseWorker {
    let key: CaseKey
    private let seed: UInt64
    private let launcher: WorkerLauncher
    private let process = Process()
    private let stderrURL: URL
    private var stderrLog: FileHandle?
    private var channel: LineChannel?
    private var pipes: (toChild: Pipe, fromChild: Pipe)?

    init(key: CaseKey, seed: UInt64, launcher: WorkerLauncher) {
        self.key = key
        self.seed = seed
        self.launcher = launcher
        self.stderrURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-worker-\(UUID().uuidString).log")
    }

    deinit {
        try? stderrLog?.close()
    }

    func start() throws -> WorkerReady {
        try spawn()
        let request = try String(
            decoding: JSONEncoder().encode(WorkerRequest(key: key, seed: seed)), as: UTF8.self)
        try send(request)
        guard case .ready(let ready) = try receive() else {
            throw CaseFailure("worker for \(key) did not report ready")
        }
        relayWarnings()
        return ready
    }

    /// Copies the `warning: ` lines the child printed during setup (a damaged cached
    /// dataset it rebuilt) to this process's stderr, where the user sees them.
    private func relayWarnings() {
        try? stderrLog?.seek(toOffset: 0)
        let log = String(decoding: (try? stderrLog?.readToEnd()) ?? Data(), as: UTF8.self)
        for line in log.split(separator: "\n") where line.hasPrefix("warning: ") {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    func iterate(_ kind: IterationKind) throws -> IterationRecord {
        try send(WorkerCommand(kind).rawValue)
        guard case .iteration(let record) = try receive() else {
            throw CaseFailure("worker for \(key) sent an unexpected reply")
        }
        return record
    }

    func finish() {
        guard process.isRunning else { return }
        try? send(WorkerCommand.finish.rawValue)
        process.waitUntilExit()
    }

    private func spawn() throws {
        let toChild = Pipe()
        let fromChild = Pipe()
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = launcher.executable
        process.arguments = launcher.arguments
        process.environment = ParentWatch.environment().merging(launcher.environment) { $1 }
        process.standardInput = toChild
        process.standardOutput = fromChild
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        stderrLog = try FileHandle(forReadingFrom: stderrURL)
        try FileManager.default.removeItem(at: stderrURL)
        try process.run()
        pipes = (toChild, fromChild)
        channel = LineChannel(
            input: fromChild.fileHandleForReading.fileDescriptor,
            output: toChild.fileHandleForWriting.fileDescriptor)
    }

    private func send(_ line: String) throws {
        guard let channel else { throw CaseFailure("worker for \(key) is not running") }
        do { try channel.writeLine(line) } catch { throw exitFailure() }
    }

    private func receive() throws -> WorkerReply {
        guard let line = channel?.readLine() else { throw exitFailure() }
        let reply = try JSONDecoder().decode(WorkerReply.self, from: Data(line.utf8))
        if case .failed(let message) = reply { throw CaseFailure(message) }
        if case .notRun(let reason) = reply { throw CaseNotRun(reason) }
        return reply
    }

    /// Describes how the child ended, with the tail of its stderr.
    private func exitFailure() -> CaseFailure {
        process.waitUntilExit()
        let status = process.terminationStatus
        let how =
            process.terminationReason == .uncaughtSignal
            ? "crashed with signal \(status)" : "exited with status \(status)"
        try? stderrLog?.seek(toOffset: 0)
        let log = String(decoding: (try? stderrLog?.readToEnd()) ?? Data(), as: UTF8.self)
        let tail = log.split(separator: "\n").suffix(3).joined(separator: " | ")
        return CaseFailure("worker for \(key) \(how)" + (tail.isEmpty ? "" : ": \(tail)"))
    }
}
