import BenchKit
import Foundation

/// The text `bench run` and `bench merge` print at the end: one line per case with
/// its key numbers, then mismatches, failures and where the report is.
struct RunSummary {
    let results: RunResults

    /// Prints the summary to standard output (problems to standard error).
    func print(to console: Console, directory: URL) {
        for result in results.cases {
            console.out(line(for: result))
        }
        for mismatch in results.checksumMismatches {
            console.err("FAILED: \(mismatch)")
        }
        for result in results.cases where result.status == .failed {
            console.err("FAILED: \(result.key): \(result.errors.joined(separator: "; "))")
        }
        if results.isPartial {
            console.err("partial results: not every case ran")
        }
        console.out("report: \(directory.path)")
    }

    private func line(for result: CaseResult) -> String {
        let shown: [Metric] = [.wallTime, .allocations, .peakResidentMemory]
        let numbers = shown.compactMap { metric -> String? in
            guard let measured = result.metric(metric) else { return nil }
            return "\(metric.name) \(Formatting.value(measured.summary.median, unit: metric.unit))"
        }
        return "\(result.key)  \(result.status.rawValue)  " + numbers.joined(separator: "  ")
    }
}
