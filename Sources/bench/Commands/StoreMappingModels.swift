import Foundation
import ObjectGraph

/// The Xcode mapping models `bench store inspect --migrate-to` honours: every
/// `.xcmappingmodel` under a directory whose recorded model is the inspected bundle.
/// Each one that cannot be read is reported and left out.
struct StoreMappingModels {
    let found: [XcodeMappingModel]
    let versions: XcodeModelVersions
    let console: Console

    /// Reads the mapping models under `directory` that belong to `bundle`.
    init(
        directory: String, bundle: String, versions: [(name: String, model: ManagedObjectModel)],
        console: Console
    ) {
        let bundleName =
            URL(fileURLWithPath: bundle).standardizedFileURL.pathExtension
                == "xcdatamodeld"
            ? URL(fileURLWithPath: bundle).deletingPathExtension().lastPathComponent : nil
        var found: [XcodeMappingModel] = []
        for url in XcodeMappingModel.find(in: URL(fileURLWithPath: directory)) {
            do {
                let mapping = try XcodeMappingModel(at: url)
                if let bundleName, let name = mapping.modelName, name != bundleName { continue }
                found.append(mapping)
            } catch {
                console.err("left out: mapping model \(error)")
            }
        }
        self.found = found
        self.versions = XcodeModelVersions(
            versions: versions.map { .init(name: $0.name, model: $0.model) })
        self.console = console
    }

    /// Adds to `description` the mapping models (runnable or refused) and prints the
    /// ones for the step from `source` to `destination`.
    func add(
        to description: inout PersistentStoreDescription, from source: ManagedObjectModel,
        to destination: ManagedObjectModel
    ) {
        description.addMappingModels(found, versions: versions)
        let refused = Set(description.refusedMappingModels.map(\.mappingModel))
        let step = found.filter { mapping in
            guard let from = mapping.sourceVersionName.flatMap(versions.model(named:)),
                let to = mapping.destinationVersionName.flatMap(versions.model(named:))
            else { return false }
            return from.versionChecksum == source.versionChecksum
                && to.versionChecksum == destination.versionChecksum
        }
        let anyApplies = step.contains { !refused.contains($0.path) }
        for mapping in step {
            let outcome =
                !refused.contains(mapping.path)
                ? "applied"
                : anyApplies ? "refused, not used: another one for this step runs" : "refused"
            console.out("mapping model: \(mapping.path) (\(outcome))")
        }
    }
}
