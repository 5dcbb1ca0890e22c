import Foundation
import TestSupport
import Testing

/// The binary store under real crashes: `StoreTestHost save-loop STORE binary`
/// SIGKILLed at seeded random moments. The file always holds a whole save (the last
/// one the child reported, or the one in flight), never a mix, whether the kill came
/// before, during or after a temporary file was written.
@Suite struct BinaryStoreKillTests {
    @Test("SIGKILL at random moments of a binary store's save loop: one whole save in the file")
    func saveLoop() throws {
        let host = try KillTrial.executable("StoreTestHost")
        let directory = try TemporaryDirectory()
        var (leftovers, inFlight) = (0, 0)
        for (trial, delay) in KillTrial.delays(count: 60, limit: 0.3, seed: 23).enumerated() {
            let name = "save-\(trial).store"
            let lines = try KillTrial.run(
                host, ["save-loop", directory.path(name), "binary"], readyLine: "ready",
                delay: delay)
            let acknowledged =
                lines.last { $0.hasPrefix("saved ") }.map { Int64($0.dropFirst(6))! } ?? 0
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            leftovers += names.filter { $0.hasPrefix(".\(name).tmp-") }.count
            let step = try StoreKillTests.checkSaveLoop(
                directory.path(name), acknowledged: acknowledged)
            if step > acknowledged { inFlight += 1 }
        }
        print(
            "kill trials, binary save loop: 60 kills; \(leftovers) temporary files left "
                + "behind; \(inFlight) found the save in flight in the file")
    }
}
