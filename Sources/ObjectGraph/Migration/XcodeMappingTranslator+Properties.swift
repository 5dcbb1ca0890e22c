import Foundation

extension XcodeMappingTranslator {
    /// Destination attribute name to its rule; every destination attribute gets one, so
    /// none falls back to the custom migrator's own inference.
    mutating func attributes(
        of mapping: XcodeEntityMapping, from sourceEntity: Entity, to destinationEntity: Entity
    ) -> [String: AttributeMapping] {
        let written = Dictionary(
            mapping.attributeMappings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }
        )
        var rules: [String: AttributeMapping] = [:]
        for attribute in destinationEntity.attributes {
            let property = written[attribute.name]
            if let expression = property?.valueExpression {
                if let rule = rule(for: expression, attribute, mapping, sourceEntity) {
                    rules[attribute.name] = rule
                }
                continue
            }
            let generates = mapping.generatesExpressions || property?.generatesExpression == true
            if generates, let old = sourceEntity.attribute(named: attribute.name) {
                rules[attribute.name] = Self.copy(old, to: attribute, mapping: mapping.name)
            } else {
                rules[attribute.name] = .compute { [attribute] _ in
                    attribute.readableValue(attribute.defaultValue)
                }
            }
        }
        return rules
    }

    private mutating func rule(
        for expression: MappingExpression, _ attribute: ResolvedAttribute,
        _ mapping: XcodeEntityMapping, _ sourceEntity: Entity
    ) -> AttributeMapping? {
        if case .constant(let constant) = expression {
            if constant == .null { return .compute { _ in nil } }
            guard let value = MappingValueCoercion.value(of: constant, as: attribute.type) else {
                problem(
                    mapping, attribute.name,
                    "the constant \(expression) cannot be stored in a \(attribute.type.rawValue) "
                        + "attribute")
                return nil
            }
            return .constant(value)
        }
        if let path = expression.sourceKeyPath {
            if let old = sourceEntity.attribute(named: path) {
                return Self.copy(old, to: attribute, mapping: mapping.name)
            }
            if path.contains(".") {
                return keyPathRule(path, expression, attribute, mapping, sourceEntity)
            }
            problem(
                mapping, attribute.name,
                "its value expression \(expression) names no attribute of source entity "
                    + "\(sourceEntity.name)")
            return nil
        }
        problem(mapping, attribute.name, Self.unevaluable(expression, mapping))
        return nil
    }

    /// `$source.a.b`: through to-ones (their keys on the source rows) to an attribute
    /// stored like the destination's; refused otherwise.
    private mutating func keyPathRule(
        _ path: String, _ expression: MappingExpression, _ attribute: ResolvedAttribute,
        _ mapping: XcodeEntityMapping, _ sourceEntity: Entity
    ) -> AttributeMapping? {
        let names = path.split(separator: ".").map(String.init)
        var entity = sourceEntity
        for name in names.dropLast() {
            guard let relationship = entity.relationship(named: name),
                case .foreignKey = relationship.storage
            else {
                problem(
                    mapping, attribute.name,
                    "its value expression \(expression) reads through \(name), which is not a "
                        + "to-one of \(entity.name); the engine follows to-ones only")
                return nil
            }
            entity = source.entity(id: relationship.destinationID)
        }
        guard let last = names.last, let end = entity.attribute(named: last) else {
            problem(
                mapping, attribute.name,
                "its value expression \(expression) names no attribute of \(entity.name)")
            return nil
        }
        guard end.type.columnType == attribute.type.columnType, end.transformer == nil,
            attribute.transformer == nil
        else {
            problem(
                mapping, attribute.name,
                "its value expression \(expression) reads an attribute of type "
                    + "\(end.type.rawValue) into one of type \(attribute.type.rawValue), which a "
                    + "key path copy does not convert")
            return nil
        }
        return .sourceKeyPath(path)
    }

    /// Why an expression cannot be evaluated, naming the policy a `$entityPolicy` call
    /// needs.
    static func unevaluable(_ expression: MappingExpression, _ mapping: XcodeEntityMapping)
        -> String
    {
        if case .function(.variable("entityPolicy"), let selector, _) = expression {
            let policy =
                mapping.migrationPolicyClassName.map { "the custom migration policy \($0)" }
                ?? "the entity mapping's migration policy"
            return "its value expression \(expression) calls \(selector) on \(policy), code "
                + "the engine cannot run; compute the value in an EntityMapping closure instead"
        }
        return "its value expression \(expression) is not one the engine evaluates "
            + "($source.<attribute>, a constant, or the related objects of a relationship)"
    }

    /// Copies a source attribute, converting its value to the destination's type when
    /// they differ, as key-value coding does with `NSNumber`s.
    static func copy(_ old: ResolvedAttribute, to attribute: ResolvedAttribute, mapping: String)
        -> AttributeMapping
    {
        guard old.type != attribute.type, old.transformer == nil, attribute.transformer == nil
        else { return .source(old.name) }
        let (name, type) = (old.name, attribute.type)
        return .compute { object in
            guard let value = object[name] else { return nil }
            guard let converted = MappingValueCoercion.value(of: value, as: type) else {
                throw MappingValueCoercion.Failure(
                    description: "\(name) holds \(value), which a \(type.rawValue) attribute "
                        + "cannot hold")
            }
            return converted
        }
    }

    // MARK: - Relationships

    /// Destination relationship name to its rule. A one-to-many's to-many side gets
    /// none: the custom migrator sets it from its to-one side.
    mutating func relationships(
        of mapping: XcodeEntityMapping, from sourceEntity: Entity, to destinationEntity: Entity,
        runnable: Set<String>
    ) -> [String: RelationshipMapping] {
        let written = Dictionary(
            mapping.relationshipMappings.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
        var rules: [String: RelationshipMapping] = [:]
        for relationship in destinationEntity.relationships {
            if case .inverseForeignKey = relationship.storage { continue }
            let property = written[relationship.name]
            var rule: RelationshipMapping?
            if let expression = property?.valueExpression {
                rule = self.rule(for: expression, relationship.name, mapping, runnable)
            } else if mapping.generatesExpressions || property?.generatesExpression == true,
                sourceEntity.relationship(named: relationship.name) != nil
            {
                if let named = property?.sourceMappingName {
                    guard runnable.contains(named) else {
                        problem(
                            mapping, relationship.name,
                            "its objects come from entity mapping \(named), which makes none")
                        continue
                    }
                    rule = .objects(ofSourceRelationship: relationship.name, madeBy: named)
                } else {
                    rule = .relatedObjects(ofSourceRelationship: relationship.name)
                }
            }
            if case .objects(let name, let named)? = rule {
                rule = objectsRule(name, madeBy: named, for: relationship, mapping, sourceEntity)
            }
            guard let rule else { continue }
            if !relationship.isToMany, case .relatedObjects(let name) = rule,
                sourceEntity.relationship(named: name)?.isToMany == true
            {
                problem(
                    mapping, relationship.name,
                    "is to-one but source relationship \(name) is to-many; choosing one of "
                        + "its objects needs a custom migration policy")
                continue
            }
            rules[relationship.name] = rule
        }
        return rules
    }

    /// `destinationInstancesForEntityMappingNamed:` as a rule the custom migrator runs:
    /// as written when the source relationship is a to-one key or the destination a
    /// join table, else as the related objects when `named` is the only mapping that
    /// makes them (the same objects); refused otherwise.
    private mutating func objectsRule(
        _ name: String, madeBy named: String, for relationship: ResolvedRelationship,
        _ mapping: XcodeEntityMapping, _ sourceEntity: Entity
    ) -> RelationshipMapping? {
        guard let old = sourceEntity.relationship(named: name) else {
            problem(
                mapping, relationship.name,
                "its value expression reads \(name), which source entity \(sourceEntity.name) "
                    + "does not have")
            return nil
        }
        switch (old.storage, relationship.storage) {
        case (.foreignKey, _), (_, .joinTable):
            return .objects(ofSourceRelationship: name, madeBy: named)
        default:
            let oldDestination = source.entity(id: old.destinationID)
            let newDestination = destination.entity(id: relationship.destinationID)
            let makers = xcode.entityMappings.filter { each in
                guard let from = each.sourceEntity.flatMap(source.entity(named:)),
                    let to = each.destinationEntity.flatMap(destination.entity(named:))
                else { return false }
                return oldDestination.includes(from) && newDestination.includes(to)
            }
            guard makers.map(\.name) == [named] else {
                problem(
                    mapping, relationship.name,
                    "takes only the objects entity mapping \(named) made from \(name), "
                        + "which the engine cannot single out for this relationship")
                return nil
            }
            return .relatedObjects(ofSourceRelationship: name)
        }
    }

    private mutating func rule(
        for expression: MappingExpression, _ name: String, _ mapping: XcodeEntityMapping,
        _ runnable: Set<String>
    ) -> RelationshipMapping? {
        guard case .function(.variable("manager"), let selector, let arguments) = expression,
            arguments.count == 2, case .constant(.string(let first)) = arguments[0],
            let path = arguments[1].sourceKeyPath, !path.contains(".")
        else {
            if case .constant(.null) = expression { return nil }
            problem(mapping, name, Self.unevaluable(expression, mapping))
            return nil
        }
        switch selector {
        case "destinationInstancesForEntityMappingNamed:sourceInstances:":
            guard runnable.contains(first) else {
                problem(
                    mapping, name,
                    "its value expression names entity mapping \(first), which makes no objects")
                return nil
            }
            return .objects(ofSourceRelationship: path, madeBy: first)
        case "destinationInstancesForSourceRelationshipNamed:sourceInstances:":
            return .relatedObjects(ofSourceRelationship: path)
        default:
            problem(mapping, name, Self.unevaluable(expression, mapping))
            return nil
        }
    }
}
