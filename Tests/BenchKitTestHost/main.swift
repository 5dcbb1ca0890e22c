import BenchKit
import Foundation

// A worker executable for the BenchKit tests: serves fixture benchmarks that must run
// in a child process (a 500 MB allocation, a crash, a failing or endless setup) so the
// tests can check isolation and failure handling. Started by the tests as `BenchKitTestHost`, never by users.

/// Touches every page of a `bytes`-sized allocation so it becomes resident, then frees it.
func touch(bytes: Int) -> UInt64 {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes)
    defer { pointer.deallocate() }
    for offset in stride(from: 0, to: bytes, by: 4_096) { pointer[offset] = 1 }
    blackHole(pointer)
    return 1
}

/// `fixture/memory`'s two sizes of allocation.
enum MemoryVariant: BenchmarkVariant {
    case large, small

    var configuration: BenchmarkConfiguration {
        switch self {
        case .large: BenchmarkConfiguration("large", summary: "touches 500 MB")
        case .small: BenchmarkConfiguration("small", summary: "touches 1 MB")
        }
    }
}

let memory = BenchmarkScenario(
    "memory", summary: "A 500 MB case followed by a 1 MB case", variants: MemoryVariant.self,
    setup: { _, _ in () },
    body: { _, variant in
        switch variant {
        case .large: touch(bytes: 500_000_000)
        case .small: touch(bytes: 1_000_000)
        }
    })

/// `fixture/crash`: one healthy configuration, one that traps.
enum CrashVariant: BenchmarkVariant {
    case healthy, crashing

    var configuration: BenchmarkConfiguration {
        switch self {
        case .healthy: BenchmarkConfiguration("healthy", summary: "returns 7")
        case .crashing: BenchmarkConfiguration("crashing", summary: "traps")
        }
    }
}

let crash = BenchmarkScenario(
    "crash", summary: "One configuration traps in its body", variants: CrashVariant.self,
    setup: { _, _ in () },
    body: { _, variant in
        switch variant {
        case .healthy: 7
        case .crashing: preconditionFailure("fixture crash")
        }
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

/// `fixture/sql-log`'s one configuration.
enum TracedVariant: BenchmarkVariant {
    case traced

    var configuration: BenchmarkConfiguration {
        BenchmarkConfiguration("traced", summary: "logs 2,500 lines")
    }
}

let sqlLog = BenchmarkScenario(
    "sql-log", summary: "Logs 2,500 SQL lines per instrumented iteration",
    variants: TracedVariant.self,
    setup: { context, _ in
        let body = LoggingBody()
        context.register(trace: body.recorder)
        return body
    },
    body: { body, _ in body.run() })

/// A setup that fails, as a missing dataset would.
struct FixtureSetupError: Error, CustomStringConvertible {
    var description: String { "no dataset here" }
}

/// The one configuration of the setup fixtures.
enum OnlyVariant: BenchmarkVariant {
    case only

    var configuration: BenchmarkConfiguration {
        BenchmarkConfiguration("only", summary: "the fixture's one configuration")
    }
}

let failingSetup = BenchmarkScenario(
    "failing-setup", summary: "Setup throws", variants: OnlyVariant.self,
    setup: { _, _ -> Int in throw FixtureSetupError() },
    body: { _, _ in 0 })

/// A setup that takes ten minutes, as generating a large dataset does: a worker busy
/// in it must still die with its parent.
let stall = BenchmarkScenario(
    "stall", summary: "Setup sleeps for ten minutes", variants: OnlyVariant.self,
    setup: { _, _ in Thread.sleep(forTimeInterval: 600) },
    body: { _, _ in 0 })

let fixtures = BenchmarkSuite(
    name: "fixture", summary: "child-process fixtures", sizes: [1],
    scenarios: [memory, crash, sqlLog, failingSetup, stall])
exit(WorkerHost.serve(benchmarks: fixtures.benchmarks))
