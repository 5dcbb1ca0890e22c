import DurableFiles
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The child side of process isolation: serves one case over stdin and stdout.
///
/// The `bench` binary calls ``serve(benchmarks:)`` for its hidden `__worker`
/// subcommand. The protocol keeps a private copy of stdout and points stdout at stderr,
/// so a benchmark that prints cannot corrupt the replies. SIGINT, SIGTERM and SIGHUP
/// are ignored (the parent decides when the child stops) and the child dies with its
/// parent (``ParentWatch``). Cost: one setup, then one JSON line per iteration.
public enum WorkerHost {
    /// Serves the case named on the first stdin line until told to finish.
    /// - Parameter benchmarks: Every benchmark the binary knows.
    /// - Returns: The process exit code: 0 after `finish`, 1 on a protocol error.
    public static func serve(benchmarks: [Benchmark]) -> Int32 {
        guard ParentWatch.tieToParent() else { return 1 }
        let replies = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let channel = LineChannel(input: STDIN_FILENO, output: replies)
        guard let line = channel.readLine(),
            let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(line.utf8))
        else { return 1 }
        guard let benchmark = benchmarks.first(where: { $0.id == request.key.benchmark }) else {
            reply(.failed("unknown benchmark \(request.key.benchmark)"), on: channel)
            return 1
        }
        return serve(benchmark, request: request, on: channel)
    }

    private static func serve(
        _ benchmark: Benchmark, request: WorkerRequest, on channel: LineChannel
    ) -> Int32 {
        let session: CaseSession
        do {
            session = try CaseSession(benchmark: benchmark, key: request.key, seed: request.seed)
        } catch let notRun as CaseNotRun {
            reply(.notRun(notRun.reason), on: channel)
            return 0
        } catch {
            // The parent's GroupRun says "setup failed:" for every other setup error.
            reply(.failed("\(error)"), on: channel)
            return 1
        }
        reply(
            .ready(
                WorkerReady(
                    instrumentedMetrics: session.instrumentedMetrics, datasets: session.datasets)),
            on: channel)
        while let line = channel.readLine(), let command = WorkerCommand(rawValue: line) {
            guard let kind = command.kind else { return 0 }
            do {
                reply(.iteration(try session.iterate(kind)), on: channel)
            } catch {
                reply(
                    .failed("\(kind) iteration failed: \(ErrorText.describe(error))"), on: channel)
            }
        }
        return 1
    }

    private static func reply(_ message: WorkerReply, on channel: LineChannel) {
        guard let data = try? JSONEncoder().encode(message) else { return }
        try? channel.writeLine(String(decoding: data, as: UTF8.self))
    }
}
