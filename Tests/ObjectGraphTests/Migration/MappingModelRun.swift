import Foundation
import ObjectGraph
import TestSupport

/// A real app's Xcode mapping model tried the way the app's store would meet it: the
/// mapping translated (or refused), and when it runs, a store of the source version
/// filled with a generated dataset and opened with the destination version, then
/// checked per entity mapping: the destination entity holds as many objects as the
/// source entities mapped into it, every attribute copied from `$source.<name>` (same
/// type, one mapping per destination; a converted one is not compared) holds the same
/// multiset of values, and every relationship copied holds as many objects.
struct MappingModelRun {
    let mapping: XcodeMappingModel
    let source: ManagedObjectModel
    let destination: ManagedObjectModel

    /// One line: `applied (…)`, `refused: …`, or what failed; then what inference
    /// alone would do with the step.
    func run(dataset: ChainDataset) -> String {
        runMapping(dataset: dataset) + "; inference alone: " + inferenceAlone()
    }

    /// Whether inference refuses the step, or which entity mappings' objects it would
    /// not carry (their destination entity takes no source entity when inferred).
    func inferenceAlone() -> String {
        let inferred: InferredMapping
        do { inferred = try InferredMapping(from: source, to: destination) } catch {
            guard case .cannotInferMapping(_, let problems) = error else { return "\(error)" }
            return "refused (" + problems.map(\.description).joined(separator: " | ") + ")"
        }
        let emptied = mapping.entityMappings.filter { each in
            guard each.sourceEntity != nil, let name = each.destinationEntity else { return false }
            return inferred.entities.contains { $0.destination.name == name && $0.source == nil }
        }
        return emptied.isEmpty
            ? "would migrate"
            : "would migrate leaving empty "
                + emptied.map { "\($0.destinationEntity!) (from \($0.sourceEntity!))" }
                .joined(separator: ", ")
    }

    private func runMapping(dataset: ChainDataset) -> String {
        let translated: MappingModel
        do {
            translated = try mapping.mappingModel(from: source, to: destination)
        } catch {
            guard case .mappingModelNotApplicable(_, _, let problems) = error else {
                return "error: \(error)"
            }
            return "refused: " + problems.map(\.description).joined(separator: " | ")
        }
        let directory: TemporaryDirectory
        let before: ChainSnapshot
        do {
            directory = try TemporaryDirectory()
            before = try fill(directory, dataset: dataset)
        } catch {
            return "applies (\(translated.entityMappings.count) entity mappings); not run: the "
                + "generated dataset does not save: \(error)"
        }
        do {
            let differences = try migrate(translated, directory, before)
            return "applied (\(translated.entityMappings.count) entity mappings)"
                + (differences.isEmpty
                    ? ", all checks hold"
                    : "; \(differences.count) differences: "
                        + differences.prefix(5).joined(separator: " | "))
        } catch {
            return "applied, but the migration failed: \(error)"
        }
    }

    private func fill(_ directory: TemporaryDirectory, dataset: ChainDataset) throws
        -> ChainSnapshot
    {
        let url = directory.url.appendingPathComponent("store.sqlite")
        let filling = PersistentContainer(name: "Mapping", model: source)
        filling.persistentStoreDescriptions = [PersistentStoreDescription(url: url)]
        try filling.loadPersistentStores()
        try inContext(filling) { try dataset.fill($0, model: source) }
        return try inContext(filling) { try ChainSnapshot.read($0, model: source) }
    }

    private func migrate(
        _ translated: MappingModel, _ directory: TemporaryDirectory, _ before: ChainSnapshot
    ) throws -> [String] {
        let url = directory.url.appendingPathComponent("store.sqlite")
        var description = PersistentStoreDescription(url: url)
        description.sourceModels = [source]
        description.mappingModels = [translated]
        let container = PersistentContainer(name: "Mapping", model: destination)
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        let after = try inContext(container) { try ChainSnapshot.read($0, model: destination) }
        return differences(before, after)
    }

    private func differences(_ before: ChainSnapshot, _ after: ChainSnapshot) -> [String] {
        let runnable = mapping.entityMappings.filter {
            $0.sourceEntity != nil && $0.destinationEntity != nil
        }
        var found: [String] = []
        let targets = Dictionary(grouping: runnable, by: { $0.destinationEntity! })
        for (entity, mappings) in targets.sorted(by: { $0.key < $1.key }) {
            let expected = mappings.reduce(0) { $0 + (before.counts[$1.sourceEntity!] ?? 0) }
            if (after.counts[entity] ?? 0) != expected {
                found.append(
                    "\(entity): \(after.counts[entity] ?? 0) objects, expected \(expected)")
            }
            guard mappings.count == 1 else { continue }
            found += valueDifferences(mappings[0], before, after)
        }
        return found
    }

    /// The type of `entity`'s attribute `name` in `model` (values of a converted
    /// attribute render differently, so only same-type copies are compared).
    private func type(of name: String, in entity: String, _ model: ManagedObjectModel)
        -> AttributeType?
    {
        ModelShape(model).attributes(of: entity).first { $0.name == name }?.type
    }

    /// Copied attributes' value multisets and copied to-ones' counts of one mapping.
    private func valueDifferences(
        _ entityMapping: XcodeEntityMapping, _ before: ChainSnapshot, _ after: ChainSnapshot
    ) -> [String] {
        let sourceName = entityMapping.sourceEntity!
        let destinationName = entityMapping.destinationEntity!
        let old = before.attributes.filter { $0.key.entity == sourceName }.map(\.value)
        let new = after.attributes.filter { $0.key.entity == destinationName }.map(\.value)
        var found: [String] = []
        for property in entityMapping.attributeMappings {
            let read =
                property.valueExpression?.sourceKeyPath
                ?? (property.valueExpression == nil && entityMapping.generatesExpressions
                    ? property.name : nil)
            guard let read, !read.contains("."),
                old.first?[read] != nil, new.first?[property.name] != nil,
                type(of: read, in: sourceName, source)
                    == type(of: property.name, in: destinationName, destination)
            else { continue }
            let oldValues = old.compactMap { $0[read] }.sorted()
            let newValues = new.compactMap { $0[property.name] }.sorted()
            if oldValues != newValues, Set(oldValues).count > 1 || Set(newValues).count > 1 {
                found.append(
                    "\(destinationName).\(property.name) does not hold \(sourceName).\(read)'s values"
                )
            }
        }
        let oldLinks = before.relationships.filter { $0.key.entity == sourceName }.map(\.value)
        let newLinks = after.relationships.filter { $0.key.entity == destinationName }.map(\.value)
        for property in entityMapping.relationshipMappings where property.valueExpression == nil {
            let oldHeld = oldLinks.reduce(0) { $0 + ($1[property.name]?.count ?? 0) }
            guard newLinks.first?[property.name] != nil, oldLinks.first?[property.name] != nil
            else { continue }
            let newHeld = newLinks.reduce(0) { $0 + ($1[property.name]?.count ?? 0) }
            if oldHeld != newHeld {
                found.append(
                    "\(destinationName).\(property.name) holds \(newHeld) objects, \(oldHeld) before"
                )
            }
        }
        return found
    }
}
