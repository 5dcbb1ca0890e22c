import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Xcode mapping models (`.xcmappingmodel`): read, applied, refused. The fixture
/// (Tests/Fixtures/Faultline-XcodeMapping, written here in Xcode's format, as in
/// woocommerce/woocommerce-ios's and olvid-io/olvid-ios's files) maps `Shop` to
/// `Shop 2` with renames through `$source.<name>`, a constant, generated expressions, a
/// `destinationInstancesForEntityMappingNamed:` relationship, a removed and an added
/// entity. Expected contents follow Apple's `NSEntityMigrationPolicy` documentation:
/// each destination property gets its value expression's value, a property without one
/// keeps its default, and add and remove mappings make no objects.
@Suite("Xcode mapping models")
struct XcodeMappingModelTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Faultline-XcodeMapping")
    static let mappingURL = fixtures.appendingPathComponent("ShopV1toV2.xcmappingmodel")

    static func versions() throws -> XcodeModelVersions {
        let bundle = try XcodeModelBundle(
            at: fixtures.appendingPathComponent("Shop.xcdatamodeld"))
        let versions = bundle.loadAllVersions()
        #expect(versions.refused.isEmpty)
        return versions
    }

    @Test("xcmapping.xml is read: versions, entity mappings in order, expressions")
    func parses() throws {
        let mapping = try XcodeMappingModel(at: Self.mappingURL)
        #expect(mapping.name == "ShopV1toV2")
        #expect(mapping.sourceVersionName == "Shop")
        #expect(mapping.destinationVersionName == "Shop 2")
        #expect(mapping.modelName == "Shop")
        #expect(
            mapping.entityMappings.map(\.name) == [
                "TagToTag", "ProductToProduct", "VariationToVariation", "Legacy", "Review",
            ])
        let product = mapping.entityMappings[1]
        #expect(product.sourceEntity == "Product" && product.destinationEntity == "Product")
        #expect(product.mappingTypeName == "Undefined")
        #expect(product.migrationPolicyClassName == nil)
        #expect(product.generatesExpressions)
        let attributes = product.attributeMappings.map {
            "\($0.name)=\($0.valueExpression.map(\.description) ?? "-")"
        }
        #expect(attributes == ["isFeatured=0", "price=-", "title=$source.name"])
        let tags = try #require(product.relationshipMappings.first { $0.name == "tags" })
        #expect(
            tags.valueExpression?.description
                == "FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", "
                + "\"TagToTag\", $source.tags)")
        #expect(product.attributeMappings.last?.valueExpression?.sourceKeyPath == "name")
        #expect(mapping.entityMappings[3].destinationEntity == nil)
        #expect(mapping.entityMappings[4].sourceEntity == nil)
        let found = XcodeMappingModel.find(in: Self.fixtures)
        #expect(
            found.map(\.lastPathComponent) == [
                "ShopV1toV2.xcmappingmodel", "ShopExpressions.xcmappingmodel",
            ])
    }

    @Test("a file that is not a mapping model is refused with its path")
    func notAMappingModel() throws {
        let directory = try TemporaryDirectory()
        let file = URL(fileURLWithPath: directory.path("xcmapping.xml"))
        try Data("<database><object type=\"XDDEVENTITYMAPPING\" id=\"z1\"/></database>".utf8)
            .write(to: file)
        let error = #expect(throws: XcodeModelError.self) { try XcodeMappingModel(at: file) }
        #expect(error?.path == file.path)
        #expect("\(error!)".contains("no XDDEVMAPPINGMODEL"))
        try Data("<database><object".utf8).write(to: file)
        let syntax = #expect(throws: XcodeModelError.self) { try XcodeMappingModel(at: file) }
        #expect("\(syntax!)".contains("not well-formed XML"))
    }

    /// A `Shop` store: 2 products (one with 2 variations, one with 1), 2 tags, 1 legacy.
    static func seed(_ path: String, model: ManagedObjectModel) throws {
        let container = try MigrationFixture.open(path, model: model)
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let tags = ["new", "sale"].map { label in
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue(label, forKey: "label")
                return tag
            }
            for (number, name) in ["lamp", "desk"].enumerated() {
                let product = context.insertNewObject(forEntityName: "Product")
                product.setValue(name, forKey: "name")
                product.setValue(Int64(10 * (number + 1)), forKey: "price")
                product.setValue(Set(tags.prefix(number + 1)), forKey: "tags")
                for variation in 0..<(2 - number) {
                    let object = context.insertNewObject(forEntityName: "Variation")
                    object.setValue("\(name)-\(variation)", forKey: "sku")
                    object.setValue(Int64(variation + 3), forKey: "stock")
                    object.setValue(product, forKey: "product")
                }
            }
            let legacy = context.insertNewObject(forEntityName: "Legacy")
            legacy.setValue("old", forKey: "note")
            try context.save()
        }
    }

    @Test(
        "a shipped mapping model is applied: renamed, converted and constant values, relationships")
    func applies() throws {
        let versions = try Self.versions()
        let (v1, v2) = (
            try #require(versions.model(named: "Shop")),
            try #require(versions.model(named: "Shop 2"))
        )
        let directory = try TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.seed(path, model: v1)
        var skipped: [String] = []
        let container = try MigrationFixture.open(path, model: v2, sources: versions.models) {
            skipped = $0.addMappingModels(
                [try! XcodeMappingModel(at: Self.mappingURL)], versions: versions)
            #expect($0.mappingModels.count == 1 && $0.refusedMappingModels.isEmpty)
        }
        #expect(skipped.isEmpty)
        let report = try #require(container.migrationReports.first)
        #expect(
            report.tables.map(\.description) == [
                "Tag copied (TagToTag: 2 objects)", "Product copied (ProductToProduct: 2 objects)",
                "Variation copied (VariationToVariation: 3 objects)",
            ])
        #expect(
            try MigrationFixture.rows(
                path, "SELECT Z_PK, ZTITLE, ZPRICE, ZISFEATURED FROM ZPRODUCT ORDER BY Z_PK")
                == [["1", "lamp", "10.0", "0"], ["2", "desk", "20.0", "0"]])
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT v.ZCODE, v.ZSTOCK, p.ZTITLE FROM ZVARIATION v JOIN ZPRODUCT p "
                    + "ON p.Z_PK = v.ZPRODUCT ORDER BY v.ZCODE")
                == [["desk-0", "3", "desk"], ["lamp-0", "3", "lamp"], ["lamp-1", "4", "lamp"]])
        let join = try #require(
            try MigrationFixture.schemaNames(path, type: "table").first {
                $0.hasPrefix("Z_") && $0.hasSuffix("TAGS")
            })
        let columns = try MigrationFixture.columns(path, join).sorted()
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT p.ZTITLE, t.ZLABEL FROM \(identifier: join) j JOIN ZPRODUCT p ON p.Z_PK = "
                    + "j.\(identifier: columns[0]) JOIN ZTAG t ON t.Z_PK = j.\(identifier: columns[1]) "
                    + "ORDER BY 1, 2")
                == [["desk", "new"], ["desk", "sale"], ["lamp", "new"]])
        #expect(try MigrationFixture.rows(path, "SELECT count(*) FROM ZREVIEW") == [["0"]])
        #expect(!(try MigrationFixture.schemaNames(path, type: "table")).contains("ZLEGACY"))
        #expect(try MigrationFixture.rows(path, "PRAGMA integrity_check") == [["ok"]])
    }

    @Test("inference alone drops what the mapping model carries (why it must be honoured)")
    func inferenceDrops() throws {
        let versions = try Self.versions()
        let (v1, v2) = (
            try #require(versions.model(named: "Shop")),
            try #require(versions.model(named: "Shop 2"))
        )
        let directory = try TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.seed(path, model: v1)
        _ = try MigrationFixture.open(path, model: v2, sources: [v1])
        #expect(
            try MigrationFixture.rows(
                path, "SELECT ZTITLE, ZISFEATURED FROM ZPRODUCT ORDER BY Z_PK")
                == [["nil", "1"], ["nil", "1"]])
        #expect(
            try MigrationFixture.rows(path, "SELECT DISTINCT ZCODE FROM ZVARIATION") == [["nil"]])
    }

    /// The fixture with a custom policy on the variation mapping and a policy call in
    /// its `code` expression, written beside a copy of the bundle.
    static func withPolicy(in directory: TemporaryDirectory) throws -> URL {
        let xml = try String(
            contentsOf: mappingURL.appendingPathComponent("xcmapping.xml"), encoding: .utf8)
        let marker = "<attribute name=\"sourcename\" type=\"string\">Variation</attribute>"
        #expect(xml.contains(marker))
        let edited = xml.replacingOccurrences(
            of: marker,
            with: marker + "\n        <attribute name=\"migrationpolicyclassname\" type=\"string\">"
                + "VariationToVariationMigrationPolicyV1ToV2</attribute>")
        let folder = URL(fileURLWithPath: directory.path("ShopV1toV2.xcmappingmodel"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(edited.utf8).write(to: folder.appendingPathComponent("xcmapping.xml"))
        return folder
    }

    @Test("a custom migration policy is refused naming the file, mapping and class; no inference")
    func refusesPolicy() throws {
        let versions = try Self.versions()
        let (v1, v2) = (
            try #require(versions.model(named: "Shop")),
            try #require(versions.model(named: "Shop 2"))
        )
        let directory = try TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.seed(path, model: v1)
        let folder = try Self.withPolicy(in: directory)
        let xcode = try XcodeMappingModel(at: folder)
        #expect(
            xcode.entityMappings[2].migrationPolicyClassName
                == "VariationToVariationMigrationPolicyV1ToV2")
        let direct = #expect(throws: MigrationError.self) {
            _ = try xcode.mappingModel(from: v1, to: v2)
        }
        guard case .mappingModelNotApplicable(nil, folder.path, let problems)? = direct else {
            Issue.record("unexpected \(String(describing: direct))")
            return
        }
        #expect(problems.map(\.entityMapping) == ["VariationToVariation"])
        #expect(problems[0].policyClass == "VariationToVariationMigrationPolicyV1ToV2")
        let before = try MigrationFixture.rows(path, "SELECT * FROM ZVARIATION ORDER BY Z_PK")
        let error = #expect(throws: MigrationError.self) {
            _ = try MigrationFixture.open(path, model: v2, sources: versions.models) {
                $0.addMappingModels([xcode], versions: versions)
                #expect($0.mappingModels.isEmpty && $0.refusedMappingModels.count == 1)
            }
        }
        let message = "\(error!)"
        #expect(message.hasPrefix("cannot migrate store \(path): mapping model \(folder.path)"))
        #expect(message.contains("entity mapping VariationToVariation"))
        #expect(
            message.contains("custom migration policy VariationToVariationMigrationPolicyV1ToV2"))
        #expect(message.contains("not migrated by inference"))
        #expect(try MigrationFixture.rows(path, "SELECT * FROM ZVARIATION ORDER BY Z_PK") == before)
        #expect(try MigrationFixture.open(path, model: v1).migrationReports.isEmpty)
    }

    @Test("value expressions the engine cannot evaluate are each named")
    func refusesExpressions() throws {
        let versions = try Self.versions()
        let (v1, v2) = (
            try #require(versions.model(named: "Shop")),
            try #require(versions.model(named: "Shop 2"))
        )
        let url = Self.fixtures.appendingPathComponent("Unsupported/ShopExpressions.xcmappingmodel")
        let xcode = try XcodeMappingModel(at: url)
        let error = #expect(throws: MigrationError.self) {
            _ = try xcode.mappingModel(from: v1, to: v2)
        }
        guard case .mappingModelNotApplicable(_, _, let problems)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        // `code = $source.product.name` runs (a key path through a to-one); the policy
        // call does not.
        #expect(
            problems.map(\.description) == [
                "entity mapping ProductToProduct, property title: its value expression "
                    + "FUNCTION($entityPolicy, \"titleFor:\", $source.name) calls titleFor: on the "
                    + "entity mapping's migration policy, code the engine cannot run; compute the "
                    + "value in an EntityMapping closure instead"
            ])
    }

    @Test("an archive that is not an NSExpression names the property and the file")
    func unreadableExpression() throws {
        let xml = try String(
            contentsOf: Self.mappingURL.appendingPathComponent("xcmapping.xml"), encoding: .utf8)
        let directory = try TemporaryDirectory()
        let folder = URL(fileURLWithPath: directory.path("Bad.xcmappingmodel"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let object = try #require(
            xml.range(of: "<object type=\"XDDEVATTRIBUTEMAPPING\" id=\"z109\">"))
        let end = try #require(xml.range(of: "</object>", range: object.upperBound..<xml.endIndex))
        var edited = xml
        edited.replaceSubrange(
            object.lowerBound..<end.upperBound,
            with: "<object type=\"XDDEVATTRIBUTEMAPPING\" id=\"z109\">\n"
                + "        <attribute name=\"valueexpressiondata\" type=\"binary\">bm90IGFuIGFyY2hpdmU=</attribute>\n"
                + "        <attribute name=\"name\" type=\"string\">code</attribute>\n    </object>"
        )
        try Data(edited.utf8).write(to: folder.appendingPathComponent("xcmapping.xml"))
        let error = #expect(throws: XcodeModelError.self) { try XcodeMappingModel(at: folder) }
        #expect(error?.path == folder.appendingPathComponent("xcmapping.xml").path)
        #expect("\(error!)".contains("code: valueexpressiondata is not an archived NSExpression"))
    }
}

/// Real apps' mapping models, run outside the repository:
/// `FAULTLINE_MAPPING_MODELS=<dir> swift test --filter XcodeMappingModelLocalTests`
/// tries every `.xcmappingmodel` under `<dir>` against the `.xcdatamodeld` under `<dir>`
/// it names, and prints one line each (docs/MIGRATION.md lists a run).
@Suite struct XcodeMappingModelLocalTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FAULTLINE_MAPPING_MODELS"] != nil))
    func localMappingModels() throws {
        let directory = URL(
            fileURLWithPath: try #require(
                ProcessInfo.processInfo.environment["FAULTLINE_MAPPING_MODELS"]))
        let dataset = ChainDataset(rowsPerEntity: 60, seed: 28)
        let bundles =
            FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".xcdatamodeld") }.sorted() ?? []
        for path in bundles {
            let url = directory.appendingPathComponent(path)
            let bundle: XcodeModelBundle
            do { bundle = try XcodeModelBundle(at: url) } catch {
                print("bundle not read: \(error)")
                continue
            }
            let name = url.deletingPathExtension().lastPathComponent
            for url in XcodeMappingModel.find(in: directory) {
                let line: String
                do {
                    let mapping = try XcodeMappingModel(at: url)
                    guard mapping.modelName == name else { continue }
                    let (from, to) = (
                        mapping.sourceVersionName ?? "?", mapping.destinationVersionName ?? "?"
                    )
                    do {
                        let source = try Self.model(bundle, from)
                        let destination = try Self.model(bundle, to)
                        line =
                            "\(from) -> \(to): "
                            + MappingModelRun(
                                mapping: mapping, source: source, destination: destination
                            )
                            .run(dataset: dataset)
                    } catch {
                        line = "\(from) -> \(to): versions not loaded: \(error)"
                    }
                } catch {
                    line = "not read: \(error)"
                }
                print("mapping model \(url.lastPathComponent): \(line)")
            }
        }
    }

    /// The version, an app transformer standing in as the stored bytes (the dataset
    /// leaves such attributes nil).
    static func model(_ bundle: XcodeModelBundle, _ name: String) throws -> ManagedObjectModel {
        let version = try bundle.loadVersion(named: name)
        var registry = ValueTransformerRegistry.standard
        for entity in version.entities {
            for attribute in entity.attributes {
                guard case .transformable(let transformer?, _) = attribute.valueKind,
                    registry.transformer(named: transformer) == nil
                else { continue }
                registry.register(BytesTransformer(), named: transformer)
            }
        }
        return try version.makeModel(transformers: registry)
    }

    struct BytesTransformer: AttributeTransformer {
        func data(from value: Any) throws(TransformError) -> Data {
            guard let data = value as? Data else {
                throw TransformError(transformer: "bytes", reason: "not Data")
            }
            return data
        }

        func value(from data: Data) throws(TransformError) -> Any { data }
    }
}

/// Damaged expression archives: every truncation and seeded byte change of a real
/// `$source.name` archive is read or refused with an error naming the property, never
/// a trap (the binary plist reader checks every offset).
@Suite struct XcodeMappingArchiveRobustnessTests {
    @Test("truncated and corrupted archives are refused, not trapped on")
    func damagedArchives() throws {
        let url = XcodeMappingModelTests.mappingURL.appendingPathComponent("xcmapping.xml")
        let xml = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(
            xml.range(of: "<attribute name=\"valueexpressiondata\" type=\"binary\">"))
        let end = try #require(
            xml.range(of: "</attribute>", range: start.upperBound..<xml.endIndex))
        let encoded = String(xml[start.upperBound..<end.lowerBound])
        let bytes = [UInt8](
            try #require(Data(base64Encoded: encoded, options: .ignoreUnknownCharacters)))
        var variants: [[UInt8]] = stride(from: 0, to: bytes.count, by: 7).map {
            Array(bytes[..<$0])
        }
        var state: UInt64 = 28
        for _ in 0..<150 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var damaged = bytes
            damaged[Int(state >> 33) % bytes.count] = UInt8(truncatingIfNeeded: state >> 17)
            variants.append(damaged)
        }
        let directory = try TemporaryDirectory()
        let folder = URL(fileURLWithPath: directory.path("Damaged.xcmappingmodel"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var (read, refused) = (0, 0)
        for variant in variants {
            var edited = xml
            edited.replaceSubrange(
                start.upperBound..<end.lowerBound, with: Data(variant).base64EncodedString())
            try Data(edited.utf8).write(to: folder.appendingPathComponent("xcmapping.xml"))
            do {
                _ = try XcodeMappingModel(at: folder)
                read += 1
            } catch {
                #expect(
                    "\(error)".contains(
                        "title: valueexpressiondata is not an archived NSExpression"))
                refused += 1
            }
        }
        #expect(read + refused == variants.count)
        #expect(refused > 0)
    }
}
