import Foundation

/// An Xcode model on disk: a versioned `.xcdatamodeld` bundle, a single `.xcdatamodel`
/// directory, or a bare `contents` file, with its versions and which one is current.
///
/// The current version comes from `.xccurrentversion`; when that file is missing or
/// empty and the bundle has one version, that version is current. Versions are listed
/// in name order with numbers compared as numbers (`Foo 2` before `Foo 10`); Core Data
/// itself never orders versions, it matches stores by version hashes.
///
/// ```swift
/// let bundle = try XcodeModelBundle(at: URL(fileURLWithPath: "App.xcdatamodeld"))
/// print(bundle.versionNames, bundle.currentVersionName)
/// let model = try bundle.loadCurrentVersion().makeModel()
/// ```
///
/// Cost: lists one directory and reads `.xccurrentversion`; versions are read on demand.
public struct XcodeModelBundle: Sendable {
    /// The path given.
    public let path: String
    /// Every version's name (the directory name without `.xcdatamodel`), in order.
    public let versionNames: [String]
    /// The current version's name.
    public let currentVersionName: String
    private let contentsFiles: [String: URL]
    private let legacyVersions: Set<String>

    /// Finds the model's versions and the current one.
    ///
    /// - Parameter url: An `.xcdatamodeld` directory, or a single `.xcdatamodel` one.
    /// - Throws: ``XcodeModelError`` when the path is not a model, when several versions
    ///   exist and none is current, or when the current one has no `contents` file
    ///   (an Xcode 3 binary model is refused with a message saying so).
    public init(at url: URL) throws(XcodeModelError) {
        let path = url.path
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw XcodeModelError(
                path: path, problem: .unreadable(reason: "No such file or directory"))
        }
        guard isDirectory.boolValue else {
            let name = url.deletingLastPathComponent().deletingPathExtension().lastPathComponent
            (versionNames, currentVersionName) = ([name], name)
            (contentsFiles, legacyVersions) = ([name: url], [])
            return
        }
        let versions: [URL] =
            url.pathExtension == "xcdatamodel" ? [url] : try Self.versionDirectories(in: url)
        var contents: [String: URL] = [:]
        var legacy: Set<String> = []
        for version in versions {
            let name = version.deletingPathExtension().lastPathComponent
            let file = version.appendingPathComponent("contents")
            if FileManager.default.fileExists(atPath: file.path) {
                contents[name] = file
            } else if FileManager.default.fileExists(
                atPath: version.appendingPathComponent("elements").path)
            {
                legacy.insert(name)
            }
        }
        let names = versions.map { $0.deletingPathExtension().lastPathComponent }.sorted {
            $0.compare($1, options: .numeric) == .orderedAscending
        }
        versionNames = names
        contentsFiles = contents
        legacyVersions = legacy
        currentVersionName = try Self.currentVersion(of: url, among: names)
        guard contents[currentVersionName] != nil || legacy.contains(currentVersionName) else {
            throw XcodeModelError(
                path: url.appendingPathComponent(".xccurrentversion").path,
                problem: .missingVersion(
                    name: currentVersionName, versions: names.filter { contents[$0] != nil }))
        }
    }

    /// Reads the version called `name`.
    ///
    /// - Parameter name: A name from ``versionNames``.
    /// - Throws: ``XcodeModelError`` for an unknown version, an Xcode 3 version, or any
    ///   problem in its `contents` file.
    public func loadVersion(named name: String) throws(XcodeModelError) -> XcodeModel {
        if legacyVersions.contains(name) {
            throw XcodeModelError(
                path: path + "/" + name + ".xcdatamodel", problem: .legacyBinaryFormat)
        }
        guard let file = contentsFiles[name] else {
            throw XcodeModelError(
                path: path,
                problem: .missingVersion(
                    name: name, versions: versionNames.filter { contentsFiles[$0] != nil }))
        }
        return try XcodeModel(contentsOf: file)
    }

    /// Reads the current version.
    ///
    /// - Throws: ``XcodeModelError``, as ``loadVersion(named:)``.
    public func loadCurrentVersion() throws(XcodeModelError) -> XcodeModel {
        try loadVersion(named: currentVersionName)
    }

    /// Every version's model, in ``versionNames`` order: the
    /// ``PersistentStoreDescription/sourceModels`` a store made with any version of the
    /// bundle migrates from.
    ///
    /// - Parameter transformers: The value transformers the models' transformable attributes name.
    /// - Throws: ``XcodeModelError`` for the first version that cannot be read or built.
    public func loadAllVersions(transformers: ValueTransformerRegistry = .standard)
        throws(XcodeModelError) -> [ManagedObjectModel]
    {
        var models: [ManagedObjectModel] = []
        for name in versionNames {
            models.append(try loadVersion(named: name).makeModel(transformers: transformers))
        }
        return models
    }

    private static func versionDirectories(in url: URL) throws(XcodeModelError) -> [URL] {
        let entries: [URL]
        do {
            entries = try FileManager.default.contentsOfDirectory(
                at: url, includingPropertiesForKeys: nil)
        } catch {
            throw XcodeModelError(
                path: url.path, problem: .unreadable(reason: XcodeModel.reason(error)))
        }
        let versions = entries.filter { $0.pathExtension == "xcdatamodel" }
        if versions.isEmpty {
            let hasElements = entries.contains { $0.lastPathComponent == "elements" }
            if entries.contains(where: { $0.lastPathComponent == "contents" }) {
                return [url]
            }
            throw XcodeModelError(
                path: url.path,
                problem: hasElements
                    ? .legacyBinaryFormat
                    : .notAModel(reason: "no .xcdatamodel version and no contents file inside"))
        }
        return versions
    }

    /// The version `.xccurrentversion` names, or the only version when it names none.
    private static func currentVersion(of url: URL, among names: [String])
        throws(XcodeModelError) -> String
    {
        let file = url.appendingPathComponent(".xccurrentversion")
        if let data = FileManager.default.contents(atPath: file.path) {
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
            guard let dictionary = plist as? [String: Any] else {
                throw XcodeModelError(
                    path: file.path,
                    problem: .syntax(
                        message: "not a property list with a _XCCurrentVersionName string"))
            }
            if let name = dictionary["_XCCurrentVersionName"] as? String, !name.isEmpty {
                return (name as NSString).deletingPathExtension
            }
        }
        guard names.count == 1 else {
            throw XcodeModelError(path: url.path, problem: .noCurrentVersion(versions: names))
        }
        return names[0]
    }
}
