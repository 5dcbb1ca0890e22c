import BenchKit
import Foundation

/// The workers of `bench run --instructions`: the usual launcher under valgrind's
/// callgrind, with a temporary directory for the dumps.
///
/// Cost: one directory, removed by ``remove()``; each worker's dumps are read and
/// removed by the worker itself, only its final empty dump is left here.
struct CallgrindWorkers {
    /// Where the worker's stripped copy lives and the workers write their dumps.
    let directory: URL
    /// The launcher that starts a worker under callgrind.
    let launcher: WorkerLauncher

    /// Wraps `launcher` in callgrind.
    /// - Parameter profiles: Where workers keep each counted body's profile
    ///   (`--callgrind-out`), if anywhere.
    /// - Throws: ``CallgrindUnavailable`` when valgrind is not on `PATH`,
    ///   ``CallgrindError`` when the worker cannot be copied without debug information;
    ///   a file-system error when the temporary directory cannot be made.
    init(wrapping launcher: WorkerLauncher, keepingProfilesIn profiles: URL? = nil) throws {
        guard let valgrind = Callgrind.valgrindPath() else { throw CallgrindUnavailable() }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        self.launcher = try Callgrind.launcher(
            wrapping: launcher, valgrind: valgrind, outputDirectory: directory,
            profileDirectory: profiles)
    }

    /// Removes the dump directory.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// `--instructions` was given but valgrind is not installed.
struct CallgrindUnavailable: Error, CustomStringConvertible {
    var description: String {
        "--instructions needs valgrind, which is not on PATH: install the Debian package "
            + "valgrind (scripts/ensure-deps does)"
    }
}
