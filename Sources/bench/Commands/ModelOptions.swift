import Foundation
import ObjectGraph
import Workloads

/// `--model PATH`, `--model-version NAME` and `--entity E=N,…`: a user's Xcode model
/// as a dataset schema (``ModelDataset``), shared by `generate` and `list`.
enum ModelOptions {
    static let model = ValueOption(
        "--model", "PATH",
        "an Xcode model (.xcdatamodeld, .xcdatamodel or contents) to generate data for")
    static let modelVersion = ValueOption(
        "--model-version", "NAME", "the model version to use (default: the current one)")
    static let entityCounts = ValueOption(
        "--entity", "COUNTS",
        "rows per entity for --model, e.g. Post=5000,Tag=50 (default: from --size)",
        OptionValues.entityCounts)

    static let options: [any CommandOption] = [model, modelVersion, entityCounts]

    /// The dataset of the model named by `--model`, or nil without one.
    ///
    /// - Throws: ``UsageError`` naming the flag and what is wrong: an unreadable or
    ///   invalid model (file:line:column), an unknown version or entity, a bad count.
    static func dataset(_ arguments: ParsedArguments) throws(UsageError) -> ModelDataset? {
        guard let path = try arguments.value(model) else {
            if arguments.contains(modelVersion) {
                throw UsageError(
                    message: "--model-version needs --model PATH", usage: arguments.usage)
            }
            if arguments.contains(entityCounts) {
                throw UsageError(message: "--entity needs --model PATH", usage: arguments.usage)
            }
            return nil
        }
        let counts = try arguments.value(entityCounts)
        let version = try arguments.value(modelVersion)
        do {
            let bundle = try XcodeModelBundle(at: URL(fileURLWithPath: path))
            let model = try bundle.loadVersion(named: version ?? bundle.currentVersionName)
            return try ModelDataset(model: model, counts: counts ?? [:])
        } catch {
            throw UsageError(message: "--model: \(error)", usage: arguments.usage)
        }
    }
}
