/// A measured quantity with its unit and which direction is better.
///
/// The built-in metrics are static members; a suite adds its own (SQL statements,
/// rows read, faults fired) through a ``CounterSource`` with ``Metric/init(name:unit:direction:)``.
/// A struct rather than an enum so suites can extend the set without touching BenchKit.
/// Cost: a string and two enums.
public struct Metric: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Stable name used as the key in results, such as `wallTime` or `sql.statements`.
    public let name: String
    /// What one unit of a sample is.
    public let unit: MetricUnit
    /// Whether smaller or larger values are better.
    public let direction: MetricDirection

    /// Makes a metric; names must be unique within a run.
    public init(name: String, unit: MetricUnit, direction: MetricDirection = .smallerIsBetter) {
        self.name = name
        self.unit = unit
        self.direction = direction
    }

    /// The name.
    public var description: String { name }

    /// Wall-clock time of one body call, monotonic clock.
    public static let wallTime = Metric(name: "wallTime", unit: .nanoseconds)
    /// User CPU time of the process during one body call (getrusage).
    public static let cpuUser = Metric(name: "cpuUser", unit: .nanoseconds)
    /// System CPU time of the process during one body call (getrusage).
    public static let cpuSystem = Metric(name: "cpuSystem", unit: .nanoseconds)
    /// Bytes the calling thread allocated during one body call (jemalloc).
    public static let bytesAllocated = Metric(name: "bytesAllocated", unit: .bytes)
    /// Allocation requests in the process during one body call (jemalloc arenas).
    public static let allocations = Metric(name: "allocations", unit: .count)
    /// Peak net bytes allocated by the calling thread above its start (jemalloc).
    public static let peakAllocated = Metric(name: "peakAllocated", unit: .bytes)
    /// Resident set size of the process after one body call (VmRSS).
    public static let residentMemory = Metric(name: "rss", unit: .bytes)
    /// Peak resident set size during one body call (VmHWM after a reset).
    public static let peakResidentMemory = Metric(name: "peakRSS", unit: .bytes)

    /// Bytes returned by read system calls during one body call (`rchar`, process).
    public static let bytesRead = Metric(name: "io.read", unit: .bytes)
    /// Bytes passed to write system calls during one body call (`wchar`, process).
    public static let bytesWritten = Metric(name: "io.written", unit: .bytes)
    /// Bytes read from storage during one body call (`read_bytes`; 0 from page cache).
    public static let storageRead = Metric(name: "io.storage-read", unit: .bytes)
    /// Bytes dirtied for storage during one body call (`write_bytes`).
    public static let storageWritten = Metric(name: "io.storage-written", unit: .bytes)
    /// The I/O metrics of instrumented iterations, in ``ProcessIO`` order.
    public static let processIO: [Metric] = [
        .bytesRead, .bytesWritten, .storageRead, .storageWritten,
    ]

    /// Instructions executed by one body call, every thread (valgrind's callgrind `Ir`).
    public static let instructions = Metric(name: "instructions", unit: .count)

    /// Metrics read in timed iterations.
    public static let timed: [Metric] = [.wallTime, .cpuUser, .cpuSystem]
    /// Metrics read in counted iterations (`bench run --instructions`).
    public static let counted: [Metric] = [.instructions]
    /// Built-in metrics read in instrumented iterations.
    public static let instrumented: [Metric] =
        [.bytesAllocated, .allocations, .peakAllocated, .residentMemory, .peakResidentMemory]
        + processIO
}

/// The unit of a ``Metric``'s samples.
public enum MetricUnit: String, Hashable, Sendable, Codable {
    /// Nanoseconds.
    case nanoseconds
    /// Bytes.
    case bytes
    /// A plain count (allocations, statements, rows).
    case count
}

/// Which way a ``Metric`` improves.
public enum MetricDirection: String, Hashable, Sendable, Codable {
    /// Lower values are better (time, memory, statement counts).
    case smallerIsBetter
    /// Higher values are better (throughput, cache hits).
    case largerIsBetter
}
