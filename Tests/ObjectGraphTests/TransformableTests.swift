import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Transformable attributes: values stored through the value transformer the model
/// names, found in a ``ValueTransformerRegistry``; Core Data's archiving transformers
/// work for Foundation's value classes and refuse other archives with a clear error.
@Suite struct TransformableTests {
    /// A palette, the kind of value an app registers a Codable transformer for.
    struct Palette: Codable, Equatable, Sendable {
        var name: String
        var colors: [Int]
    }

    static func model(transformers: ValueTransformerRegistry = registry) -> ManagedObjectModel {
        var palette = AttributeDescription(name: "palette", type: .binary)
        palette.valueKind = .transformable(
            transformerName: "PaletteTransformer", customClassName: "Palette")
        var tags = AttributeDescription(name: "tags", type: .binary)
        tags.valueKind = .transformable(
            transformerName: "NSSecureUnarchiveFromData", customClassName: "[String]")
        return ManagedObjectModel(
            entities: [
                EntityDescription(
                    name: "Note",
                    attributes: [AttributeDescription(name: "title", type: .string), palette, tags])
            ], transformers: transformers)
    }

    static var registry: ValueTransformerRegistry {
        var registry = ValueTransformerRegistry.standard
        registry.register(CodableTransformer<Palette>(), named: "PaletteTransformer")
        return registry
    }

    /// A container over a SQLite file in `directory`, and a raw connection to it.
    static func store(_ directory: TemporaryDirectory) throws -> (PersistentContainer, Connection) {
        let container = PersistentContainer(name: "Notes", model: model())
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: directory.url.appendingPathComponent("notes.sqlite"))
        ]
        container.sqlDebugLog = nil
        try container.loadPersistentStores()
        return (container, try Connection(location: .file(directory.path("notes.sqlite"))))
    }

    @Test("values round-trip through their transformers, stored as the transformer's bytes")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let (container, connection) = try Self.store(directory)
        let context = container.newBackgroundContext()
        let palette = Palette(name: "sea", colors: [0x0066cc, 0x99ccff])
        try context.performAndWait {
            let note = context.insertNewObject(forEntityName: "Note")
            note.setValue("n", forKey: "title")
            note.setValue(palette, forKey: "palette")
            note.setValue(["a", "b"], forKey: "tags")
            try context.save()
            context.reset()
            let fetched = try #require(try context.fetch(FetchRequest(entityName: "Note")).first)
            #expect(fetched.value(forKey: "palette") as? Palette == palette)
            #expect(fetched.value(forKey: "tags") as? [String] == ["a", "b"])
            let request = FetchRequest<ManagedObject>(entityName: "Note")
            request.resultType = .dictionary
            request.propertiesToFetch = ["palette", "tags"]
            let row = try #require(try context.fetchDictionaries(request).first)
            #expect(row["palette"] as? Palette == palette)
            #expect(row["tags"] as? [String] == ["a", "b"])
        }
        let stored = try connection.fetchOne("SELECT ZPALETTE, ZTAGS FROM ZNOTE") {
            [$0.data(at: 0), $0.data(at: 1)]
        }
        #expect(
            stored.map { String(decoding: $0[0], as: UTF8.self) }
                == #"{"colors":[26316,10079487],"name":"sea"}"#)
        let archived = try #require(stored?[1])
        let tags = try NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [NSArray.self, NSString.self], from: archived)
        #expect(tags as? [String] == ["a", "b"])
    }

    @Test("a value of the wrong type, and bytes the transformer cannot read, are clear errors")
    func errors() throws {
        let directory = try TemporaryDirectory()
        let (container, connection) = try Self.store(directory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let note = context.insertNewObject(forEntityName: "Note")
            let wrongType = #expect(throws: KeyValueError.self) {
                try note.setCheckedValue("red", forKey: "palette")
            }
            #expect(
                wrongType?.description
                    == "Note.palette: value transformer CodableTransformer<Palette>: expected a "
                    + "value of type Palette, got String")
            try context.save()
        }
        _ = try connection.execute("UPDATE ZNOTE SET ZPALETTE = x'00ff', ZTAGS = x'00ff'")
        try context.performAndWait {
            context.reset()
            let note = try #require(try context.fetch(FetchRequest(entityName: "Note")).first)
            let bad = #expect(throws: KeyValueError.self) {
                try note.checkedValue(forKey: "palette")
            }
            #expect(
                bad?.description.hasPrefix(
                    "Note.palette: value transformer CodableTransformer<Palette>: the stored 2 bytes are not the JSON of a Palette"
                ) == true)
            let archive = #expect(throws: KeyValueError.self) {
                try note.checkedValue(forKey: "tags")
            }
            #expect(archive?.description.contains("cannot be unarchived on Linux") == true)
            // The unchecked read answers nil, as Core Data's NSSecureUnarchiveFromData
            // transformer does for an archive it cannot decode ("returns nil … if the
            // data cannot be unarchived": developer.apple.com/documentation/foundation/
            // nssecureunarchivefromdatatransformer), instead of stopping the program.
            #expect(note.value(forKey: "tags") == nil)
            #expect(note.value(forKey: "palette") == nil)
        }
    }

    @Test("an archive of a class Linux does not have is refused, naming the class")
    func foreignArchive() throws {
        let transformer = try #require(
            ValueTransformerRegistry.standard.transformer(named: "NSSecureUnarchiveFromData"))
        #expect(throws: TransformError.self) {
            try transformer.value(from: Data("garbage".utf8))
        }
        let error = try #require(throws: TransformError.self) {
            try transformer.value(from: Self.archive(className: "UIColor"))
        }
        #expect(error.transformer == "NSSecureUnarchiveFromData")
        #expect(error.reason.contains("it holds UIColor"))
        #expect(error.reason.contains("cannot be unarchived on Linux"))
    }

    @Test("a transformer name that is not registered is a model error naming it")
    func unregistered() {
        #expect(
            Self.model(transformers: .standard).validationErrors == [
                .unsupportedAttribute(
                    entity: "Note", attribute: "palette",
                    reason: "its value transformer PaletteTransformer is not registered: register "
                        + "one (a CodableTransformer for a Codable type) in the "
                        + "ValueTransformerRegistry the model is built with")
            ])
        for name in [
            nil, "", "NSKeyedUnarchiveFromData", "NSSecureUnarchiveFromDataTransformer",
            "ExtendedSecureUnarchiveFromData", "WMFSecureUnarchiveFromDataTransformer",
        ] {
            #expect(ValueTransformerRegistry.standard.transformer(named: name) != nil)
        }
        #expect(ValueTransformerRegistry.standard.transformer(named: "ColorTransformer") == nil)
    }

    /// A keyed archive whose root object claims class `className`, as Core Data on iOS
    /// writes a `UIColor`.
    static func archive(className: String) throws -> Data {
        let plist: [String: Any] = [
            "$version": 100_000, "$archiver": "NSKeyedArchiver",
            "$top": ["root": ["CF$UID": 1]],
            "$objects": [
                "$null", ["$class": ["CF$UID": 2], "UIRed": 1.0],
                ["$classname": className, "$classes": [className, "NSObject"]],
            ],
        ]
        return try PropertyListSerialization.data(
            fromPropertyList: plist, format: .binary, options: 0)
    }
}
