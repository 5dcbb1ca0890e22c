/// A problem found while loading an Xcode model: the file, the line and column of the
/// element at fault (when there is one), and what was expected.
///
/// ```swift
/// // Shop.xcdatamodel/contents:12:9: relationship "owner" of entity "Item":
/// //     destination "Usr" is not an entity of the model
/// ```
public struct XcodeModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file read: a `contents` file, a `.xccurrentversion` or a model directory.
    public let path: String
    /// 1-based line of the element at fault, nil for a problem with the whole file.
    public let line: Int?
    /// 1-based column of the element at fault.
    public let column: Int?
    /// What is wrong.
    public let problem: Problem

    /// What is wrong with a model file.
    public enum Problem: Equatable, Sendable {
        /// The path is not a model bundle, a model directory or a `contents` file.
        case notAModel(reason: String)
        /// The file could not be read (`reason` is the system's one-line message).
        case unreadable(reason: String)
        /// The bytes are not well-formed XML.
        case syntax(message: String)
        /// An Xcode 3 model (binary `elements` file), which only Xcode 4+ can convert.
        case legacyBinaryFormat
        /// The bundle has several versions and none is marked current.
        case noCurrentVersion(versions: [String])
        /// `.xccurrentversion` names a version that has no `contents`.
        case missingVersion(name: String, versions: [String])
        /// An element or attribute is missing or has a value the format does not allow.
        case invalid(String)
        /// The model breaks a rule of the engine or of Core Data.
        case model(ModelError)
    }

    /// Describes a problem; `line` and `column` locate the element, when known.
    public init(path: String, line: Int? = nil, column: Int? = nil, problem: Problem) {
        self.path = path
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// One line: `path:line:column: what is wrong; what to do`.
    public var description: String {
        var place = path
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return place + ": " + problemText
    }

    private var problemText: String {
        switch problem {
        case .notAModel(let reason):
            return "not an Xcode model: \(reason); give a .xcdatamodeld bundle, a "
                + ".xcdatamodel directory or its contents file"
        case .unreadable(let reason): return "cannot read the model: \(reason)"
        case .syntax(let message): return "\(message); fix the file or re-save it in Xcode"
        case .legacyBinaryFormat:
            return "an Xcode 3 model (binary 'elements' file, no 'contents'); open and re-save "
                + "it in Xcode 4 or later to convert it to XML"
        case .noCurrentVersion(let versions):
            return "no current version (.xccurrentversion is missing or empty) among "
                + "\(versions.count) versions (\(versions.joined(separator: ", "))); "
                + "choose one in Xcode or name one explicitly"
        case .missingVersion(let name, let versions):
            return "version \"\(name)\" has no contents file; versions with "
                + "contents: \(versions.isEmpty ? "none" : versions.joined(separator: ", "))"
        case .invalid(let message): return message
        case .model(let error): return error.description
        }
    }
}
