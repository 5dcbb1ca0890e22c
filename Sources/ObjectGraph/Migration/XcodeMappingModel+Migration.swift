import Foundation

extension XcodeMappingModel {
    /// The engine's ``MappingModel`` for this Xcode mapping model between two model
    /// versions, or every reason it cannot be run.
    ///
    /// What runs: entity mappings that copy or transform one source entity into one
    /// destination entity (each reads its own entity's objects, not its sub-entities':
    /// Xcode gives each sub-entity a mapping of its own); attribute value expressions
    /// `$source.<attribute>`, `$source.<to-one>.<attribute>` and constants, and no
    /// expression (Xcode generates `$source.<name>` when the source has that attribute,
    /// else the default value); relationship expressions
    /// `destinationInstancesForEntityMappingNamed:` and
    /// `destinationInstancesForSourceRelationshipNamed:` over `$source.<relationship>`,
    /// and no expression (the objects made from the source relationship's objects).
    /// Mappings that add or remove an entity make no objects, as in Core Data.
    ///
    /// What is refused, each problem naming the entity mapping: a custom
    /// `NSEntityMigrationPolicy` subclass (its code is the app's, not in this process),
    /// a custom entity mapping type, a source expression other than Xcode's fetch of
    /// every object, and any value expression beyond the above (key paths through
    /// to-manys, `FUNCTION($entityPolicy, …)`, other functions).
    ///
    /// Cost: linear in the number of property mappings; reads no store.
    ///
    /// - Parameters:
    ///   - source: The model version the mapping reads (``sourceVersionName``).
    ///   - destination: The model version it writes.
    /// - Throws: ``MigrationError/mappingModelNotApplicable(path:mappingModel:problems:)``
    ///   listing every problem (`path` is nil: no store is involved yet).
    public func mappingModel(
        from source: ManagedObjectModel, to destination: ManagedObjectModel
    ) throws(MigrationError) -> MappingModel {
        var translator = XcodeMappingTranslator(
            xcode: self, source: source, destination: destination)
        let mappings = translator.entityMappings()
        guard translator.problems.isEmpty else {
            throw .mappingModelNotApplicable(
                path: nil, mappingModel: path, problems: translator.problems)
        }
        return MappingModel(from: source, to: destination, entityMappings: mappings)
    }
}

/// Turns an ``XcodeMappingModel``'s entity mappings into ``EntityMapping``s, collecting
/// what cannot be expressed.
struct XcodeMappingTranslator {
    let xcode: XcodeMappingModel
    let source: ManagedObjectModel
    let destination: ManagedObjectModel
    private(set) var problems: [MappingModelProblem] = []

    init(xcode: XcodeMappingModel, source: ManagedObjectModel, destination: ManagedObjectModel) {
        self.xcode = xcode
        self.source = source
        self.destination = destination
    }

    /// The entity mappings that make objects (add and remove mappings make none).
    mutating func entityMappings() -> [EntityMapping] {
        let runnable = xcode.entityMappings.filter {
            $0.sourceEntity != nil && $0.destinationEntity != nil
        }
        let names = Set(runnable.map(\.name))
        var result: [EntityMapping] = []
        for mapping in xcode.entityMappings {
            if let translated = entityMapping(mapping, runnable: names) {
                result.append(translated)
            }
        }
        return result
    }

    mutating func problem(
        _ mapping: XcodeEntityMapping, _ property: String?, _ reason: String
    ) {
        problems.append(
            MappingModelProblem(
                entityMapping: mapping.name, property: property,
                policyClass: mapping.migrationPolicyClassName, reason: reason))
    }

    private mutating func entityMapping(_ mapping: XcodeEntityMapping, runnable: Set<String>)
        -> EntityMapping?
    {
        if let policy = mapping.migrationPolicyClassName {
            problem(
                mapping, nil,
                "uses the custom migration policy \(policy), an NSEntityMigrationPolicy "
                    + "subclass whose code is the app's and cannot run here; write what it "
                    + "does as an EntityMapping with closures in a MappingModel, or migrate "
                    + "this step with Core Data")
        }
        let type = mapping.mappingTypeName
        guard ["Undefined", "Copy", "Transform", "Add", "Remove"].contains(type) else {
            problem(
                mapping, nil,
                "has the mapping type \(type), which only a custom migration policy can run")
            return nil
        }
        guard let sourceName = mapping.sourceEntity, let destinationName = mapping.destinationEntity
        else { return nil }
        guard let sourceEntity = source.entity(named: sourceName) else {
            problem(
                mapping, nil,
                "its source entity \(sourceName) is not in the source model version; the "
                    + "mapping model was made for other versions than the ones it is used with")
            return nil
        }
        guard let destinationEntity = destination.entity(named: destinationName) else {
            problem(
                mapping, nil,
                "its destination entity \(destinationName) is not in the destination model "
                    + "version; the mapping model was made for other versions")
            return nil
        }
        if let expression = mapping.sourceExpression, !Self.fetchesEverything(expression) {
            problem(
                mapping, nil,
                "its source expression \(expression) is not Xcode's fetch of every "
                    + "\(sourceName); the engine does not evaluate other source expressions")
        }
        var translated = EntityMapping(
            name: mapping.name, source: sourceName, destination: destinationName)
        translated.includesSubentities = false
        translated.attributes = attributes(
            of: mapping, from: sourceEntity, to: destinationEntity)
        translated.relationships = relationships(
            of: mapping, from: sourceEntity, to: destinationEntity, runnable: runnable)
        return translated
    }

    /// Whether a source expression is Xcode's default: every object of the entity
    /// (`FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:",
    /// "Entity", "TRUEPREDICATE"), $manager.sourceContext, NO)`).
    static func fetchesEverything(_ expression: MappingExpression) -> Bool {
        var found = false
        func visit(_ node: MappingExpression) {
            switch node {
            case .function(let operand, let selector, let arguments):
                if selector == "fetchRequestForSourceEntityNamed:predicateString:",
                    arguments.count == 2, case .constant(.string(let predicate)) = arguments[1],
                    predicate == "TRUEPREDICATE"
                {
                    found = true
                }
                visit(operand)
                arguments.forEach(visit)
            default: break
            }
        }
        visit(expression)
        return found && !"\(expression)".contains("<")
    }
}

/// One part of an Xcode mapping model the engine cannot run: the entity mapping, the
/// property (nil for the entity mapping itself), the custom policy class it names, and
/// why.
public struct MappingModelProblem: Equatable, Sendable, CustomStringConvertible {
    /// The entity mapping's name (`ContactToContact`).
    public let entityMapping: String
    /// The destination property, or nil when the problem is the entity mapping's.
    public let property: String?
    /// The entity mapping's custom `NSEntityMigrationPolicy` subclass, if it names one.
    public let policyClass: String?
    /// Why it cannot run, and what to do.
    public let reason: String

    /// A problem with `entityMapping`'s `property`.
    public init(entityMapping: String, property: String?, policyClass: String?, reason: String) {
        self.entityMapping = entityMapping
        self.property = property
        self.policyClass = policyClass
        self.reason = reason
    }

    /// `entity mapping ContactToContact, attribute name: reason`.
    public var description: String {
        "entity mapping \(entityMapping)" + (property.map { ", property \($0)" } ?? "") + ": "
            + reason
    }
}
