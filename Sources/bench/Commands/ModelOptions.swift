import Foundation
import ObjectGraph
import Workloads

/// `--model PATH`, `--model-version NAME` and `--entity E=N,…`: a user's Xcode model
/// as a dataset schema (``ModelDataset``), shared by `generate` and `list`.
enum ModelOptions {
    static let options: [OptionSpec] = [
        .value(
            "--model", "PATH",
            "an Xcode model (.xcdatamodeld, .xcdatamodel or contents) to generate data for"),
        .value("--model-version", "NAME", "the model version to use (default: the current one)"),
        .value(
            "--entity", "COUNTS",
            "rows per entity for --model, e.g. Post=5000,Tag=50 (default: from --size)"),
    ]

    /// The dataset of the model named by `--model`, or nil without one.
    ///
    /// - Throws: ``UsageError`` naming the flag and what is wrong: an unreadable or
    ///   invalid model (file:line:column), an unknown version or entity, a bad count.
    static func dataset(_ arguments: ParsedArguments, usage: String) throws(UsageError)
        -> ModelDataset?
    {
        guard let path = arguments.value("--model") else {
            for flag in ["--model-version", "--entity"] where arguments.value(flag) != nil {
                throw UsageError(message: "\(flag) needs --model PATH", usage: usage)
            }
            return nil
        }
        let counts = try arguments.value("--entity").map { text throws(UsageError) in
            try entityCounts(text, usage: usage)
        }
        do {
            let bundle = try XcodeModelBundle(at: URL(fileURLWithPath: path))
            let model = try bundle.loadVersion(
                named: arguments.value("--model-version") ?? bundle.currentVersionName)
            return try ModelDataset(model: model, counts: counts ?? [:])
        } catch {
            throw UsageError(message: "--model: \(error)", usage: usage)
        }
    }

    /// `Post=5000,Tag=50` as entity name to row count.
    static func entityCounts(_ text: String, usage: String) throws(UsageError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty,
                let count = try? DatasetKey.parseSize(String(parts[1]))
            else {
                throw UsageError(
                    message: "invalid value '\(item)' in --entity: expected ENTITY=COUNT like "
                        + "Post=5000 or Post=10k, separated by commas",
                    usage: usage)
            }
            counts[String(parts[0])] = count
        }
        return counts
    }
}
