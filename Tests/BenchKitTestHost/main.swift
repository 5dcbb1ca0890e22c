import BenchKit
import Foundation

// A worker executable for the BenchKit tests: serves fixture benchmarks that must run
// in a child process (a 500 MB allocation, a crash, a failing or endless setup) so the tests can check isolation
// and failure handling. Started by the tests as `BenchKitTestHost`, never by users.

/// Touches every page of a `bytes`-sized allocation so it becomes resident, then frees it.
func touch(bytes: Int) -> UInt64 {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes)
    defer { pointer.deallocate() }
    for offset in stride(from: 0, to: bytes, by: 4_096) { pointer[offset] = 1 }
    blackHole(pointer)
    return 1
}

let memory = Benchmark(
    BenchmarkID(suite: "fixture", scenario: "memory"),
    summary: "A 500 MB case followed by a 1 MB case",
    configurations: [.init("large"), .init("small")],
    sizes: [1],
    setup: { context in context.configuration.name == "large" ? 500_000_000 : 1_000_000 },
    body: { bytes in touch(bytes: bytes) })

let crash = Benchmark(
    BenchmarkID(suite: "fixture", scenario: "crash"),
    summary: "One configuration traps in its body",
    configurations: [.init("healthy"), .init("crashing")],
    sizes: [1],
    setup: { context in context.configuration.name == "crashing" },
    body: { isCrashing in
        precondition(!isCrashing, "fixture crash")
        return 7
    })

/// A traced case whose iteration logs 2,500 lines: more than an ``SQLLog`` keeps.
final class LoggingBody {
    let recorder = SQLTraceRecorder()

    func run() -> UInt64 {
        recorder.record(sql: "SELECT 1", arguments: [], nanoseconds: 10, rows: 1)
        for line in 1...2_500 { recorder.appendLogLine("fixture: sql: SELECT \(line)") }
        return 3
    }
}

let sqlLog = Benchmark(
    BenchmarkID(suite: "fixture", scenario: "sql-log"),
    summary: "Logs 2,500 SQL lines per instrumented iteration",
    configurations: [.init("traced")],
    sizes: [1],
    setup: { context in
        let body = LoggingBody()
        context.register(trace: body.recorder)
        return body
    },
    body: { body in body.run() })

/// A setup that fails, as a missing dataset would.
struct FixtureSetupError: Error, CustomStringConvertible {
    var description: String { "no dataset here" }
}

let failingSetup = Benchmark(
    BenchmarkID(suite: "fixture", scenario: "failing-setup"),
    summary: "Setup throws",
    configurations: [.init("only")],
    sizes: [1],
    setup: { _ -> Int in throw FixtureSetupError() },
    body: { _ in 0 })

/// A setup that takes ten minutes, as generating a large dataset does: a worker busy
/// in it must still die with its parent.
let stall = Benchmark(
    BenchmarkID(suite: "fixture", scenario: "stall"),
    summary: "Setup sleeps for ten minutes",
    configurations: [.init("only")],
    sizes: [1],
    setup: { _ in Thread.sleep(forTimeInterval: 600) },
    body: { _ in 0 })

exit(WorkerHost.serve(benchmarks: [memory, crash, sqlLog, failingSetup, stall]))
