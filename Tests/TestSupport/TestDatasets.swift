import Foundation

/// One dataset cache shared by every test process on this machine.
///
/// Generated datasets are deterministic and the cache validates a reused one by its key,
/// size and file hash, and publishes a new one by renaming a finished temporary
/// directory, so concurrent test processes can share it safely. Sharing it means a
/// dataset is generated once per machine rather than once per test run, and no run
/// leaves a copy behind in the temporary directory.
public enum TestDatasets {
    /// `FAULTLINE_TEST_DATASETS` when set (`scripts/test` sets it, because it points
    /// `TMPDIR` at a scratch directory it removes), else
    /// `<temporary directory>/faultline-test-datasets`.
    public static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["FAULTLINE_TEST_DATASETS"],
            !path.isEmpty
        {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("faultline-test-datasets", isDirectory: true)
    }()
}
