import Foundation
import Testing

@testable import BenchKit

/// The probes read real counters: jemalloc, /proc and getrusage.
@Suite struct ProbeTests {
    final class Node {
        let value: Int

        init(_ value: Int) {
            self.value = value
        }
    }

    @Test("jemalloc counts every allocation of a loop")
    func allocationCounts() {
        let before = Jemalloc.snapshot()
        let nodes = (0..<1_000).map(Node.init)
        let after = Jemalloc.snapshot()
        blackHole(nodes)
        #expect(after.allocations - before.allocations >= 1_000)
        #expect(after.bytesAllocated - before.bytesAllocated >= 16_000)
    }

    @Test("jemalloc's thread peak sees a 10 MB buffer")
    func peakAllocated() {
        Jemalloc.resetPeak()
        let buffer = [UInt8](repeating: 1, count: 10_000_000)
        blackHole(buffer)
        #expect(Jemalloc.peak() >= 10_000_000)
    }

    @Test("resident memory and its peak are read from /proc")
    func residentMemory() {
        ProcessMemory.resetPeak()
        let snapshot = ProcessMemory.snapshot()
        #expect(snapshot.resident > 1_000_000)
        #expect(snapshot.peakResident >= snapshot.resident)
    }

    @Test("an instrumented iteration reports built-in metrics and counters in order")
    func instrumentedIteration() {
        let counter = BodyCounter()
        let probe = Probe(counterSources: [counter])
        let result = probe.instrumented {
            counter.calls += 2
            blackHole((0..<100).map(Node.init))
            return 9
        }
        #expect(result.checksum == 9)
        #expect(probe.instrumentedMetrics.count == result.values.count)
        #expect(result.values[1] >= 100)
        #expect(result.values.last == 2)
    }

    @Test("an instrumented iteration counts the bytes its body wrote and read")
    func processIO() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("probe-io-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let probe = Probe(counterSources: [])
        let result = try probe.instrumented {
            try Data(repeating: 7, count: 10_000).write(to: url)
            return UInt64(try Data(contentsOf: url).count)
        }
        #expect(result.checksum == 10_000)
        let values = Dictionary(
            uniqueKeysWithValues: zip(probe.instrumentedMetrics.map(\.name), result.values))
        // Process-wide: tests running beside this one may add, never subtract.
        #expect(try #require(values["io.written"]) >= 10_000)
        #expect(try #require(values["io.read"]) >= 10_000)
        #expect(try #require(values["io.storage-read"]) >= 0)
    }

    @Test("the environment names the allocator, kernel and machine")
    func environment() {
        let environment = RunEnvironment.capture(sqliteVersion: "3.40.1", extra: ["k": "v"])
        #expect(environment.allocator.hasPrefix("jemalloc "))
        #expect(environment.kernel.hasPrefix("Linux "))
        #expect(environment.cores >= 1 && environment.memoryBytes > 0)
        #expect(environment.cpuModel != "unknown" && environment.operatingSystem != "unknown")
        #if DEBUG
            #expect(environment.buildConfiguration == "debug")
        #else
            #expect(environment.buildConfiguration == "release")
        #endif
        #expect(environment.sqliteVersion == "3.40.1" && environment.extra == ["k": "v"])
    }
}
