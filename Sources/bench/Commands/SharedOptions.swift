import BenchReports
import Foundation
import Workloads

/// Options several subcommands take, declared in one place so they spell, document
/// and default the same way everywhere.
enum SharedOptions {
    /// `--format LIST`: the report formats to write.
    static let format = ValueOption(
        "--format", "LIST", "report formats: \(ReportCommand.formatList) (default: all)",
        OptionValues.choices(ReportFormat.self))

    /// `--out DIR`: the directory that holds run directories (`run`, `merge`, `compare`).
    /// `--gate-across-environments`: gate allocation and instruction counts against a
    /// baseline recorded under another toolchain, SQLite, libc, allocator or CPU
    /// architecture too (docs/GATES.md).
    static let gateAcrossEnvironments = FlagOption(
        "--gate-across-environments",
        "gate allocations and instructions even against a baseline from another environment")
    static let out = ValueOption(
        "--out", "DIR", "directory that holds run directories (default Reports)")

    /// `--dataset-dir DIR`: the dataset cache, as an absolute directory URL.
    static let datasetDir = ValueOption(
        "--dataset-dir", "DIR",
        "dataset cache (default $FAULTLINE_DATASETS, else .faultline/datasets)"
    ) { text, _ in URL(fileURLWithPath: text, isDirectory: true).standardizedFileURL }

    /// `--format` from `arguments`, every format when absent.
    /// - Throws: ``UsageError`` naming an unknown format.
    static func formats(_ arguments: ParsedArguments) throws(UsageError) -> [ReportFormat] {
        try arguments.value(format) ?? ReportFormat.allCases
    }

    /// The dataset cache `--dataset-dir` names, else the default one
    /// (`$FAULTLINE_DATASETS`, else `.faultline/datasets`).
    static func datasetCache(_ arguments: ParsedArguments) throws(UsageError) -> DatasetCache {
        DatasetCache(directory: try arguments.value(datasetDir) ?? DatasetCache.defaultDirectory())
    }
}
