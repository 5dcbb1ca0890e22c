/// Configurations of one scenario at one size that returned different checksums.
///
/// Every configuration must do the same logical work; a mismatch means one of them is
/// wrong, so its timings mean nothing and the run fails (exit 1). Cost: data only.
public struct ChecksumMismatch: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The benchmark.
    public let benchmark: BenchmarkID
    /// The size.
    public let size: Int
    /// Checksum per configuration name.
    public let checksums: [String: String]

    /// Makes a record.
    public init(benchmark: BenchmarkID, size: Int, checksums: [String: String]) {
        self.benchmark = benchmark
        self.size = size
        self.checksums = checksums
    }

    /// One line naming the benchmark, size and each configuration's checksum.
    public var description: String {
        let list = checksums.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "checksum mismatch in \(benchmark) at \(SizeFormat.short(size)): "
            + list.joined(separator: ", ")
    }

    /// Finds every mismatch among `cases` (failed cases without a checksum are skipped).
    public static func find(in cases: [CaseResult]) -> [ChecksumMismatch] {
        let groups = Dictionary(grouping: cases.filter { $0.checksum != nil }) {
            GroupKey(benchmark: $0.key.benchmark, size: $0.key.size)
        }
        return groups.compactMap { key, members in
            let sums = Dictionary(members.map { ($0.key.configuration, $0.checksum!) }) { a, _ in a
            }
            guard Set(sums.values).count > 1 else { return nil }
            return ChecksumMismatch(benchmark: key.benchmark, size: key.size, checksums: sums)
        }.sorted { ($0.benchmark, $0.size) < ($1.benchmark, $1.size) }
    }

    private struct GroupKey: Hashable {
        let benchmark: BenchmarkID
        let size: Int
    }
}
