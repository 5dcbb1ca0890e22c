import BenchReports
import Foundation
import Workloads

/// Options several subcommands take, declared and read in one place so they spell,
/// document and default the same way everywhere.
enum SharedOptions {
    /// `--format LIST`: the report formats to write.
    static let format = OptionSpec.value(
        "--format", "LIST", "report formats: \(ReportCommand.formatList) (default: all)")

    /// `--dataset-dir DIR`: the dataset cache.
    static let datasetDir = OptionSpec.value(
        "--dataset-dir", "DIR",
        "dataset cache (default $FAULTLINE_DATASETS, else .faultline/datasets)")

    /// `--format` from `arguments`, every format when absent.
    /// - Throws: ``UsageError`` naming an unknown format.
    static func formats(_ arguments: ParsedArguments, values: ValueParsers)
        throws(UsageError) -> [ReportFormat]
    {
        try arguments.value("--format").map { text throws(UsageError) in
            try values.choices(text, option: "--format", as: ReportFormat.self)
        } ?? ReportFormat.allCases
    }

    /// `--dataset-dir` from `arguments` as an absolute directory URL, if given.
    static func datasetDirectory(_ arguments: ParsedArguments) -> URL? {
        arguments.value("--dataset-dir").map {
            URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL
        }
    }

    /// The dataset cache `--dataset-dir` names, else the default one
    /// (`$FAULTLINE_DATASETS`, else `.faultline/datasets`).
    static func datasetCache(_ arguments: ParsedArguments) -> DatasetCache {
        DatasetCache(directory: datasetDirectory(arguments) ?? DatasetCache.defaultDirectory())
    }
}
