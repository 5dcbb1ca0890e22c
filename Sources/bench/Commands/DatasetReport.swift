import Foundation
import Workloads

/// The text `bench generate` and `bench list --datasets` print about datasets.
enum DatasetReport {
    /// Where the dataset is, how it was made, and what it holds.
    static func lines(_ dataset: CachedDataset) -> [String] {
        let manifest = dataset.manifest
        var lines = ["dataset \(manifest.key)  \(dataset.wasReused ? "reused" : "generated")"]
        if let reason = dataset.rebuiltBecause { lines.append("  rebuilt because: \(reason)") }
        lines.append("  store: \(dataset.storePath)")
        lines += summary(manifest).map { "  " + $0 }
        if !dataset.wasReused {
            let rate = Int(manifest.rowsPerSecond.rounded()).formatted()
            lines.append(
                String(
                    format: "  generated in %.2f s (%@ rows/s, %@ writer)",
                    manifest.generationSeconds, rate, manifest.writer))
        }
        return lines
    }

    /// One line per entity and link, then hashes and file size.
    static func summary(_ manifest: DatasetManifest) -> [String] {
        manifest.counts.keys.sorted().map { entity in
            "\(entity): \(manifest.counts[entity, default: 0].formatted()) rows (\(manifest.ratios[entity] ?? "?"))"
        }
            + manifest.links.keys.sorted().map {
                "\($0): \(manifest.links[$0, default: 0].formatted()) links"
            }
            + [
                "seed \(manifest.seed), generator v\(manifest.generatorVersion), content hash \(manifest.contentHash)",
                "file \(ByteCountFormatter.string(fromByteCount: manifest.fileBytes, countStyle: .file)), created \(manifest.createdAt.formatted(.iso8601))",
            ]
    }

    /// The selectivity table of `--describe`.
    static func lines(_ description: DatasetDescription) -> [String] {
        ["selectivity:"]
            + description.lines.map { line in
                String(
                    format: "  %@ WHERE %@: %@ of %@ (%.2f%%)", line.entity, line.predicate,
                    line.matching.formatted(), line.total.formatted(), line.percent)
            }
    }

    /// Both writers' times and row rates, and batch insert's share of the raw rate.
    static func lines(_ comparison: WriterComparison) -> [String] {
        ["writers, same rows, this run:"]
            + comparison.reports.map { report in
                "  " + report.writer.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
                    + String(format: "%8.2f s  ", report.seconds)
                    + "\(Int(report.rowsPerSecond.rounded()).formatted()) rows/s"
            }
            + [
                String(
                    format: "  batch insert reaches %.0f%% of the raw row rate",
                    100 * comparison.engineShareOfRaw)
            ]
    }
}
