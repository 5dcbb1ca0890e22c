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

    /// The deepest nesting read: Xcode's model files nest five levels (model, entity,
    /// attribute, userInfo, entry); a deeper document is refused with a syntax error
    /// rather than built, since freeing a tree recurses once per level.
    static let maximumDepth = 64

    /// The root element of `data`.
    ///
    /// - Throws: ``SyntaxError`` when the bytes are not well-formed XML or nest elements
    ///   deeper than ``maximumDepth``.
    static func parse(_ data: Data) throws(SyntaxError) -> XMLElementNode {
        if let invalid = firstInvalidUTF8(data) ?? firstProcessingInstruction(data) {
            throw invalid
        }
        let parser = XMLParser(data: data)
        let builder = Builder(parser: parser, data: data)
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

    /// Where `data` stops being UTF-8, as a syntax error; nil when it is UTF-8 (or starts
    /// with a UTF-16 byte order mark). FoundationXML's parser traps on a start tag holding
    /// bytes that are not UTF-8 (found by `scripts/fuzz xcmodel`), so they never reach it.
    static func firstInvalidUTF8(_ data: Data) -> SyntaxError? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return nil }
        var (offset, line, lineStart) = (0, 1, 0)
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { (line, lineStart) = (line + 1, offset + 1) }
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                let byte = String(data[data.startIndex + offset], radix: 16, uppercase: true)
                return SyntaxError(
                    message: "not well-formed XML: a byte that is not UTF-8 (0x\(byte))",
                    line: line,
                    column: offset - lineStart + 1)
            }
        }
    }

    /// The first processing instruction (`<?target …?>`) but the XML declaration (`<?xml`
    /// and a space, at the start; `<?xmlfoo?>` is an instruction), as a
    /// syntax error: model files have none, and FoundationXML's parser reads a null
    /// pointer for one without data (`<?target?>`, found by `scripts/fuzz xcmodel`).
    static func firstProcessingInstruction(_ data: Data) -> SyntaxError? {
        let bytes = [UInt8](data)
        let declaration = Array("<?xml".utf8)
        let isDeclaration =
            bytes.starts(with: declaration) && bytes.count > declaration.count
            && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[declaration.count])
        var (line, lineStart) = (1, 0)
        for offset in bytes.indices {
            if bytes[offset] == UInt8(ascii: "\n") { (line, lineStart) = (line + 1, offset + 1) }
            guard bytes[offset] == UInt8(ascii: "<"), offset + 1 < bytes.count,
                bytes[offset + 1] == UInt8(ascii: "?"),
                !(offset == 0 && isDeclaration)
            else { continue }
            return SyntaxError(
                message: "not well-formed XML: a processing instruction ('<?'), which model files "
                    + "do not have",
                line: line, column: offset - lineStart + 1)
        }
        return nil
    }

    /// libxml2's `xmlParserErrors` numbers, which FoundationXML passes on as the error
    /// code, for the mistakes a hand-edited or truncated model file has.
    private static let libxml2Reasons: [Int: String] = [
        4: "the document is empty", 5: "extra content after the root element",
        9: "an invalid character", 26: "an undeclared entity (&name;)",
        38: "'<' inside an attribute value", 39: "an attribute value without quotes",
        40: "an attribute value is not closed", 41: "an attribute without a value",
        42: "an attribute given twice", 68: "a name is expected", 73: "'>' is expected",
        74: "'</' is expected", 76: "a closing tag does not match its opening tag",
        77: "an element is not closed (the file may be truncated)",
    ]

    private final class Builder: NSObject, XMLParserDelegate {
        private unowned let parser: XMLParser
        private let bytes: [UInt8]
        /// The byte offset where each line starts.
        private let lineStarts: [Int]
        private var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        var failure: SyntaxError?

        init(parser: XMLParser, data: Data) {
            self.parser = parser
            let bytes = [UInt8](data)
            self.bytes = bytes
            lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        }

        /// Where the tag that ends at the parser's position starts: libxml2 reports the
        /// end of a start tag, an editor wants its `<`.
        private func tagStart() -> (line: Int, column: Int) {
            let line = min(max(parser.lineNumber, 1), lineStarts.count)
            var offset = min(
                lineStarts[line - 1] + max(parser.columnNumber - 1, 0), bytes.count - 1)
            while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
            let startLine = lineStarts.lastIndex { $0 <= offset } ?? 0
            return (startLine + 1, offset - lineStarts[startLine] + 1)
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            let start = tagStart()
            guard stack.count < XMLElementTree.maximumDepth else {
                // Tens of thousands of nested elements would overflow the stack when the
                // tree is freed (each node frees its children recursively): stop here.
                guard failure == nil else { return }
                failure = SyntaxError(
                    message: "elements nested more than \(XMLElementTree.maximumDepth) deep "
                        + "(model files nest about 5); this is not an Xcode model file",
                    line: start.line, column: start.column)
                parser.abortParsing()
                return
            }
            stack.append(
                XMLElementNode(
                    name: elementName, attributes: attributes, children: [],
                    line: start.line, column: start.column))
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
            let reason = libxml2Reasons[error.code] ?? "libxml2 error \(error.code)"
            return "not well-formed XML: " + reason
        }
    }
}
