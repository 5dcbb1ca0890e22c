import Foundation

/// A fresh directory under the system temporary directory, removed when released.
///
/// Each test makes its own, so tests run in parallel without sharing files.
public final class TemporaryDirectory: Sendable {
    /// The directory's URL.
    public let url: URL

    /// Creates the directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("faultline-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory. A removal can lose a race with work the test started and
    /// did not wait for (a context's queue or a child process still writing a journal
    /// or a scratch file inside), which leaves a directory that is not empty; so a
    /// failed removal is tried again for up to two seconds. `scripts/test` fails on any
    /// directory still left and lists what it holds.
    deinit {
        for _ in 0..<40 {
            do {
                try FileManager.default.removeItem(at: url)
                return
            } catch {
                guard FileManager.default.fileExists(atPath: url.path) else { return }
                usleep(50_000)
            }
        }
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
