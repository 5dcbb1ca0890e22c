import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Versions and `.xccurrentversion`: present, absent, empty, dangling; bare
/// `.xcdatamodel` directories and `contents` files; Xcode 3 binary models.
@Suite struct XcodeModelBundleTests {
    private static func version(_ entity: String) -> String {
        XcodeModelFixtures.contents("<entity name=\"\(entity)\"/>")
    }

    @Test("the current version is the one .xccurrentversion names; versions sort numerically")
    func currentVersion() throws {
        let directory = try TemporaryDirectory()
        let url = try XcodeModelFixtures.writeBundle(
            in: directory, name: "App",
            versions: [
                "App 10": Self.version("Ten"), "App 2": Self.version("Two"),
                "App": Self.version("One"),
            ],
            current: "App 2")
        let bundle = try XcodeModelBundle(at: url)
        #expect(bundle.versionNames == ["App", "App 2", "App 10"])
        #expect(bundle.currentVersionName == "App 2")
        #expect(try bundle.loadCurrentVersion().entities.map(\.name) == ["Two"])
        #expect(try bundle.loadVersion(named: "App 10").entities.map(\.name) == ["Ten"])
    }

    @Test("without .xccurrentversion, or with an empty one, the only version is current")
    func onlyVersion() throws {
        let directory = try TemporaryDirectory()
        let missing = try XcodeModelFixtures.writeBundle(
            in: directory, name: "Missing", versions: ["Missing": Self.version("A")])
        #expect(try XcodeModelBundle(at: missing).currentVersionName == "Missing")
        let empty = try XcodeModelFixtures.writeBundle(
            in: directory, name: "Empty", versions: ["Empty": Self.version("A")],
            currentFile: "<plist version=\"1.0\"><dict/></plist>")
        #expect(try XcodeModelBundle(at: empty).currentVersionName == "Empty")
    }

    @Test("several versions and none current is an error listing them")
    func noCurrentVersion() throws {
        let directory = try TemporaryDirectory()
        let url = try XcodeModelFixtures.writeBundle(
            in: directory, name: "App", versions: ["A": Self.version("A"), "B": Self.version("B")])
        let error = #expect(throws: XcodeModelError.self) { try XcodeModelBundle(at: url) }
        #expect(
            error?.description == url.path + ": no current version (.xccurrentversion is "
                + "missing or empty) among 2 versions (A, B); choose one in Xcode or name one "
                + "explicitly")
    }

    @Test("a current version without contents is an error naming the versions that have some")
    func danglingCurrentVersion() throws {
        let directory = try TemporaryDirectory()
        let url = try XcodeModelFixtures.writeBundle(
            in: directory, name: "App", versions: ["A": Self.version("A")], current: "Stub")
        let error = #expect(throws: XcodeModelError.self) { try XcodeModelBundle(at: url) }
        #expect(
            error?.description == url.path + "/.xccurrentversion: version \"Stub\" "
                + "has no contents file; versions with contents: A")
    }

    @Test("an Xcode 3 binary model is refused with a message saying how to convert it")
    func legacyBinary() throws {
        let directory = try TemporaryDirectory()
        let url = try XcodeModelFixtures.writeBundle(
            in: directory, name: "Old", versions: [:], current: "Old 2")
        let version = url.appendingPathComponent("Old 2.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data("bplist00".utf8).write(to: version.appendingPathComponent("elements"))
        let bundle = try XcodeModelBundle(at: url)
        let error = #expect(throws: XcodeModelError.self) { try bundle.loadCurrentVersion() }
        #expect(
            error?.description == version.path + ": an Xcode 3 model (binary 'elements' file, "
                + "no 'contents'); open and re-save it in Xcode 4 or later to convert it to XML")
    }

    @Test("one refused version does not keep the others from loading; its error names it")
    func oneBadVersion() throws {
        let directory = try TemporaryDirectory()
        let url = try XcodeModelFixtures.writeBundle(
            in: directory, name: "App",
            versions: [
                "App": Self.version("One"),
                "App 2": XcodeModelFixtures.contents(
                    "<entity name=\"Two\"><relationship name=\"x\" maxCount=\"1\" "
                        + "destinationEntity=\"Missing\"/></entity>"),
                "App 3": Self.version("Three"),
            ],
            current: "App 3")
        let versions = try XcodeModelBundle(at: url).loadAllVersions()
        #expect(versions.versions.map(\.name) == ["App", "App 3"])
        #expect(versions.models.map { $0.entities.map(\.name) } == [["One"], ["Three"]])
        #expect(versions.model(named: "App 3") != nil)
        #expect(versions.refused.count == 1)
        #expect(
            versions.refused.first?.description.hasPrefix(
                url.path + "/App 2.xcdatamodel/contents:") == true)
        #expect(versions.refused.first?.description.contains("\"Missing\"") == true)
    }

    @Test("a bare .xcdatamodel directory and a contents file load; stray files are ignored")
    func unversioned() throws {
        let directory = try TemporaryDirectory()
        let file = try XcodeModelFixtures.writeContents(Self.version("Solo"), in: directory)
        let folder = file.deletingLastPathComponent()
        try Data("<junk".utf8).write(to: folder.appendingPathComponent("contents.orig"))
        #expect(
            try XcodeModelBundle(at: folder).loadCurrentVersion().entities.map(\.name) == ["Solo"])
        let fromFile = try XcodeModelBundle(at: file)
        #expect(fromFile.versionNames == ["Model"])
        #expect(try fromFile.loadCurrentVersion().entities.map(\.name) == ["Solo"])
    }

    @Test("a path that is not a model says what to give instead")
    func notAModel() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: XcodeModelError.self) {
            try XcodeModelBundle(at: directory.url)
        }
        #expect(
            error?.description == directory.url.path + ": not an Xcode model: no .xcdatamodel "
                + "version and no contents file inside; give a .xcdatamodeld bundle, a "
                + ".xcdatamodel directory or its contents file")
        let missing = directory.url.appendingPathComponent("Nope.xcdatamodeld")
        let gone = #expect(throws: XcodeModelError.self) { try XcodeModelBundle(at: missing) }
        #expect(
            gone?.description == missing.path + ": cannot read the model: No such file or directory"
        )
    }
}
