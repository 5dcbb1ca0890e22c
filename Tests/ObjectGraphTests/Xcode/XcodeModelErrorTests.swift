import Foundation
import ObjectGraph
import TestSupport
import Testing

@Suite struct XcodeModelErrorTests {
    struct BrokenModel: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        /// The message after `<path>:`.
        let expected: String
        var testDescription: String { name }
    }

    private static let user = """
        <entity name="User">
            <attribute name="name" attributeType="String"/>
        </entity>
        """

    static let brokenModels: [BrokenModel] = [
        BrokenModel(
            name: "not well-formed",
            body:
                "<entity name=\"User\">\n    <attribute name=\"a\" attributeType=\"String\">\n</entity>",
            expected: "5:10: not well-formed XML: a closing tag does not match its opening "
                + "tag; fix the file or re-save it in Xcode"),
        BrokenModel(
            name: "truncated",
            body: "<entity name=\"User\">\n    <attribute name=\"a\" attributeType=\"Str",
            expected: "5:1: not well-formed XML: '<' inside an attribute value; fix the file "
                + "or re-save it in Xcode"),
        BrokenModel(
            name: "relationship to a missing entity",
            body: user + """

                <entity name="Post">
                    <relationship name="author" maxCount="1" deletionRule="Nullify" destinationEntity="Usr"/>
                </entity>
                """,
            expected: "7:5: relationship \"author\" of entity \"Post\": destination \"Usr\" is not "
                + "an entity of the model"),
        BrokenModel(
            name: "inverse that does not point back",
            body: """
                <entity name="Post">
                    <relationship name="author" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="posts" inverseEntity="User"/>
                    <relationship name="editor" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="posts" inverseEntity="User"/>
                </entity>
                <entity name="User">
                    <relationship name="posts" toMany="YES" deletionRule="Nullify" destinationEntity="Post" inverseName="author" inverseEntity="Post"/>
                </entity>
                """,
            expected: "5:5: relationship \"editor\" of entity \"Post\": inverse \"posts\" names "
                + "\"author\" as its inverse"),
        BrokenModel(
            name: "duplicate entity name",
            body: user + "\n" + user,
            expected: "6:1: model: entity \"User\" is declared more than once"),
        BrokenModel(
            name: "composite attribute",
            body: """
                <entity name="Shop">
                    <attribute name="address" optional="YES" attributeType="Composite" composite="Adress"/>
                </entity>
                <composite name="Address">
                    <attribute name="city" optional="YES" attributeType="String"/>
                </composite>
                """,
            expected: "4:5: attribute \"address\" of \"Shop\": composite \"Adress\" is not "
                + "declared (expected a <composite name=\"Adress\"> in the model)"),
        BrokenModel(
            name: "transformable attribute",
            body: """
                <entity name="Shop">
                    <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="ColorTransformer" customClassName="Color"/>
                </entity>
                """,
            expected: "4:5: attribute \"tags\" of entity \"Shop\": its value transformer "
                + "ColorTransformer is not registered: register one (a CodableTransformer for a "
                + "Codable type) in the ValueTransformerRegistry the model is built with; make it "
                + "transient or change its type to load this model"),
        BrokenModel(
            name: "unknown attribute type",
            body:
                "<entity name=\"Shop\">\n    <attribute name=\"a\" attributeType=\"Text\"/>\n</entity>",
            expected: "4:5: attribute \"a\" of \"Shop\": attributeType \"Text\" is not a Core Data "
                + "type (expected one of Binary, Boolean, Date, Decimal, Double, Float, Integer 16, "
                + "Integer 32, Integer 64, String, URI, UUID, Composite, ObjectID, Transformable)"),
        BrokenModel(
            name: "Undefined attribute that is stored",
            body: "<entity name=\"Shop\">\n    <attribute name=\"a\" optional=\"YES\"/>\n</entity>",
            expected: "4:5: attribute \"a\" of \"Shop\" has no attributeType (Undefined), which "
                + "only a transient attribute may have; give it a type"),
        BrokenModel(
            name: "default of the wrong type",
            body:
                "<entity name=\"Shop\">\n    <attribute name=\"a\" attributeType=\"Integer 16\" defaultValueString=\"40000\"/>\n</entity>",
            expected: "4:5: attribute \"a\": defaultValueString \"40000\" is not a value of type "
                + "Integer 16"),
        BrokenModel(
            name: "inverseEntity other than the destination",
            body: user + """

                <entity name="Post">
                    <relationship name="author" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="posts" inverseEntity="Post"/>
                </entity>
                """,
            expected: "7:5: relationship \"author\" of \"Post\": inverseEntity \"Post\" is not its "
                + "destinationEntity \"User\"; the inverse must be declared on the destination"),
        BrokenModel(
            name: "unknown delete rule",
            body: user + """

                <entity name="Post">
                    <relationship name="author" maxCount="1" deletionRule="Destroy" destinationEntity="User"/>
                </entity>
                """,
            expected:
                "7:5: relationship \"author\" of \"Post\": deletionRule \"Destroy\" is not one "
                + "of Nullify, Cascade, Deny, No Action"),
        BrokenModel(
            name: "composite that is not declared",
            body:
                "<entity name=\"Shop\">\n    <attribute name=\"a\" attributeType=\"Composite\" composite=\"Missing\"/>\n</entity>",
            expected: "4:5: attribute \"a\" of \"Shop\": composite \"Missing\" is not declared "
                + "(expected a <composite name=\"Missing\"> in the model)"),
        BrokenModel(
            name: "configuration member that is not an entity",
            body: user
                + "\n<configuration name=\"Cloud\"><memberEntity name=\"Nope\"/></configuration>",
            expected: "6:29: configuration \"Cloud\": member \"Nope\" is not an entity of the model"
        ),
        BrokenModel(
            name: "fetch request template on an unknown entity",
            body: user + "\n<fetchRequest name=\"all\" entity=\"Nope\"/>",
            expected: "6:1: fetch request \"all\": entity \"Nope\" is not an entity of the model"),
        BrokenModel(
            name: "entity without a name",
            body: "<entity representedClassName=\"X\"/>",
            expected: "3:1: <entity> has no name= attribute; every <entity> needs one"),
    ]

    @Test("each broken model names file, line and column", arguments: brokenModels)
    func brokenModel(_ broken: BrokenModel) throws {
        let directory = try TemporaryDirectory()
        let file = try XcodeModelFixtures.writeContents(
            XcodeModelFixtures.contents(broken.body), in: directory)
        let error = #expect(throws: XcodeModelError.self) {
            try XcodeModelBundle(at: file).loadCurrentVersion().makeModel()
        }
        #expect(error?.description == file.path + ":" + broken.expected)
    }

    @Test("a model that is not a Core Data model is refused at its root")
    func wrongRoot() throws {
        let directory = try TemporaryDirectory()
        let file = try XcodeModelFixtures.writeContents(
            "<model type=\"com.example.Other\"/>", in: directory)
        let error = #expect(throws: XcodeModelError.self) { try XcodeModel(contentsOf: file) }
        #expect(
            error?.description == file.path + ":1:1: <model type=\"com.example.Other\"> is not "
                + "a Core Data model (expected com.apple.IDECoreDataModeler.DataModel)")
    }

    @Test("documentVersion other than 1.0 is read with a warning")
    func documentVersionWarning() throws {
        let directory = try TemporaryDirectory()
        let text = XcodeModelFixtures.contents(Self.user).replacingOccurrences(
            of: "documentVersion=\"1.0\"", with: "documentVersion=\"2.0\"")
        let model = try XcodeModel(
            contentsOf: try XcodeModelFixtures.writeContents(text, in: directory))
        #expect(model.warnings == ["documentVersion \"2.0\" is not 1.0; read as 1.0"])
    }
}
