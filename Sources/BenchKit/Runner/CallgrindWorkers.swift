import Foundation

/// The workers of a counted run (`bench run --instructions`): the usual launcher under
/// valgrind's callgrind (``Callgrind``), with a temporary directory for the dumps.
///
/// Cost: one directory, removed by ``remove()``; each worker's dumps are read and
/// removed by the worker itself, only its final empty dump is left here.
public struct CallgrindWorkers: Sendable {
    /// Where the worker's stripped copy lives and the workers write their dumps.
    public let directory: URL
    /// The launcher that starts a worker under callgrind.
    public let launcher: WorkerLauncher

    /// Wraps `launcher` in callgrind.
    /// - Parameters:
    ///   - launcher: How a worker starts without callgrind.
    ///   - profiles: Where workers keep each counted body's profile
    ///     (`--callgrind-out`), if anywhere; created with its parents.
    /// - Throws: ``CallgrindUnavailable`` when valgrind is not on `PATH`,
    ///   ``CallgrindError`` when the worker cannot be copied without debug information;
    ///   a file-system error when a directory cannot be made.
    public init(wrapping launcher: WorkerLauncher, keepingProfilesIn profiles: URL? = nil) throws {
        guard let valgrind = Callgrind.valgrindPath() else { throw CallgrindUnavailable() }
        if let profiles {
            try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        self.launcher = try Callgrind.launcher(
            wrapping: launcher, valgrind: valgrind, outputDirectory: directory,
            profileDirectory: profiles)
    }

    /// Removes the dump directory.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// `--instructions` was given but valgrind is not installed.
public struct CallgrindUnavailable: Error, CustomStringConvertible {
    /// What to install.
    public var description: String {
        "--instructions needs valgrind, which is not on PATH: install the Debian package "
            + "valgrind (scripts/ensure-deps does)"
    }
}
