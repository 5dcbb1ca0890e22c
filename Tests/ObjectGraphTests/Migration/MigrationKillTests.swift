import Foundation
import TestSupport
import Testing

/// Issue [N] part 6: a migration (every table copied, a column filled) and a deferred
/// cleanup, each SIGKILLed at seeded random moments in a child (`StoreTestHost
/// migration …`). After every kill the store is sound and opens as version 1 or as
/// version 2 with the same rows, never a mix; the next open (or finish) completes it.
@Suite("Migration kill trials")
struct MigrationKillTests {
    /// A child that ended with an error.
    struct ChildFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the child to its end; its stdout lines.
    private static func complete(
        _ host: URL, _ arguments: [String]
    ) throws -> [String] {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = host
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ChildFailed(
                description:
                    "\(arguments.joined(separator: " ")): exit \(process.terminationStatus): "
                    + String(decoding: failure, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Copies the store and its WAL, if any, from `source` to `target`.
    private static func copyStore(_ source: String, to target: String) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: target + suffix)
            if FileManager.default.fileExists(atPath: source + suffix) {
                try FileManager.default.copyItem(atPath: source + suffix, toPath: target + suffix)
            }
        }
    }

    /// Kills `mode` on copies of `template` at `count` moments within `limit` seconds
    /// after its ready line; each store must open as one of `states`, and after the
    /// child runs to its end, as `final`. Returns how many trials saw each state.
    private static func trials(
        _ mode: String, template: String, count: Int, limit: Double, seed: UInt64,
        states: [String], final: String, in directory: TemporaryDirectory
    ) throws -> [String: Int] {
        let host = try KillTrial.executable("StoreTestHost")
        var seen: [String: Int] = [:]
        for (trial, delay) in KillTrial.delays(count: count, limit: limit, seed: seed).enumerated()
        {
            let path = directory.path("\(mode)-\(trial).sqlite")
            try copyStore(template, to: path)
            _ = try KillTrial.run(
                host, ["migration", mode, path], readyLine: "ready", delay: delay)
            #expect(try StoreSnapshot.integrity(path: path) == "ok", "trial \(trial)")
            let state = try complete(host, ["migration", "check", path]).last ?? ""
            #expect(states.contains(state), "trial \(trial) after \(delay) s: \(state)")
            seen[state, default: 0] += 1
            _ = try complete(host, ["migration", mode, path])
            #expect(
                try complete(host, ["migration", "check", path]).last == final,
                "trial \(trial)")
        }
        return seen
    }

    @Test(
        "24 kills during a copying migration and 16 during a deferred cleanup: old or new, never a mix"
    )
    func killDuringMigration() throws {
        let host = try KillTrial.executable("StoreTestHost")
        let directory = try TemporaryDirectory()
        let template = directory.path("v1.sqlite")
        _ = try Self.complete(host, ["migration", "seed", template])
        let v1 = try #require(
            try Self.complete(host, ["migration", "check", template]).last)
        #expect(v1.hasPrefix("v1 posts 4000 "))
        let timed = directory.path("timed.sqlite")
        try Self.copyStore(template, to: timed)
        let start = Date()
        _ = try Self.complete(host, ["migration", "migrate", timed])
        let elapsed = Date().timeIntervalSince(start)
        let v2 = try #require(
            try Self.complete(host, ["migration", "check", timed]).last)
        #expect(v2 == "v2" + v1.dropFirst(2))
        let migrated = try Self.trials(
            "migrate", template: template, count: 24, limit: elapsed, seed: 6, states: [v1, v2],
            final: v2, in: directory)
        #expect(migrated.values.reduce(0, +) == 24)

        let deferredTemplate = directory.path("deferred.sqlite")
        try Self.copyStore(template, to: deferredTemplate)
        _ = try Self.complete(host, ["migration", "defer", deferredTemplate])
        let pending = try #require(
            try Self.complete(host, ["migration", "check", deferredTemplate]).last)
        #expect(pending.hasPrefix("v2 ") && !pending.hasSuffix("pending 0"))
        let finishedStore = directory.path("finished.sqlite")
        try Self.copyStore(deferredTemplate, to: finishedStore)
        let finishStart = Date()
        _ = try Self.complete(host, ["migration", "finish", finishedStore])
        let finishElapsed = Date().timeIntervalSince(finishStart)
        let finished = try #require(
            try Self.complete(host, ["migration", "check", finishedStore]).last)
        #expect(finished == v2)
        let cleaned = try Self.trials(
            "finish", template: deferredTemplate, count: 16, limit: finishElapsed, seed: 7,
            states: [pending, v2], final: v2, in: directory)
        #expect(cleaned.values.reduce(0, +) == 16)
    }
}
