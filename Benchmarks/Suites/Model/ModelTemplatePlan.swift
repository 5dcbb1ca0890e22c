import Foundation
import ObjectGraph

/// The scenario templates of a model, and what was left out and why.
///
/// Per entity: a fetch (every entity), an insert (concrete entities without required
/// relationships or uniqueness constraints, which copied rows would break); per own
/// to-one and to-many relationship, a relationship read; per own index (legacy
/// `indexed` attributes and fetch indexes whose leading element is an attribute that a
/// predicate can compare), an index scenario; per fetch request template whose
/// variables can be given values, a request scenario. Cost: one pass over the model.
struct ModelTemplatePlan: Sendable {
    /// The templates, in model order.
    let templates: [ModelTemplate]
    /// One line per template that could not be made (`request-byName left out: …`).
    let leftOut: [String]

    /// Attribute types an index scenario can compare with a value read from a row.
    static let comparableTypes: Set<AttributeType> = [
        .integer16, .integer32, .integer64, .double, .float, .string, .date, .boolean,
    ]

    /// Plans `model`'s templates; `requests` are its fetch request templates.
    init(model: ManagedObjectModel, requests: [FetchRequestTemplate]) {
        var templates: [ModelTemplate] = []
        var leftOut: [String] = []
        for description in model.entities {
            guard let entity = model.entity(named: description.name) else { continue }
            templates.append(.fetch(entity: description.name))
            for relationship in description.relationships {
                templates.append(
                    relationship.isToMany
                        ? .toMany(entity: description.name, relationship: relationship.name)
                        : .toOne(entity: description.name, relationship: relationship.name))
            }
            templates += Self.indexes(of: description, entity: entity, leftOut: &leftOut)
            if let reason = Self.insertProblem(description, in: model) {
                leftOut.append("insert-\(description.name) left out: \(reason)")
            } else {
                templates.append(.insert(entity: description.name))
            }
        }
        for request in requests {
            switch Self.request(request, in: model) {
            case .success(let template): templates.append(template)
            case .failure(let problem):
                leftOut.append(
                    "request-\(ScenarioName.safe(request.name)) left out: \(problem.description)")
            }
        }
        var seen = Set<String>()
        self.templates = templates.filter { template in
            guard seen.insert(template.scenarioName).inserted else {
                leftOut.append("\(template.scenarioName) left out: the name is taken")
                return false
            }
            return true
        }
        self.leftOut = leftOut
    }

    private static func indexes(
        of description: EntityDescription, entity: Entity, leftOut: inout [String]
    ) -> [ModelTemplate] {
        var result: [ModelTemplate] = []
        for attribute in description.attributes where attribute.isIndexed {
            guard let resolved = entity.attribute(named: attribute.name) else { continue }
            let sqlIndex = "\(entity.table.sql)_\(resolved.column.sql)_INDEX"
            let name = "index-\(description.name).\(attribute.name)"
            guard comparableTypes.contains(attribute.type) else {
                leftOut.append("\(name) left out: \(attribute.type) values are not compared")
                continue
            }
            result.append(
                .index(
                    entity: description.name, name: attribute.name, attribute: attribute.name,
                    sqlIndex: sqlIndex))
        }
        for index in description.indexes {
            let name = "index-\(description.name).\(index.name)"
            guard let first = index.elements.first, first.expression == nil, !first.isRTree,
                let attribute = entity.attribute(named: first.property)
            else {
                leftOut.append("\(name) left out: its first element is not a plain attribute")
                continue
            }
            guard comparableTypes.contains(attribute.type) else {
                leftOut.append("\(name) left out: \(attribute.type) values are not compared")
                continue
            }
            result.append(
                .index(
                    entity: description.name, name: index.name, attribute: first.property,
                    sqlIndex: "Z_\(description.name)_\(index.name)"))
        }
        return result
    }

    /// Why copied rows cannot be inserted into `entity`, or nil when they can.
    private static func insertProblem(_ entity: EntityDescription, in model: ManagedObjectModel)
        -> String?
    {
        if entity.isAbstract { return "the entity is abstract" }
        let lineage = Self.lineage(of: entity, in: model)
        if let problem = constraintProblem(entity, in: model) { return problem }
        if let required = lineage.flatMap(\.relationships).first(where: {
            !$0.isOptional || $0.minCount > 0
        }) {
            return "the required relationship \(required.name) is not set by a batch insert"
        }
        return nil
    }

    /// Attribute types a copied row's value can be made unique in (``InsertCase``).
    static let uniqueableTypes: Set<AttributeType> = [
        .integer16, .integer32, .integer64, .double, .float, .string, .date, .uuid, .binary,
    ]

    /// Why the uniqueness constraints on `entity`'s table cannot be kept in copied rows
    /// (a constrained relationship, or a type such as Boolean), or nil.
    private static func constraintProblem(
        _ entity: EntityDescription, in model: ManagedObjectModel
    ) -> String? {
        guard let resolved = model.entity(named: entity.name) else { return nil }
        let table = model.entities.filter {
            model.entity(named: $0.name)?.rootID == resolved.rootID
        }
        for name in Set(table.flatMap { $0.uniquenessConstraints.joined() }).sorted() {
            guard let attribute = resolved.attribute(named: name) else {
                return "its table's uniqueness constraint on \(name) cannot be kept in copied rows"
            }
            guard uniqueableTypes.contains(attribute.type) else {
                return "its table's uniqueness constraint on \(name) (\(attribute.type)) cannot "
                    + "be kept in copied rows"
            }
        }
        return nil
    }

    private static func lineage(of entity: EntityDescription, in model: ManagedObjectModel)
        -> [EntityDescription]
    {
        var chain = [entity]
        while let parent = chain[0].parent,
            let found = model.entities.first(where: {
                $0.name == parent
            }), !chain.contains(where: { $0.name == parent })
        {
            chain.insert(found, at: 0)
        }
        return chain
    }

    private static func request(_ request: FetchRequestTemplate, in model: ManagedObjectModel)
        -> Result<ModelTemplate, ModelScenarioError>
    {
        guard model.entity(named: request.entity) != nil else {
            return .failure(ModelScenarioError("its entity \(request.entity) is not stored"))
        }
        if let format = request.predicateFormat {
            do { _ = try FetchPredicate(format: format) } catch {
                return .failure(ModelScenarioError("its predicate does not parse: \(error)"))
            }
        }
        var variables: [String: String] = [:]
        for name in request.variableNames {
            guard let keyPath = VariableKeyPath.find(name, in: request.predicateFormat ?? "")
            else {
                return .failure(
                    ModelScenarioError("no key path is compared with $\(name) to take a value from")
                )
            }
            variables[name] = keyPath
        }
        return .success(.request(request, variables: variables))
    }
}
