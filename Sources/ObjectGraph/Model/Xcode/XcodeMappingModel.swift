import Foundation

/// A mapping model as Xcode saves it: an `.xcmappingmodel` folder holding
/// `xcmapping.xml`, read into entity mappings with their attribute and relationship
/// mappings, value expressions and custom migration policy class names.
///
/// `xcmapping.xml` is a Core Data XML store of Xcode's editing objects: one
/// `XDDEVMAPPINGMODEL` (the two model versions' paths and archived copies), one
/// `XDDEVENTITYMAPPING` per entity mapping, and `XDDEVATTRIBUTEMAPPING` /
/// `XDDEVRELATIONSHIPMAPPING` objects whose value expressions are `NSKeyedArchiver`
/// archives. Which model versions a mapping joins is read from the recorded paths
/// (`…/App.xcdatamodeld/App 3.xcdatamodel`): Core Data matches a compiled mapping by
/// version hashes, which the engine does not reproduce (docs/STORES.md).
///
/// ```swift
/// let mapping = try XcodeMappingModel(at: URL(fileURLWithPath: "AppV2toV3.xcmappingmodel"))
/// print(mapping.sourceVersionName ?? "?", "->", mapping.destinationVersionName ?? "?")
/// for entity in mapping.entityMappings { print(entity.name, entity.migrationPolicyClassName ?? "") }
/// ```
///
/// Cost: one pass over the XML (1-6 MB for real apps, mostly the archived models, which
/// are skipped); expressions are decoded as they are met.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmappingmodel
public struct XcodeMappingModel: Sendable {
    /// The `.xcmappingmodel` folder (or `xcmapping.xml` file) read.
    public let path: String
    /// The mapping model's name: the folder's name without `.xcmappingmodel`.
    public let name: String
    /// The source model version's path, as Xcode recorded it (relative to the project).
    public let sourceModelPath: String?
    /// The destination model version's path, as recorded.
    public let destinationModelPath: String?
    /// The entity mappings, in Xcode's order (`mappingnumber`).
    public let entityMappings: [XcodeEntityMapping]

    /// The source version's name (`App 3` for `…/App 3.xcdatamodel`).
    public var sourceVersionName: String? { Self.versionName(sourceModelPath) }
    /// The destination version's name.
    public var destinationVersionName: String? { Self.versionName(destinationModelPath) }
    /// The model bundle the versions belong to (`App` for `…/App.xcdatamodeld/…`).
    public var modelName: String? {
        guard let path = destinationModelPath ?? sourceModelPath else { return nil }
        let components = path.split(separator: "/")
        guard let bundle = components.last(where: { $0.hasSuffix(".xcdatamodeld") }) else {
            return nil
        }
        return String(bundle.dropLast(".xcdatamodeld".count))
    }

    /// Reads `xcmapping.xml` in the folder at `url` (or the file `url` names).
    ///
    /// - Throws: ``XcodeModelError`` naming the file: unreadable, not well-formed XML, or
    ///   not a mapping model (no `XDDEVMAPPINGMODEL` object, an entity mapping without
    ///   a destination or source name, a reference to a missing object).
    public init(at url: URL) throws(XcodeModelError) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let file = isDirectory.boolValue ? url.appendingPathComponent("xcmapping.xml") : url
        guard exists, let data = FileManager.default.contents(atPath: file.path) else {
            throw XcodeModelError(
                path: file.path,
                problem: .unreadable(
                    reason: exists ? "cannot read the file" : "No such file or directory"))
        }
        path = url.path
        let folder = isDirectory.boolValue ? url : url.deletingLastPathComponent()
        name = folder.deletingPathExtension().lastPathComponent
        let objects = try XcodeMappingParser.objects(in: data, path: file.path)
        let built = try XcodeMappingParser.build(objects, path: file.path)
        sourceModelPath = built.sourceModelPath
        destinationModelPath = built.destinationModelPath
        entityMappings = built.entityMappings
    }

    /// Every `.xcmappingmodel` folder under `directory` (at most `depth` levels down),
    /// in path order: where an app keeps the mapping models of its model bundle.
    ///
    /// Cost: lists the directory tree; reads no mapping model.
    public static func find(in directory: URL, depth: Int = 6) -> [URL] {
        guard depth >= 0,
            let entries = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        var found: [URL] = []
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            if entry.pathExtension == "xcmappingmodel" {
                found.append(entry)
            } else if (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true,
                !entry.lastPathComponent.hasPrefix("."), entry.pathExtension != "xcdatamodeld"
            {
                found += find(in: entry, depth: depth - 1)
            }
        }
        return found
    }

    private static func versionName(_ path: String?) -> String? {
        guard let last = path?.split(separator: "/").last, last.hasSuffix(".xcdatamodel") else {
            return nil
        }
        return String(last.dropLast(".xcdatamodel".count))
    }
}

/// One entity mapping of an ``XcodeMappingModel`` (`NSEntityMapping`).
public struct XcodeEntityMapping: Sendable {
    /// The mapping's name: the one given in Xcode, else `<Source>To<Destination>`
    /// (Core Data's default).
    public let name: String
    /// The source entity; nil for a mapping that adds a new entity.
    public let sourceEntity: String?
    /// The destination entity; nil for a mapping that removes an entity.
    public let destinationEntity: String?
    /// The mapping type as saved (`Undefined` in files Xcode writes: the type follows
    /// from which entities are named).
    public let mappingTypeName: String
    /// The custom `NSEntityMigrationPolicy` subclass, nil when none is set.
    public let migrationPolicyClassName: String?
    /// The expression choosing the source objects; nil for every object of the source
    /// entity (Xcode's default).
    public let sourceExpression: MappingExpression?
    /// Whether Xcode generates the expressions of properties that have none
    /// (`$source.<name>` for an attribute, the related objects for a relationship).
    public let generatesExpressions: Bool
    /// One mapping per destination attribute.
    public let attributeMappings: [XcodePropertyMapping]
    /// One mapping per destination relationship.
    public let relationshipMappings: [XcodePropertyMapping]
}

/// An attribute or relationship mapping (`NSPropertyMapping`).
public struct XcodePropertyMapping: Sendable {
    /// The destination property.
    public let name: String
    /// The value expression, nil when none was written.
    public let valueExpression: MappingExpression?
    /// Whether Xcode generates the expression when none is written.
    public let generatesExpression: Bool
    /// For a relationship, the entity mapping that makes its objects, when Xcode
    /// recorded one (`sourcemappingname`): the generated expression is
    /// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:",
    /// "<that mapping>", $source.<name>)`.
    public let sourceMappingName: String?
}
