/// Identifies one case: a benchmark at one configuration and one size.
///
/// A case is the unit that runs in its own child process and gets its own row set in
/// `results.csv`. Cost: a few strings.
public struct CaseKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The benchmark.
    public let benchmark: BenchmarkID
    /// The configuration's name.
    public let configuration: String
    /// The size, such as 10_000 records.
    public let size: Int

    /// Makes a key.
    public init(benchmark: BenchmarkID, configuration: String, size: Int) {
        self.benchmark = benchmark
        self.configuration = configuration
        self.size = size
    }

    /// `suite/scenario [configuration] size`, as progress lines print it.
    public var description: String {
        "\(benchmark) [\(configuration)] \(SizeFormat.short(size))"
    }

    /// `suite/scenario--configuration--size` (size as `10k`), the relative path files of
    /// one case are named by (SQL logs, callgrind profiles); a `/` in the configuration
    /// becomes `_`, so the file stays in its scenario's folder.
    public var fileStem: String {
        let configuration = configuration.replacingOccurrences(of: "/", with: "_")
        return "\(benchmark.suite)/\(benchmark.scenario)--\(configuration)--"
            + SizeFormat.short(size)
    }

    /// Orders by benchmark, then size, then configuration name.
    public static func < (lhs: CaseKey, rhs: CaseKey) -> Bool {
        (lhs.benchmark.description, lhs.size, lhs.configuration)
            < (rhs.benchmark.description, rhs.size, rhs.configuration)
    }
}
