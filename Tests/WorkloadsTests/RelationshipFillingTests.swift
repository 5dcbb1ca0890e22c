import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing
import Workloads

/// The generator fills every relationship as the model declares it, with both
/// writers: a tree's parents, both sides of a one-to-one whose second entity comes
/// later, to-ones of an entity ordered before a relationship cycle, required to-ones
/// and a to-many's minimum and maximum counts (issue 28, item 9).
@Suite struct RelationshipFillingTests {
    static let model = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Account",
            attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "profile", destination: "Profile", inverse: "account"),
                RelationshipDescription(
                    name: "home", destination: "Folder", inverse: "owners", isOptional: false),
            ]),
        EntityDescription(
            name: "Folder",
            attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(name: "parent", destination: "Folder", inverse: "children"),
                RelationshipDescription(
                    name: "children", destination: "Folder", inverse: "parent", isToMany: true),
                RelationshipDescription(
                    name: "owners", destination: "Account", inverse: "home", isToMany: true),
                {
                    var tags = RelationshipDescription(
                        name: "tags", destination: "Tag", inverse: "folders", isToMany: true)
                    (tags.minCount, tags.maxCount) = (1, 2)
                    return tags
                }(),
            ]),
        EntityDescription(
            name: "Profile",
            relationships: [
                RelationshipDescription(name: "account", destination: "Account", inverse: "profile")
            ]),
        EntityDescription(
            name: "Tag",
            relationships: [
                RelationshipDescription(
                    name: "folders", destination: "Folder", inverse: "tags", isToMany: true)
            ]),
    ])
    static let schema = DatasetSchema(name: "filling", model: model)

    private static func count(_ path: String, _ sql: String) throws -> Int64 {
        let connection = try Connection(location: .file(path))
        return try connection.fetchOne(SQL(text: sql)) { $0.int64(at: 0) } ?? -1
    }

    @Test("every relationship is filled as declared", arguments: DatasetWriterKind.allCases)
    func filled(_ writer: DatasetWriterKind) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let generator = try DatasetGenerator(schema: Self.schema, size: 200, seed: 7)
        _ = try GenerationReport.generate(generator, at: path, writer: writer)
        // A tree: all but the roots (row 0 and 5% of the rest) have a parent, always
        // an earlier row, so no parent chain loops.
        let parented = try Self.count(
            path, "SELECT count(*) FROM ZFOLDER WHERE ZPARENT IS NOT NULL")
        #expect(parented > 150 && parented < 200)
        #expect(try Self.count(path, "SELECT count(*) FROM ZFOLDER WHERE ZPARENT >= Z_PK") == 0)
        // A one-to-one whose second side is written later: both sides set, each
        // pointing at the other.
        #expect(try Self.count(path, "SELECT count(*) FROM ZACCOUNT WHERE ZPROFILE IS NULL") == 0)
        #expect(
            try Self.count(
                path,
                "SELECT count(*) FROM ZACCOUNT a JOIN ZPROFILE p ON p.Z_PK = a.ZPROFILE "
                    + "WHERE p.ZACCOUNT = a.Z_PK") == 200)
        // A required to-one is set in every row.
        #expect(try Self.count(path, "SELECT count(*) FROM ZACCOUNT WHERE ZHOME IS NULL") == 0)
        // Folder.tags is 1 to 2 members in every row.
        #expect(
            try Self.count(
                path,
                "SELECT count(*) FROM ZFOLDER f WHERE (SELECT count(*) FROM Z_2TAGS j "
                    + "WHERE j.Z_2FOLDERS = f.Z_PK) NOT BETWEEN 1 AND 2") == 0)
    }

    @Test("a store that contradicts its model fails loudly, naming the relationship")
    func contradictionFails() throws {
        var plans: [String: DatasetSchema.EntityPlan] = [:]
        plans["Account"] = DatasetSchema.EntityPlan(
            count: .ratio(1, 1), links: ["home": .toOne(skew: nil, percentNil: 50)])
        let schema = DatasetSchema(name: "broken", model: Self.model, plans: plans)
        let directory = try TemporaryDirectory()
        let generator = try DatasetGenerator(schema: schema, size: 50, seed: 7)
        let error = #expect(throws: DatasetError.self) {
            try GenerationReport.generate(
                generator, at: directory.path("store.sqlite"), writer: .raw)
        }
        #expect(
            "\(error!)".contains(
                "contradicts its model: Account.home: ")
                && "\(error!)".contains("but it is required"))
    }
}
