import Foundation

/// Facts about the host that come from other programs: the git commit and SQLite's
/// version (BenchKit must not link SQLite, so the `sqlite3` shell is asked).
///
/// Each costs one process spawn; nil when the program is missing or fails.
enum HostFacts {
    /// `git rev-parse HEAD` in the current directory.
    static func gitCommit() -> String? {
        output(of: "git", ["rev-parse", "HEAD"])
    }

    /// The version word of `sqlite3 --version`.
    static func sqliteVersion() -> String? {
        output(of: "sqlite3", ["--version"])?.split(separator: " ").first.map(String.init)
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
