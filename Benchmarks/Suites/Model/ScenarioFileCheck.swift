import Foundation
import ObjectGraph

/// Checks a decoded `--scenarios` file against the model and turns each scenario into
/// a ``FetchSpec``; the first problem is thrown with its JSON path. See
/// ``ScenarioFile``. Cost: one empty in-memory store, one fetch per configuration.
struct ScenarioFileCheck {
    let path: String
    let model: ManagedObjectModel
    private var dryRun: ManagedObjectContext?
    private var container: PersistentContainer?

    private static let resultTypes: [String: FetchResultType] = [
        "objects": .managedObject, "objectIDs": .managedObjectID, "dictionaries": .dictionary,
        "count": .count,
    ]

    init(path: String, model: ManagedObjectModel) {
        self.path = path
        self.model = model
    }

    /// The specs of `json`, named and summarized.
    mutating func specs(_ json: ScenarioFileJSON) throws(ScenarioFileError)
        -> [(name: String, summary: String, spec: FetchSpec)]
    {
        guard !json.scenarios.isEmpty else {
            throw error("scenarios", "the list is empty: add at least one scenario")
        }
        var names = Set<String>()
        var result: [(name: String, summary: String, spec: FetchSpec)] = []
        for (index, scenario) in json.scenarios.enumerated() {
            let at = "scenarios.\(index)"
            try checkName(scenario.name, at: "\(at).name", unique: &names, reserved: [])
            let spec = try self.spec(scenario, at: at)
            try dryRun(spec, at: at)
            let summary =
                "\(scenario.entity) where \(scenario.predicate ?? "TRUEPREDICATE")"
                + (spec.limit > 0 ? ", limit \(spec.limit)" : "")
            result.append((scenario.name, summary, spec))
        }
        return result
    }

    private func spec(_ scenario: ScenarioFileJSON.Scenario, at: String) throws(ScenarioFileError)
        -> FetchSpec
    {
        guard let entity = model.entity(named: scenario.entity) else {
            let known = model.entities.map(\.name).joined(separator: ", ")
            throw error(
                "\(at).entity", "no entity '\(scenario.entity)' in the model (known: \(known))")
        }
        let arguments = (scenario.arguments ?? []).map(\.value)
        if let format = scenario.predicate {
            do {
                _ = try FetchPredicate(format: format, argumentArray: arguments.map(\.argument))
            } catch { throw self.error("\(at).predicate", "\(error)") }
        }
        let read = scenario.read ?? entity.attributes.map(\.name)
        for (index, key) in read.enumerated() where entity.attribute(named: key) == nil {
            throw error(
                "\(at).read.\(index)", "'\(key)' is not a stored attribute of \(entity.name)")
        }
        if let limit = scenario.limit, limit < 0 {
            throw error("\(at).limit", "a limit is 0 (none) or more, not \(limit)")
        }
        var spec = FetchSpec(
            entity: entity.name, predicate: scenario.predicate, arguments: arguments,
            sort: (scenario.sort ?? []).map { SortKey($0.key, ascending: $0.ascending) },
            limit: scenario.limit ?? 0, read: read, configurations: [])
        var names = Set<String>()
        guard !scenario.configurations.isEmpty else {
            throw error("\(at).configurations", "the list is empty: add at least one configuration")
        }
        for (index, json) in scenario.configurations.enumerated() {
            let here = "\(at).configurations.\(index)"
            try checkName(json.name, at: "\(here).name", unique: &names, reserved: ["raw"])
            spec.configurations.append(
                try configuration(json, entity: entity, read: read, at: here))
        }
        return spec
    }

    private func configuration(
        _ json: ScenarioFileJSON.Configuration, entity: Entity, read: [String], at: String
    ) throws(ScenarioFileError) -> FetchConfiguration {
        var configuration = FetchConfiguration(name: json.name, summary: "")
        if let text = json.resultType {
            guard let type = Self.resultTypes[text] else {
                throw error(
                    "\(at).resultType",
                    "'\(text)' is not a result type (objects, objectIDs, dictionaries, count)")
            }
            configuration.resultType = type
        }
        if let size = json.batchSize {
            guard size >= 0 else { throw error("\(at).batchSize", "a batch size is 0 or more") }
            configuration.batchSize = size
        }
        for (index, keyPath) in (json.prefetch ?? []).enumerated() {
            if let problem = relationshipPathProblem(keyPath, from: entity) {
                throw error("\(at).prefetch.\(index)", problem)
            }
        }
        configuration.prefetch = json.prefetch ?? []
        for (index, key) in (json.propertiesToFetch ?? []).enumerated()
        where key != "objectID" && entity.property(named: key) == nil {
            throw error(
                "\(at).propertiesToFetch.\(index)",
                "'\(key)' is not an attribute or relationship of \(entity.name)")
        }
        configuration.propertiesToFetch = json.propertiesToFetch
        if configuration.resultType == .dictionary, let properties = json.propertiesToFetch,
            let missing = read.first(where: { !properties.contains($0) })
        {
            throw error(
                "\(at).propertiesToFetch",
                "a dictionary fetch must fetch every read attribute; '\(missing)' is missing")
        }
        configuration.summary = Self.summary(configuration)
        return configuration
    }

    private static func summary(_ configuration: FetchConfiguration) -> String {
        let type = resultTypes.first { $0.value == configuration.resultType }?.key ?? "objects"
        var parts = [type]
        if configuration.batchSize > 0 { parts.append("fetchBatchSize \(configuration.batchSize)") }
        if !configuration.prefetch.isEmpty {
            parts.append("prefetch \(configuration.prefetch.joined(separator: ", "))")
        }
        if let properties = configuration.propertiesToFetch {
            parts.append("propertiesToFetch \(properties.joined(separator: ", "))")
        }
        return parts.joined(separator: "; ")
    }

    /// Why `keyPath` is not a chain of relationships from `entity`, or nil.
    private func relationshipPathProblem(_ keyPath: String, from entity: Entity) -> String? {
        var current = entity
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        {
            guard let relationship = current.relationship(named: key) else {
                return "'\(key)' in '\(keyPath)' is not a relationship of \(current.name)"
            }
            current = model.entity(id: relationship.destinationID)
        }
        return nil
    }

    private func checkName(
        _ name: String, at: String, unique names: inout Set<String>, reserved: Set<String>
    ) throws(ScenarioFileError) {
        guard !name.isEmpty, ScenarioName.safe(name) == name else {
            throw error(at, "'\(name)' is not a name: use letters, digits, '.', '_' and '-'")
        }
        guard !reserved.contains(name) else {
            throw error(at, "'\(name)' is reserved for the raw floor every scenario gets")
        }
        guard names.insert(name).inserted else { throw error(at, "'\(name)' is used twice") }
    }

    /// Runs the spec's fetches on an empty in-memory store: the predicate alone, with
    /// its sort keys, then each configuration.
    private mutating func dryRun(_ spec: FetchSpec, at: String) throws(ScenarioFileError) {
        let context = try emptyContext()
        let steps: [(String, FetchConfiguration?, Bool)] =
            [("\(at).predicate", nil, false), ("\(at).sort", nil, true)]
            + spec.configurations.enumerated().map { ("\(at).configurations.\($0)", $1, true) }
        for (location, configuration, sorted) in steps {
            do {
                try context.performAndWait {
                    try Self.fetch(spec, configuration, sorted: sorted, in: context)
                }
            } catch { throw self.error(location, "\(error)") }
        }
    }

    private static func fetch(
        _ spec: FetchSpec, _ configuration: FetchConfiguration?, sorted: Bool,
        in context: ManagedObjectContext
    ) throws {
        let request = FetchRequest<ManagedObject>(entityName: spec.entity)
        request.predicate = try spec.predicate.map {
            try FetchPredicate(format: $0, argumentArray: spec.arguments.map(\.argument))
        }
        request.sortDescriptors = sorted ? spec.sort : []
        guard let configuration else {
            _ = try sorted ? context.fetchObjectIDs(request).count : context.count(for: request)
            return
        }
        request.fetchBatchSize = configuration.batchSize
        request.relationshipKeyPathsForPrefetching = configuration.prefetch
        request.propertiesToFetch = configuration.propertiesToFetch.map { $0.map { .key($0) } }
        request.resultType = configuration.resultType
        switch configuration.resultType {
        case .managedObject: _ = try context.fetch(request)
        case .managedObjectID: _ = try context.fetchObjectIDs(request)
        case .dictionary: _ = try context.fetchDictionaries(request)
        case .count: _ = try context.count(for: request)
        }
    }

    private mutating func emptyContext() throws(ScenarioFileError) -> ManagedObjectContext {
        if let dryRun { return dryRun }
        let container = PersistentContainer(name: "scenario-check", model: model)
        container.persistentStoreDescriptions = [.inMemory()]
        container.sqlDebugLog = nil
        do { try container.loadPersistentStores() } catch {
            throw ScenarioFileError(
                path: path, location: nil, problem: "the model cannot be opened: \(error)")
        }
        self.container = container
        let context = container.newBackgroundContext()
        dryRun = context
        return context
    }

    private func error(_ location: String, _ problem: String) -> ScenarioFileError {
        ScenarioFileError(path: path, location: location, problem: problem)
    }
}
