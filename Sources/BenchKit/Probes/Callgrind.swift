import CCallgrind
import DurableFiles
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Instruction counts from valgrind's callgrind, for `bench run --instructions`.
///
/// The parent starts each worker under `valgrind --tool=callgrind` with instrumentation
/// and collection off (``launcher(wrapping:valgrind:outputDirectory:)``); around each counted
/// body the worker turns both on, then dumps the counters to a numbered file and reads
/// its `totals:` line (``InstructionCounter``). Setup, reset, verify and the harness
/// run uninstrumented and are in no count. The count is the instructions of the
/// thread that runs the body (the worker's main thread; a context's `performAndWait`
/// runs its block there too): other threads' spin-waits depend on how valgrind
/// happened to schedule them and moved engine counts by up to 1% between runs. So the
/// same binary on the same input gives the same number whatever the machine's load
/// (hashing seeds are fixed through `SWIFT_DETERMINISTIC_HASHING`).
/// Cost: a worker under valgrind runs its setup about 5x slower and a counted body
/// 20 to 100x slower; a dump file write and read per counted iteration.
package enum Callgrind {
    /// Where the worker's dumps go: the `--callgrind-out-file` prefix, without `.%p`.
    package static let outputVariable = "FAULTLINE_CALLGRIND_OUT"
    /// Where a counted worker keeps each body's whole profile (`--callgrind-out`);
    /// unset, the dumps are removed once counted.
    package static let profilesVariable = "FAULTLINE_CALLGRIND_PROFILES"

    /// True when this process runs under valgrind.
    package static var isRunning: Bool { faultline_callgrind_is_running() != 0 }

    /// The valgrind executable on `PATH`, or nil when valgrind is not installed.
    package static func valgrindPath() -> String? { executable(named: "valgrind") }

    /// The first executable called `name` on `PATH`.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A copy of `executable` in `directory` without debug information.
    ///
    /// Valgrind 3.19 (Debian 12) cannot read the DWARF 5 that Swift 6 emits and gives
    /// up before the program starts; counting instructions needs no symbols, and the
    /// machine code of the copy is the original's. Cost: one `objcopy` of the binary.
    /// - Throws: ``CallgrindError`` when neither `objcopy` (binutils) nor the
    ///   toolchain's `llvm-objcopy` is on `PATH` or the copy fails.
    package static func strippedCopy(of executable: URL, into directory: URL) throws -> URL {
        guard
            let objcopy = Self.executable(named: "objcopy")
                ?? Self.executable(named: "llvm-objcopy")
        else { throw CallgrindError("neither objcopy nor llvm-objcopy is on PATH") }
        let copy = directory.appendingPathComponent(executable.lastPathComponent)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", executable.path, copy.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CallgrindError(
                "\(objcopy) --strip-debug \(executable.path) exited with "
                    + "\(process.terminationStatus)")
        }
        return copy
    }

    /// `launcher` run under callgrind, its dumps in `outputDirectory`.
    /// - Parameters:
    ///   - launcher: The worker as it would run without valgrind.
    ///   - valgrind: The valgrind executable (``valgrindPath()``).
    ///   - outputDirectory: An existing directory the caller removes after the run;
    ///     it gets the worker's ``strippedCopy(of:into:)`` and each worker's final
    ///     (empty) dump.
    ///   - profileDirectory: Where workers keep each counted body's profile
    ///     (``InstructionCounter``), if anywhere.
    /// - Throws: ``CallgrindError`` when the executable cannot be copied.
    package static func launcher(
        wrapping launcher: WorkerLauncher, valgrind: String, outputDirectory: URL,
        profileDirectory: URL? = nil
    ) throws -> WorkerLauncher {
        let worker = try strippedCopy(of: launcher.executable, into: outputDirectory)
        let prefix = outputDirectory.appendingPathComponent("callgrind").path
        let options = [
            "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
            "--callgrind-out-file=\(prefix).%p", "--separate-threads=yes", "--dump-line=no",
            "--quiet",
        ]
        return WorkerLauncher(
            executable: URL(fileURLWithPath: valgrind),
            arguments: options + [worker.path] + launcher.arguments,
            environment: launcher.environment.merging(
                [
                    outputVariable: prefix, "SWIFT_DETERMINISTIC_HASHING": "1",
                    "MALLOC_CONF": deterministicAllocatorOptions(
                        after: launcher.environment["MALLOC_CONF"]
                            ?? ProcessInfo.processInfo.environment["MALLOC_CONF"]),
                ].merging(profileDirectory.map { [profilesVariable: $0.path] } ?? [:]) { $1 }
            ) { $1 })
    }

    /// jemalloc's options for a counted worker: `existing` (the user's, if any), then
    /// time-based purging off. jemalloc returns freed pages to the system on a clock
    /// (`dirty_decay_ms`, `muzzy_decay_ms`), so how much purging work a free-heavy body
    /// does depended on how long it ran under valgrind: `materialize/reset` (10k
    /// objects released) counted 12.31 to 12.59 million instructions on one binary,
    /// three runs; with decay off, the same number each run. Later options win in
    /// `MALLOC_CONF`, so these override the user's decay settings only.
    static func deterministicAllocatorOptions(after existing: String?) -> String {
        let options = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        guard let existing, !existing.isEmpty else { return options }
        return existing + "," + options
    }
}

/// Why instructions cannot be counted here, in one line.
package struct CallgrindError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = "cannot count instructions: " + description
    }
}

/// Counts the instructions of one body at a time in a worker under callgrind.
///
/// Confined to the worker's main thread (valgrind's thread 1); numbers its dumps as
/// callgrind does (`PREFIX.PID.N-TT`, N from 1, TT the thread). The main thread's dumps
/// stay until the counter is released, in every mode, so the directory listing each
/// count makes (and its allocations, which the next body's count would feel) is the
/// same whether or not the profiles are kept (`--callgrind-out`); then they are moved
/// there or removed. Cost: a dump file per active thread written and read or removed
/// per ``count(_:)``.
final class InstructionCounter {
    private let prefix: String
    private var dumps = 0
    /// Where each body's profile goes, as `<fileStem>.<iteration>.callgrind`.
    private let kept: (directory: URL, stem: String)?

    /// A counter, or a failure saying why this process cannot count.
    /// - Parameter stem: The case's ``CaseKey/fileStem``, naming its kept profiles.
    /// - Throws: ``CaseFailure`` when the process is not under callgrind.
    init(stem: String) throws {
        guard Callgrind.isRunning, Thread.isMainThread,
            let prefix = ProcessInfo.processInfo.environment[Callgrind.outputVariable]
        else {
            throw CaseFailure(
                "counted iterations need the main thread of a worker under valgrind's "
                    + "callgrind (bench run --instructions starts one)")
        }
        self.prefix = "\(prefix).\(getpid())"
        kept = ProcessInfo.processInfo.environment[Callgrind.profilesVariable].map {
            (URL(fileURLWithPath: $0, isDirectory: true), stem)
        }
    }

    /// Moves the profiles to `--callgrind-out`, or removes them. A profile that cannot
    /// be kept is named on standard error (the counts are already reported).
    deinit {
        guard dumps > 0 else { return }
        for number in 1...dumps {
            let path = "\(prefix).\(number)-01"
            defer { unlink(path) }
            guard let kept else { continue }
            let url = kept.directory.appendingPathComponent("\(kept.stem).\(number).callgrind")
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(contentsOf: URL(fileURLWithPath: path)), to: url)
            } catch {
                FileHandle.standardError.write(
                    Data(
                        "bench: cannot keep the callgrind profile \(url.path): \(ErrorText.describe(error))\n"
                            .utf8))
            }
        }
    }

    /// Runs `body` with callgrind collecting; returns its instructions and checksum.
    /// - Throws: What `body` throws, or ``CaseFailure`` when the dump is unreadable.
    func count(_ body: () throws -> UInt64) throws -> (instructions: Double, checksum: UInt64) {
        faultline_callgrind_begin()
        let result = Result { try body() }
        faultline_callgrind_end()
        dumps += 1
        let instructions = try readDump(number: dumps)
        let checksum = try result.get()
        blackHole(checksum)
        return (instructions, checksum)
    }

    /// The main thread's count in dump `number`; the other threads' files of it removed.
    private func readDump(number: Int) throws -> Double {
        let dump = "\(prefix).\(number)-"
        let path = dump + "01"
        defer {
            let directory = URL(fileURLWithPath: prefix).deletingLastPathComponent()
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for file in files {
                let other = directory.appendingPathComponent(file).path
                if other.hasPrefix(dump) && other != path { unlink(other) }
            }
        }
        guard let text = ProcFile.read(path), let totals = Self.totals(in: text) else {
            throw CaseFailure("callgrind dump \(path) is missing or has no 'totals:' line")
        }
        return totals
    }

    /// The first event (instructions, `Ir`) of a callgrind dump's `totals:` line.
    static func totals(in dump: String) -> Double? {
        for line in dump.split(separator: "\n") where line.hasPrefix("totals:") {
            return line.dropFirst("totals:".count).split(separator: " ").first
                .flatMap { Double($0) }
        }
        return nil
    }
}
