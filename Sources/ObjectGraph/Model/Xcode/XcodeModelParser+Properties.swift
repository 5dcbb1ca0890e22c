/// Attributes, relationships and fetched properties.
extension XcodeModelParser {
    mutating func attribute(_ node: XMLElementNode, of owner: String) throws(XcodeModelError)
        -> AttributeDescription
    {
        let name = try required("name", of: node)
        note(node, known: Self.attributeKeys)
        locations.properties[owner + "." + name] = location(of: node)
        let typeName = node.attributes["attributeType"]
        guard let (type, kind) = XcodeAttributeValues.kind(of: node.attributes) else {
            throw error(at: node, attributeTypeProblem(typeName, attribute: name, owner: owner))
        }
        let isTransient = node.flag("transient")
        if kind == .undefined, !isTransient {
            throw error(
                at: node,
                "attribute \"\(name)\" of \"\(owner)\" has no attributeType "
                    + "(Undefined), which only a transient attribute may have; give it a type")
        }
        if case .composite(let composite) = kind {
            locations.compositeUses.append((owner, name, composite, location(of: node)))
        }
        var attribute = AttributeDescription(
            name: name, type: type, isOptional: node.flag("optional"),
            isIndexed: node.flag("indexed"))
        attribute.valueKind = kind
        attribute.isTransient = isTransient
        attribute.defaultValue = try defaultValue(of: node, type: type, kind: kind)
        attribute.derivationExpression =
            node.flag("derived") ? node.attributes["derivationExpression"] ?? "" : nil
        attribute.minimumValue = try number("minValueString", of: node)
        attribute.maximumValue = try number("maxValueString", of: node)
        attribute.allowsExternalBinaryDataStorage = node.flag("allowsExternalBinaryDataStorage")
        attribute.preservesValueInHistoryOnDeletion = node.flag("preserveAfterDeletion")
        let common = try commonKeys(of: node)
        attribute.isIndexedBySpotlight = common.isIndexedBySpotlight
        attribute.versionHashModifier = common.versionHashModifier
        attribute.renamingIdentifier = common.renamingIdentifier
        attribute.userInfo = common.userInfo
        return attribute
    }

    private func attributeTypeProblem(_ typeName: String?, attribute: String, owner: String)
        -> String
    {
        if typeName == "Composite" {
            return "attribute \"\(attribute)\" of \"\(owner)\" is a Composite without a "
                + "composite= attribute naming its <composite>"
        }
        return "attribute \"\(attribute)\" of \"\(owner)\": attributeType \"\(typeName ?? "")\" "
            + "is not a Core Data type (expected one of "
            + XcodeAttributeValues.typeNames.joined(separator: ", ") + ")"
    }

    private func defaultValue(
        of node: XMLElementNode, type: AttributeType, kind: AttributeValueKind
    ) throws(XcodeModelError) -> (any Sendable)? {
        guard kind == .plain else { return nil }
        if type == .date, let interval = node.attributes["defaultDateTimeInterval"] {
            return try parsed(interval, key: "defaultDateTimeInterval", type: type, of: node)
        }
        guard let text = node.attributes["defaultValueString"] else { return nil }
        return try parsed(text, key: "defaultValueString", type: type, of: node)
    }

    private func parsed(
        _ text: String, key: String, type: AttributeType, of node: XMLElementNode
    ) throws(XcodeModelError) -> any Sendable {
        guard let value = XcodeAttributeValues.defaultValue(text, type: type) else {
            throw error(
                at: node,
                "attribute \"\(node.attributes["name"] ?? "")\": \(key) \"\(text)\" "
                    + "is not a value of type \(node.attributes["attributeType"] ?? "")")
        }
        return value
    }

    private func number(_ key: String, of node: XMLElementNode) throws(XcodeModelError) -> Double? {
        guard let text = node.attributes[key] else { return nil }
        guard let value = Double(text) else {
            throw error(at: node, "\(key) \"\(text)\" is not a number")
        }
        return value
    }

    mutating func relationship(_ node: XMLElementNode, of owner: String) throws(XcodeModelError)
        -> RelationshipDescription
    {
        let name = try required("name", of: node)
        note(node, known: Self.relationshipKeys)
        locations.properties[owner + "." + name] = location(of: node)
        let destination = try required("destinationEntity", of: node)
        let ruleText = node.attributes["deletionRule"] ?? "Nullify"
        guard let rule = XcodeAttributeValues.deleteRule(ruleText) else {
            throw error(
                at: node,
                "relationship \"\(name)\" of \"\(owner)\": deletionRule \"\(ruleText)\" "
                    + "is not one of Nullify, Cascade, Deny, No Action")
        }
        let inverse = node.attributes["inverseName"]
        if let inverseEntity = node.attributes["inverseEntity"], inverseEntity != destination {
            throw error(
                at: node,
                "relationship \"\(name)\" of \"\(owner)\": inverseEntity "
                    + "\"\(inverseEntity)\" is not its destinationEntity \"\(destination)\"; "
                    + "the inverse must be declared on the destination")
        }
        let isToMany = node.flag("toMany")
        var relationship = RelationshipDescription(
            name: name, destination: destination, inverse: inverse, isToMany: isToMany,
            isOrdered: node.flag("ordered"), deleteRule: rule, isOptional: node.flag("optional"))
        relationship.minCount = try count("minCount", of: node) ?? 0
        relationship.maxCount = try count("maxCount", of: node) ?? (isToMany ? 0 : 1)
        relationship.isTransient = node.flag("transient")
        relationship.isIndexed = node.flag("indexed")
        let common = try commonKeys(of: node)
        relationship.isIndexedBySpotlight = common.isIndexedBySpotlight
        relationship.versionHashModifier = common.versionHashModifier
        relationship.renamingIdentifier = common.renamingIdentifier
        relationship.userInfo = common.userInfo
        return relationship
    }

    /// The keys attributes and relationships share.
    private func commonKeys(of node: XMLElementNode) throws(XcodeModelError) -> (
        isIndexedBySpotlight: Bool, versionHashModifier: String?, renamingIdentifier: String?,
        userInfo: [String: String]
    ) {
        (
            node.flag("spotlightIndexingEnabled"), node.attributes["versionHashModifier"],
            node.attributes["elementID"], try node.child(named: "userInfo").map(userInfo) ?? [:]
        )
    }

    private func count(_ key: String, of node: XMLElementNode) throws(XcodeModelError) -> Int? {
        guard let text = node.attributes[key] else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw error(at: node, "\(key) \"\(text)\" is not a whole number of objects")
        }
        return value
    }

    mutating func fetchedProperty(_ node: XMLElementNode) throws(XcodeModelError)
        -> FetchedPropertyDescription
    {
        let name = try required("name", of: node)
        guard let request = node.child(named: "fetchRequest") else {
            throw error(at: node, "fetched property \"\(name)\" has no <fetchRequest>")
        }
        return FetchedPropertyDescription(
            name: name, fetchRequest: try fetchRequest(request, owner: " of \"\(name)\""),
            userInfo: try node.child(named: "userInfo").map(userInfo) ?? [:])
    }

    mutating func fetchRequest(_ node: XMLElementNode, owner: String = "") throws(XcodeModelError)
        -> FetchRequestTemplate
    {
        let name = try required("name", of: node)
        let entity = try required("entity", of: node)
        locations.fetchRequestEntities.append((owner, name, entity, location(of: node)))
        var options = node.attributes
        for key in ["name", "entity", "predicateString"] { options[key] = nil }
        return FetchRequestTemplate(
            name: name, entity: entity, predicateFormat: node.attributes["predicateString"],
            options: options)
    }

    func userInfo(_ node: XMLElementNode) throws(XcodeModelError) -> [String: String] {
        var entries: [String: String] = [:]
        for entry in node.children(named: "entry") {
            entries[try required("key", of: entry)] = entry.attributes["value"] ?? ""
        }
        return entries
    }

    private static let attributeKeys: Set<String> = [
        "name", "optional", "transient", "attributeType", "minValueString", "maxValueString",
        "defaultDateTimeInterval", "derived", "defaultValueString", "valueTransformerName",
        "indexed", "allowsExternalBinaryDataStorage", "usesScalarValueType",
        "derivationExpression", "spotlightIndexingEnabled", "customClassName",
        "versionHashModifier", "preserveAfterDeletion", "elementID", "syncable", "composite",
        "storedInTruthFile", "allowsCloudEncryption",
    ]
    private static let relationshipKeys: Set<String> = [
        "name", "optional", "minCount", "transient", "toMany", "maxCount", "deletionRule",
        "ordered", "destinationEntity", "inverseName", "indexed", "elementID", "inverseEntity",
        "syncable", "versionHashModifier", "spotlightIndexingEnabled", "storedInTruthFile",
    ]
}
