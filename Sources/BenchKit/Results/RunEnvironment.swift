import Foundation

/// The machine, system and toolchain a run used, so results can be compared honestly.
///
/// Cost: ``capture(sqliteVersion:extra:)`` reads a few `/proc` and `/etc` files once.
public struct RunEnvironment: Hashable, Sendable, Codable {
    /// CPU model name from `/proc/cpuinfo`.
    public var cpuModel: String
    /// Active processor cores.
    public var cores: Int
    /// Physical memory in bytes.
    public var memoryBytes: UInt64
    /// Kernel name and release (`uname`).
    public var kernel: String
    /// Operating system (`PRETTY_NAME` from `/etc/os-release`).
    public var operatingSystem: String
    /// Swift compiler version the harness was built with.
    public var swiftVersion: String
    /// SQLite version; filled by the caller (BenchKit does not link SQLite).
    public var sqliteVersion: String?
    /// `debug` or `release`.
    public var buildConfiguration: String
    /// The allocator serving `malloc`, such as `jemalloc 5.3.0-0-g54eaed1d8b56…`.
    public var allocator: String
    /// Host name.
    public var hostName: String
    /// Extra key/value facts a suite adds.
    public var extra: [String: String]
    /// The Swift compiler to the patch level (`6.3.1`); nil in results written before
    /// it was recorded. With ``libc`` and ``architecture``: ``CounterEnvironment``.
    public var toolchain: String?
    /// The C library (`glibc 2.36`); nil in older results.
    public var libc: String?
    /// The CPU architecture (`x86_64`, `arm64`); nil in older results.
    public var architecture: String?

    /// Reads the environment of the running process.
    /// - Parameters:
    ///   - sqliteVersion: The SQLite version, when the caller knows it.
    ///   - extra: More facts to record.
    public static func capture(sqliteVersion: String?, extra: [String: String] = [:])
        -> RunEnvironment
    {
        let info = ProcessInfo.processInfo
        return RunEnvironment(
            cpuModel: cpuModel(), cores: info.activeProcessorCount,
            memoryBytes: info.physicalMemory,
            kernel: kernel(), operatingSystem: operatingSystem(), swiftVersion: swiftVersion,
            sqliteVersion: sqliteVersion, buildConfiguration: buildConfiguration,
            allocator: Jemalloc.allocatorDescription(), hostName: info.hostName, extra: extra,
            toolchain: toolchainVersion, libc: libcVersion(), architecture: compiledArchitecture)
    }

    private static func cpuModel() -> String {
        let text = ProcFile.read("/proc/cpuinfo") ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }

    private static func kernel() -> String {
        var name = utsname()
        uname(&name)
        let field = { (value: Any) -> String in
            String(
                Mirror(reflecting: value).children.compactMap { $0.value as? CChar }
                    .prefix { $0 != 0 }.map { Character(UnicodeScalar(UInt8(bitPattern: $0))) })
        }
        return "\(field(name.sysname)) \(field(name.release))"
    }

    private static func operatingSystem() -> String {
        let text = ProcFile.read("/etc/os-release") ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
        return line.map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""]) }
            ?? "unknown"
    }

    private static var buildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    private static var swiftVersion: String {
        #if compiler(>=6.4)
            ">= 6.4"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }
}
