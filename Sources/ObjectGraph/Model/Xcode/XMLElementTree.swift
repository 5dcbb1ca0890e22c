import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML document with the line and column where it starts, so
/// that every error found while reading a model can say where it is.
struct XMLElementNode: Sendable {
    /// The element's name.
    let name: String
    /// Its attributes, entities already decoded.
    let attributes: [String: String]
    /// Its child elements in document order (text is dropped: model files have none).
    var children: [XMLElementNode]
    /// Where it starts: 1-based line and column.
    let line: Int
    let column: Int

    /// The children called `name`.
    func children(named name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }

    /// The first child called `name`.
    func child(named name: String) -> XMLElementNode? {
        children.first { $0.name == name }
    }

    /// Whether the attribute is `YES` (absent means no, as everywhere in the format).
    func flag(_ key: String) -> Bool {
        attributes[key] == "YES"
    }
}

/// Reads a whole XML document into ``XMLElementNode`` values with FoundationXML's
/// event parser.
///
/// Cost: one pass over the bytes; the tree holds every element and attribute.
enum XMLElementTree {
    /// Why a document could not be read: the parser's message and where it stopped.
    struct SyntaxError: Error {
        let message: String
        let line: Int
        let column: Int
    }

    /// The root element of `data`.
    ///
    /// - Throws: ``SyntaxError`` when the bytes are not well-formed XML.
    static func parse(_ data: Data) throws(SyntaxError) -> XMLElementNode {
        let parser = XMLParser(data: data)
        let builder = Builder(parser: parser)
        parser.delegate = builder
        let finished = parser.parse()
        guard finished, builder.failure == nil, let root = builder.root else {
            throw builder.failure
                ?? SyntaxError(
                    message: "not well-formed XML", line: parser.lineNumber,
                    column: parser.columnNumber)
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        private unowned let parser: XMLParser
        private var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        var failure: SyntaxError?

        init(parser: XMLParser) {
            self.parser = parser
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            stack.append(
                XMLElementNode(
                    name: elementName, attributes: attributes, children: [],
                    line: parser.lineNumber, column: parser.columnNumber))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName: String?
        ) {
            guard let node = stack.popLast() else { return }
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard failure == nil else { return }
            failure = SyntaxError(
                message: Self.describe(parseError), line: parser.lineNumber,
                column: parser.columnNumber)
        }

        /// libxml2's own message when Foundation passes it on, else the error code.
        private static func describe(_ error: any Error) -> String {
            let error = error as NSError
            if let message = error.userInfo["NSXMLParserErrorMessage"] as? String {
                return "not well-formed XML: "
                    + message.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return "not well-formed XML (XMLParser error \(error.code))"
        }
    }
}
