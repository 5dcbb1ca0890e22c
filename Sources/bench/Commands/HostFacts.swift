import BenchKit
import Foundation
import SQLiteDB

/// Facts about the host for results: the git commit (from the `git` program) and
/// SQLite's version (from the linked library, through SQLiteDB).
///
/// ``gitCommit()`` and ``output(of:_:)`` cost one process spawn each; nil when the
/// program is missing or fails.
enum HostFacts {
    /// What results record about this process's host.
    static func current() -> RunHost {
        RunHost(
            gitCommit: gitCommit(), sqliteVersion: SQLiteLibrary.version,
            commandLine: CommandLine.arguments)
    }

    /// `git rev-parse HEAD` in the current directory.
    static func gitCommit() -> String? {
        output(of: "git", ["rev-parse", "HEAD"])
    }

    /// The trimmed standard output of `program` (looked up on `PATH`); nil when it is
    /// missing, fails or prints nothing.
    static func output(of program: String, _ arguments: [String]) -> String? {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
