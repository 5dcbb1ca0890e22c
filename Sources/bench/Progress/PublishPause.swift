import Foundation

/// A test hook: when `FAULTLINE_TEST_PUBLISH_PAUSE` names a file, `bench run` creates
/// it once its cases are done and waits (up to a minute) until the file is removed
/// before writing anything. Tests send signals in that pause, the moment the last
/// case ends, instead of sleeping and hoping to hit it.
///
/// Cost: one environment lookup when unset.
enum PublishPause {
    /// The environment variable naming the pause file.
    static let variable = "FAULTLINE_TEST_PUBLISH_PAUSE"

    /// Creates the pause file and waits for its removal; returns at once when the
    /// variable is unset or the file cannot be created.
    static func wait() {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else {
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: Data()) else { return }
        for _ in 0..<6_000 where FileManager.default.fileExists(atPath: path) {
            usleep(10_000)
        }
    }
}
