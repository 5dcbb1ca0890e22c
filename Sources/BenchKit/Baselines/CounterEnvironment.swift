#if canImport(Glibc)
    import Glibc
#endif

/// The facts of a run's environment that move counters without a code change: the
/// Swift toolchain, SQLite, the C library, the allocator and the CPU architecture.
///
/// Allocation and instruction counts come from the compiled code and the libraries
/// under it (swift-nio's malloc count for one benchmark is 608 on Linux and 1,104 on
/// Xcode 26), so a baseline recorded under another toolchain cannot judge them;
/// statement, row and fault counts do not depend on it. The gate compares these facts
/// (``GateEvaluator``) and gates ``toolchainCounters`` only when they match.
///
/// Cost: a few strings.
public struct CounterEnvironment: Hashable, Sendable, CustomStringConvertible {
    /// Counters that move with the toolchain: gated only against a baseline of the
    /// same environment (or with `--gate-across-environments`).
    public static let toolchainCounters: Set<String> = [
        Metric.allocations.name, Metric.instructions.name, Metric.bytesAllocated.name,
        Metric.peakAllocated.name,
    ]

    /// Each fact's name and value, nil when the run did not record it (results
    /// written before it was recorded).
    public let facts: [(name: String, value: String?)]

    /// The facts of `environment`.
    public init(_ environment: RunEnvironment) {
        facts = [
            ("Swift", environment.swiftVersion),
            ("toolchain", environment.toolchain),
            ("SQLite", environment.sqliteVersion),
            ("libc", environment.libc),
            ("allocator", environment.allocator),
            ("architecture", environment.architecture),
        ]
    }

    /// `Swift 6.3, toolchain 6.3.1, SQLite 3.40.1, libc glibc 2.36, …`.
    public var description: String {
        facts.map { "\($0.name) \($0.value ?? "?")" }.joined(separator: ", ")
    }

    /// One line per fact recorded in both and different: `toolchain 6.3.1 in the
    /// baseline, 6.3.2 now`. A fact the baseline did not record is not a difference
    /// (an older baseline keeps gating until it is refreshed).
    public func differences(fromBaseline baseline: CounterEnvironment) -> [String] {
        zip(baseline.facts, facts).compactMap { old, new in
            guard let before = old.value, let after = new.value, before != after else {
                return nil
            }
            return "\(new.name) \(before) in the baseline, \(after) now"
        }
    }

    static func equal(_ a: [(name: String, value: String?)], _ b: [(name: String, value: String?)])
        -> Bool
    {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public static func == (lhs: CounterEnvironment, rhs: CounterEnvironment) -> Bool {
        equal(lhs.facts, rhs.facts)
    }

    public func hash(into hasher: inout Hasher) {
        for fact in facts {
            hasher.combine(fact.name)
            hasher.combine(fact.value)
        }
    }
}

extension RunEnvironment {
    /// The C library's name and version (`glibc 2.36`), from
    /// `confstr(_CS_GNU_LIBC_VERSION)`.
    static func libcVersion() -> String {
        #if canImport(Glibc)
            var buffer = [CChar](repeating: 0, count: 64)
            let name = Int32(_CS_GNU_LIBC_VERSION)
            guard confstr(name, &buffer, buffer.count) > 0 else { return "unknown" }
            let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return String(decoding: bytes, as: UTF8.self)
        #else
            return "unknown"
        #endif
    }

    /// The CPU architecture the harness was compiled for.
    static var compiledArchitecture: String {
        #if arch(x86_64)
            "x86_64"
        #elseif arch(arm64)
            "arm64"
        #else
            "other"
        #endif
    }

    /// The Swift compiler's version to the patch level, as far as `#if compiler`
    /// tells it.
    static var toolchainVersion: String {
        #if compiler(>=6.4)
            ">= 6.4"
        #elseif compiler(>=6.3.3)
            "6.3.3+"
        #elseif compiler(>=6.3.2)
            "6.3.2"
        #elseif compiler(>=6.3.1)
            "6.3.1"
        #elseif compiler(>=6.3)
            "6.3.0"
        #elseif compiler(>=6.2.1)
            "6.2.1+"
        #elseif compiler(>=6.2)
            "6.2.0"
        #else
            "< 6.2"
        #endif
    }
}
