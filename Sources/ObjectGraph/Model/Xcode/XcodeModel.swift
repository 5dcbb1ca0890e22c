import Foundation

/// One version of an Xcode Core Data model: the `contents` file of a `.xcdatamodel`
/// directory, read into description values.
///
/// Load a whole bundle with ``XcodeModelBundle``; build the engine model with
/// ``makeModel(transformers:)``, which reports mistakes at the line and column of the element.
///
/// ```swift
/// let bundle = try XcodeModelBundle(at: URL(fileURLWithPath: "Shop.xcdatamodeld"))
/// let model = try bundle.loadCurrentVersion().makeModel()
/// ```
///
/// Cost: reading is one pass over the file with FoundationXML's event parser; the
/// values hold every entity, property and index.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel
public struct XcodeModel: Sendable {
    /// The `contents` file read.
    public let path: String
    /// `documentVersion` (always "1.0" in files Xcode 4 and later write).
    public let documentVersion: String
    /// `lastSavedToolsVersion`: which Xcode saved the file, when written.
    public let lastSavedToolsVersion: String?
    /// `userDefinedModelVersionIdentifier`, copied into store metadata; never used to
    /// match a store to a model.
    public let versionIdentifier: String
    /// The entities in file order.
    public var entities: [EntityDescription]
    /// Composite types (iOS 17).
    public var composites: [CompositeAttributeDescription]
    /// The model's fetch request templates.
    public var fetchRequestTemplates: [FetchRequestTemplate]
    /// Named configurations (the implicit `Default` one is not listed).
    public var configurations: [EntityConfiguration]
    /// Things worth knowing that do not stop the load (an unknown `documentVersion`).
    public let warnings: [String]
    /// Elements and attributes the format doc does not list, as `element@key`: ignored,
    /// as Xcode adds keys every year.
    public let unrecognized: [String]
    let locations: XcodeSourceLocations

    /// Reads a `contents` file.
    ///
    /// - Parameter url: The `contents` file inside an `.xcdatamodel` directory.
    /// - Throws: ``XcodeModelError`` when the file cannot be read, is not well-formed,
    ///   or breaks the format; the error names the line and column.
    public init(contentsOf url: URL) throws(XcodeModelError) {
        let path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw XcodeModelError(path: path, problem: .unreadable(reason: Self.reason(error)))
        }
        let root: XMLElementNode
        do {
            root = try XMLElementTree.parse(data)
        } catch {
            throw XcodeModelError(
                path: path, line: error.line, column: error.column,
                problem: .syntax(message: error.message))
        }
        var parser = XcodeModelParser(path: path)
        let contents = try parser.parse(root)
        self.path = path
        documentVersion = root.attributes["documentVersion"] ?? "1.0"
        lastSavedToolsVersion = root.attributes["lastSavedToolsVersion"]
        versionIdentifier = root.attributes["userDefinedModelVersionIdentifier"] ?? ""
        entities = contents.entities
        composites = contents.composites
        fetchRequestTemplates = contents.fetchRequestTemplates
        configurations = contents.configurations
        warnings =
            documentVersion == "1.0"
            ? [] : ["documentVersion \"\(documentVersion)\" is not 1.0; read as 1.0"]
        unrecognized = parser.unrecognized.sorted()
        locations = parser.locations
    }

    /// The engine model of these entities, checked.
    ///
    /// Cost: resolves and validates every entity (see ``ManagedObjectModel``).
    ///
    /// - Parameter transformers: Where transformable attributes find the value
    ///   transformers they name (Core Data's archiving ones are standard).
    /// - Throws: ``XcodeModelError`` wrapping the first ``ModelError``, at the line and
    ///   column of the entity, property or index it is about.
    public func makeModel(transformers: ValueTransformerRegistry = .standard)
        throws(XcodeModelError) -> ManagedObjectModel
    {
        let model = ManagedObjectModel(
            entities: entities,
            versionIdentifiers: versionIdentifier.isEmpty ? [] : [versionIdentifier],
            transformers: transformers, composites: composites)
        guard let first = model.validationErrors.first else { return model }
        let place = locations.place(of: first)
        throw XcodeModelError(
            path: path, line: place?.line, column: place?.column, problem: .model(first))
    }

    /// The version hash of every entity, computed from the declarations alone, so it
    /// exists even for a model the engine cannot store (see `EntityVersionHasher`).
    public var entityVersionHashes: [String: Data] {
        EntityVersionHasher.hashes(of: entities).mapValues { Data($0.bytes) }
    }

    /// A system error as one line, without Foundation's dictionary dump.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        if error.code == NSFileReadNoSuchFileError { return "No such file or directory" }
        return error.localizedDescription
    }
}
