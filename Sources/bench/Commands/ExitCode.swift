import Foundation

/// What `bench` exits with, by name: the statuses docs/BENCH.md promises.
struct ExitCode: Equatable, Sendable, CustomStringConvertible {
    /// The process's exit status.
    let rawValue: Int32

    /// Everything asked for was done (a gate that held, a file written).
    static let success = ExitCode(rawValue: 0)
    /// The work ran and failed: a checksum mismatch, a failed case, a failing gate, a
    /// report that could not be written.
    static let failure = ExitCode(rawValue: 1)
    /// A usage or input error: a bad flag or value, an unreadable or invalid file;
    /// nothing ran.
    static let usage = ExitCode(rawValue: 2)
    /// Stopped by Ctrl-C (SIGINT): 130.
    static let interrupted = signal(SIGINT)

    /// Stopped by the signal `number`: 128 + `number`, as a shell reports a process
    /// the signal ended (130 SIGINT, 143 SIGTERM, 129 SIGHUP).
    static func signal(_ number: Int32) -> ExitCode {
        ExitCode(rawValue: 128 + number)
    }

    /// The status as a number.
    var description: String { "\(rawValue)" }
}
