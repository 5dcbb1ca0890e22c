/// Reads the element tree of one `contents` file into description values, checking
/// every reference the format allows to be checked there, and remembering where each
/// entity and property was declared so later model errors can point at it.
struct XcodeModelParser {
    let path: String
    var locations = XcodeSourceLocations()
    /// Element and attribute names the format doc does not list, as `element@key`.
    var unrecognized: Set<String> = []

    init(path: String) {
        self.path = path
    }

    /// Everything a `<model>` root holds.
    struct Contents {
        var entities: [EntityDescription] = []
        var composites: [CompositeAttributeDescription] = []
        var fetchRequestTemplates: [FetchRequestTemplate] = []
        var configurations: [EntityConfiguration] = []
    }

    /// The contents of the `<model>` element `root`.
    ///
    /// - Throws: ``XcodeModelError`` naming the element at fault.
    mutating func parse(_ root: XMLElementNode) throws(XcodeModelError) -> Contents {
        guard root.name == "model" else {
            throw error(at: root, "the root element is <\(root.name)>, expected <model>")
        }
        let type = root.attributes["type"]
        guard type == nil || type == "com.apple.IDECoreDataModeler.DataModel" else {
            throw error(
                at: root,
                "<model type=\"\(type ?? "")\"> is not a Core Data model "
                    + "(expected com.apple.IDECoreDataModeler.DataModel)")
        }
        note(root, known: Self.modelKeys)
        var contents = Contents()
        for child in root.children {
            switch child.name {
            case "entity": contents.entities.append(try entity(child))
            case "composite", "compositeAttribute": contents.composites.append(try composite(child))
            case "fetchRequest": contents.fetchRequestTemplates.append(try fetchRequest(child))
            case "configuration": contents.configurations.append(try configuration(child))
            case "elements": break
            default: unrecognized.insert(child.name)
            }
        }
        try checkReferences(contents, in: root)
        return contents
    }

    // MARK: - Entities

    private mutating func entity(_ node: XMLElementNode) throws(XcodeModelError)
        -> EntityDescription
    {
        let name = try required("name", of: node)
        note(node, known: Self.entityKeys)
        locations.entities[name] = location(of: node)
        var entity = EntityDescription(
            name: name, parent: node.attributes["parentEntity"], isAbstract: node.flag("isAbstract")
        )
        entity.representedClassName = node.attributes["representedClassName"]
        entity.versionHashModifier = node.attributes["versionHashModifier"]
        entity.renamingIdentifier = node.attributes["elementID"]
        for child in node.children {
            switch child.name {
            case "attribute": entity.attributes.append(try attribute(child, of: name))
            case "relationship": entity.relationships.append(try relationship(child, of: name))
            case "fetchedProperty": entity.fetchedProperties.append(try fetchedProperty(child))
            case "fetchIndex": entity.indexes.append(try fetchIndex(child, of: name))
            case "compoundIndexes": entity.indexes += try compoundIndexes(child, of: name)
            case "uniquenessConstraints":
                entity.uniquenessConstraints += try uniquenessConstraints(child)
            case "userInfo": entity.userInfo = try userInfo(child)
            default: unrecognized.insert("entity/" + child.name)
            }
        }
        return entity
    }

    private mutating func composite(_ node: XMLElementNode) throws(XcodeModelError)
        -> CompositeAttributeDescription
    {
        let name = try required("name", of: node)
        var composite = CompositeAttributeDescription(name: name)
        for child in node.children(named: "attribute") {
            composite.elements.append(try attribute(child, of: name))
        }
        return composite
    }

    private mutating func configuration(_ node: XMLElementNode) throws(XcodeModelError)
        -> EntityConfiguration
    {
        let name = try required("name", of: node)
        var members: [String] = []
        for member in node.children(named: "memberEntity") {
            let entity = try required("name", of: member)
            locations.configurationMembers.append((name, entity, location(of: member)))
            members.append(entity)
        }
        return EntityConfiguration(
            name: name, entities: members, isUsedWithCloudKit: node.flag("usedWithCloudKit"))
    }

    // MARK: - Reference checks

    /// Checks what refers to entities or composites by name; the engine model checks
    /// parents, destinations and inverses when it is built.
    private func checkReferences(_ contents: Contents, in root: XMLElementNode)
        throws(XcodeModelError)
    {
        let entities = Set(contents.entities.map(\.name))
        var composites = Set<String>()
        for composite in contents.composites {
            guard composites.insert(composite.name).inserted else {
                throw XcodeModelError(
                    path: path,
                    problem: .invalid(
                        "composite \"\(composite.name)\" is declared more than once"))
            }
        }
        for (owner, attribute, composite, place) in locations.compositeUses
        where !composites.contains(composite) {
            throw error(
                at: place,
                "attribute \"\(attribute)\" of \"\(owner)\": composite \"\(composite)\" is not "
                    + "declared (expected a <composite name=\"\(composite)\"> in the model)")
        }
        for (owner, request, entity, place) in locations.fetchRequestEntities
        where !entities.contains(entity) {
            throw error(
                at: place,
                "fetch request \"\(request)\"\(owner): entity \"\(entity)\" is not "
                    + "an entity of the model")
        }
        for (configuration, entity, place) in locations.configurationMembers
        where !entities.contains(entity) {
            throw error(
                at: place,
                "configuration \"\(configuration)\": member \"\(entity)\" is not an "
                    + "entity of the model")
        }
    }

    // MARK: - Helpers

    /// The value of the attribute `key`, which the format requires.
    func required(_ key: String, of node: XMLElementNode) throws(XcodeModelError) -> String {
        guard let value = node.attributes[key], !value.isEmpty else {
            throw error(
                at: node,
                "<\(node.name)> has no \(key)= attribute; every "
                    + "<\(node.name)> needs one")
        }
        return value
    }

    /// Records keys of `node` the format doc does not list (kept for reporting).
    mutating func note(_ node: XMLElementNode, known: Set<String>) {
        for key in node.attributes.keys where !known.contains(key) {
            unrecognized.insert(node.name + "@" + key)
        }
    }

    func location(of node: XMLElementNode) -> XcodeSourceLocations.Place {
        XcodeSourceLocations.Place(line: node.line, column: node.column)
    }

    func error(at node: XMLElementNode, _ message: String) -> XcodeModelError {
        error(at: location(of: node), message)
    }

    func error(at place: XcodeSourceLocations.Place, _ message: String) -> XcodeModelError {
        XcodeModelError(
            path: path, line: place.line, column: place.column, problem: .invalid(message))
    }

    private static let modelKeys: Set<String> = [
        "type", "documentVersion", "lastSavedToolsVersion", "systemVersion",
        "minimumToolsVersion", "sourceLanguage", "userDefinedModelVersionIdentifier",
        "macOSVersion", "iOSVersion", "usedWithCloudKit", "usedWithSwiftData", "name",
    ]
    private static let entityKeys: Set<String> = [
        "name", "representedClassName", "isAbstract", "parentEntity", "syncable",
        "codeGenerationType", "elementID", "versionHashModifier",
    ]
}
