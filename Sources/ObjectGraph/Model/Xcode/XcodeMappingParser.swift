import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads `xcmapping.xml` (a Core Data XML store) into its objects, then builds the
/// ``XcodeMappingModel``'s parts from them.
enum XcodeMappingParser {
    /// One `<object>` of the store: its type, its attributes' text and its
    /// relationships' object IDs.
    struct Object {
        let type: String
        var attributes: [String: String] = [:]
        var relationships: [String: [String]] = [:]
        let line: Int
    }

    /// What ``build(_:path:)`` makes.
    struct Built {
        var sourceModelPath: String?
        var destinationModelPath: String?
        var entityMappings: [XcodeEntityMapping]
    }

    /// The archived model copies, which are most of the file's bytes and are not read.
    static let skippedAttributes: Set<String> = ["sourcemodeldata", "destinationmodeldata"]

    /// Every object of the document, by ID.
    ///
    /// - Throws: ``XcodeModelError`` with `.syntax` for bytes that are not well-formed XML.
    static func objects(in data: Data, path: String) throws(XcodeModelError) -> [String: Object] {
        if let invalid = XMLElementTree.firstInvalidUTF8(data) {
            throw XcodeModelError(
                path: path, line: invalid.line, column: invalid.column,
                problem: .syntax(message: invalid.message))
        }
        let parser = XMLParser(data: data)
        let reader = ObjectReader(parser: parser)
        parser.delegate = reader
        guard parser.parse(), reader.isComplete else {
            throw XcodeModelError(
                path: path, line: parser.lineNumber, column: parser.columnNumber,
                problem: .syntax(
                    message: parser.parserError.map {
                        "not well-formed XML (\($0.localizedDescription))"
                    }
                        ?? "not well-formed XML"))
        }
        return reader.objects
    }

    /// The mapping model the objects describe.
    ///
    /// - Throws: ``XcodeModelError`` with `.invalid` naming what is missing.
    static func build(_ objects: [String: Object], path: String) throws(XcodeModelError) -> Built {
        guard let root = objects.values.first(where: { $0.type == "XDDEVMAPPINGMODEL" }) else {
            throw XcodeModelError(
                path: path,
                problem: .invalid(
                    "not a mapping model: no XDDEVMAPPINGMODEL object; save the mapping model "
                        + "again in Xcode"))
        }
        var mappings: [(number: Int, mapping: XcodeEntityMapping)] = []
        for id in root.relationships["entitymappings"] ?? [] {
            guard let object = objects[id], object.type == "XDDEVENTITYMAPPING" else {
                throw XcodeModelError(
                    path: path, line: root.line,
                    problem: .invalid(
                        "the mapping model names entity mapping \(id), which the file does not hold"
                    ))
            }
            let mapping = try entityMapping(object, objects: objects, path: path)
            mappings.append((Int(object.attributes["mappingnumber"] ?? "") ?? 0, mapping))
        }
        let ordered = mappings.enumerated().sorted {
            ($0.element.number, $0.offset) < ($1.element.number, $1.offset)
        }
        return Built(
            sourceModelPath: root.attributes["sourcemodelpath"],
            destinationModelPath: root.attributes["destinationmodelpath"],
            entityMappings: ordered.map(\.element.mapping))
    }

    private static func entityMapping(
        _ object: Object, objects: [String: Object], path: String
    ) throws(XcodeModelError) -> XcodeEntityMapping {
        let source = nonEmpty(object.attributes["sourcename"])
        let destination = nonEmpty(object.attributes["destinationname"])
        guard source != nil || destination != nil else {
            throw XcodeModelError(
                path: path, line: object.line,
                problem: .invalid(
                    "an entity mapping names neither a source nor a destination entity"))
        }
        let name =
            nonEmpty(object.attributes["name"])
            ?? (source.flatMap { s in destination.map { "\(s)To\($0)" } } ?? destination ?? source
                ?? "")
        let generates = object.attributes["autogenerateexpression"] == "1"
        return XcodeEntityMapping(
            name: name, sourceEntity: source, destinationEntity: destination,
            mappingTypeName: object.attributes["mappingtypename"] ?? "Undefined",
            migrationPolicyClassName: nonEmpty(object.attributes["migrationpolicyclassname"]),
            sourceExpression: try expression(object, "sourceexpressiondata", path: path),
            generatesExpressions: generates,
            attributeMappings: try properties(object, "attributemappings", objects, path: path),
            relationshipMappings: try properties(
                object, "relationshipmappings", objects, path: path))
    }

    private static func properties(
        _ owner: Object, _ key: String, _ objects: [String: Object], path: String
    ) throws(XcodeModelError) -> [XcodePropertyMapping] {
        var mappings: [XcodePropertyMapping] = []
        for id in owner.relationships[key] ?? [] {
            guard let object = objects[id], let name = nonEmpty(object.attributes["name"]) else {
                throw XcodeModelError(
                    path: path, line: owner.line,
                    problem: .invalid("a property mapping (\(id)) is missing or has no name"))
            }
            mappings.append(
                XcodePropertyMapping(
                    name: name,
                    valueExpression: try expression(object, "valueexpressiondata", path: path),
                    generatesExpression: object.attributes["autogenerateexpression"] == "1",
                    sourceMappingName: nonEmpty(object.attributes["sourcemappingname"])))
        }
        return mappings.sorted { $0.name < $1.name }
    }

    /// The archived expression in attribute `key`, nil when there is none.
    private static func expression(_ object: Object, _ key: String, path: String)
        throws(XcodeModelError) -> MappingExpression?
    {
        guard let text = object.attributes[key], !text.isEmpty else { return nil }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters),
            let expression = KeyedArchiveExpression.decode([UInt8](data))
        else {
            throw XcodeModelError(
                path: path, line: object.line,
                problem: .invalid(
                    "\(object.attributes["name"] ?? object.type): \(key) is not an archived "
                        + "NSExpression; set the expression again in Xcode"))
        }
        return expression
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return nil
        }
        return text
    }

    /// Collects `<object>` elements with their `<attribute>` text and `<relationship>`
    /// references.
    private final class ObjectReader: NSObject, XMLParserDelegate {
        let parser: XMLParser
        var objects: [String: Object] = [:]
        private var current: (id: String, object: Object)?
        private var attribute: String?
        private var text = ""
        private var depth = 0
        /// Whether the root element was closed (FoundationXML accepts a document that
        /// stops early).
        private(set) var isComplete = false

        init(parser: XMLParser) { self.parser = parser }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            depth += 1
            switch element {
            case "object":
                current = (
                    attributes["id"] ?? "",
                    Object(type: attributes["type"] ?? "", line: parser.lineNumber)
                )
            case "attribute" where current != nil:
                attribute = attributes["name"]?.lowercased()
                text = ""
            case "relationship" where current != nil:
                if let name = attributes["name"]?.lowercased(),
                    let references = attributes["idrefs"]
                {
                    current?.object.relationships[name] = references.split(separator: " ").map(
                        String.init)
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let attribute, !XcodeMappingParser.skippedAttributes.contains(attribute) else {
                return
            }
            text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
            qualifiedName: String?
        ) {
            depth -= 1
            if depth == 0 { isComplete = true }
            if element == "attribute", let name = attribute {
                current?.object.attributes[name] = text
                attribute = nil
            } else if element == "object", let (id, object) = current {
                objects[id] = object
                current = nil
            }
        }
    }
}
