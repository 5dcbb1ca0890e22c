import Foundation
import ObjectGraph
import TestSupport
import Testing

@Suite struct XcodeModelLoaderTests {
    private func loadBlog() throws -> XcodeModel {
        let directory = try TemporaryDirectory()
        let bundle = try XcodeModelFixtures.writeBundle(
            in: directory, name: "Blog", versions: ["Blog": XcodeModelFixtures.blog],
            current: "Blog")
        return try XcodeModelBundle(at: bundle).loadCurrentVersion()
    }

    private func entity(_ name: String, in model: XcodeModel) throws -> EntityDescription {
        try #require(model.entities.first { $0.name == name })
    }

    @Test("reads the root: document version, version identifier, no warnings")
    func root() throws {
        let model = try loadBlog()
        #expect(model.documentVersion == "1.0")
        #expect(model.lastSavedToolsVersion == "23788")
        #expect(model.versionIdentifier == "7")
        #expect(model.warnings.isEmpty)
        #expect(model.entities.map(\.name) == ["Account", "BasePost", "Page", "Post"])
    }

    @Test("unknown keys are kept for reporting, never fatal")
    func unknownKeys() throws {
        #expect(try loadBlog().unrecognized == ["attribute@futureFlag"])
    }

    @Test("entity inheritance, abstract entities, class names, modifiers, renames")
    func entities() throws {
        let model = try loadBlog()
        let account = try entity("Account", in: model)
        #expect(account.representedClassName == ".ManagedAccount")
        #expect(account.versionHashModifier == "2")
        #expect(account.renamingIdentifier == "OldAccount")
        #expect(account.userInfo.isEmpty)
        let base = try entity("BasePost", in: model)
        #expect(base.isAbstract && base.parent == nil)
        #expect(try entity("Post", in: model).parent == "BasePost")
        let page = try entity("Page", in: model)
        #expect(page.parent == "Post" && page.attributes.isEmpty && !page.isAbstract)
        #expect(page.representedClassName == "WordPress.Page")
    }

    @Test("every plain attribute type with its default, parsed leniently")
    func attributeTypesAndDefaults() throws {
        let account = try entity("Account", in: try loadBlog())
        func attribute(_ name: String) throws -> AttributeDescription {
            try #require(account.attributes.first { $0.name == name })
        }
        #expect(try attribute("age").type == .integer16)
        #expect(try attribute("age").defaultValue as? Int == 0)
        #expect(try attribute("age").minimumValue == 0)
        #expect(try attribute("age").maximumValue == 150)
        #expect(try attribute("age").isOptional == false)
        #expect(try attribute("balance").defaultValue as? Decimal == 0)
        #expect(try attribute("bio").defaultValue as? String == "")
        #expect(try attribute("flags").defaultValue as? Int == 0)
        #expect(try attribute("homepage").type == .uri)
        #expect(try attribute("id").type == .uuid)
        #expect(try attribute("id").preservesValueInHistoryOnDeletion)
        #expect(try attribute("isAdmin").defaultValue as? Bool == true)
        #expect(
            try attribute("joined").defaultValue as? Date
                == Date(timeIntervalSinceReferenceDate: 631_123_200))
        #expect(try attribute("karma").isIndexed)
        #expect(try attribute("karma").defaultValue as? Int == -1)
        #expect(try attribute("photo").allowsExternalBinaryDataStorage)
        #expect(try attribute("rating").type == .float)
        #expect(try attribute("score").defaultValue as? Double == 1.5)
        #expect(try attribute("username").renamingIdentifier == "login")
        #expect(try attribute("username").isIndexedBySpotlight)
        #expect(try attribute("username").userInfo == ["sync.remoteKey": "user_\"name\""])
    }

    @Test("a transient attribute without a type is Undefined and gets no column")
    func transientUndefined() throws {
        let model = try loadBlog()
        let token = try #require(
            try entity("Account", in: model).attributes.first { $0.name == "sessionToken" })
        #expect(token.isTransient && token.valueKind == .undefined)
        let engine = try model.makeModel()
        let stored = try #require(engine.entities.first { $0.name == "Account" })
        #expect(stored.attributes.contains { $0.name == "sessionToken" })
        #expect(!engine.entityVersionHashes.isEmpty)
    }

    @Test("relationships: delete rules, ordered, counts, self many-to-many, no inverse")
    func relationships() throws {
        let model = try loadBlog()
        let account = try entity("Account", in: model)
        let followers = try #require(account.relationships.first { $0.name == "followers" })
        let following = try #require(account.relationships.first { $0.name == "following" })
        let posts = try #require(account.relationships.first { $0.name == "posts" })
        #expect(followers.isToMany && followers.destination == "Account")
        #expect(following.isOrdered && following.deleteRule == .noAction)
        #expect(posts.deleteRule == .deny && posts.minCount == 1 && posts.maxCount == 50)
        #expect(!posts.isOptional)
        let base = try entity("BasePost", in: model)
        let author = try #require(base.relationships.first { $0.name == "author" })
        #expect(!author.isToMany && author.maxCount == 1 && author.inverse == "posts")
        #expect(try #require(base.relationships.first { $0.name == "parent" }).isIndexed)
        let replies = try #require(base.relationships.first { $0.name == "replies" })
        #expect(replies.deleteRule == .cascade)
        let cache = try #require(try entity("Post", in: model).relationships.first)
        #expect(cache.inverse == nil && cache.destination == "Account")
    }

    @Test("fetch indexes, legacy compound indexes and uniqueness constraints")
    func indexes() throws {
        let model = try loadBlog()
        let account = try entity("Account", in: model)
        #expect(account.indexes.map(\.name) == ["compound_username_age"])
        #expect(account.indexes[0].elements.map(\.property) == ["username", "age"])
        #expect(account.uniquenessConstraints == [["username"], ["id", "age"]])
        let index = try #require(try entity("BasePost", in: model).indexes.first)
        #expect(index.name == "byTitleIndex")
        #expect(index.elements.map(\.property) == ["title", "replies"])
        #expect(index.elements.map(\.ascending) == [false, true])
    }

    @Test("a fetch index over a to-many keeps only the columns the entity holds")
    func toManyIndexElement() throws {
        let sql = try XcodeModelFixtures.schemaSQL(
            of: try loadBlog().makeModel(), named: "Z_BasePost_byTitleIndex")
        #expect(
            sql == [
                "CREATE INDEX Z_BasePost_byTitleIndex ON ZBASEPOST (ZTITLE COLLATE BINARY DESC)"
            ])
    }

    @Test("templates with $VARIABLEs, fetched properties, configurations")
    func modelLevelElements() throws {
        let model = try loadBlog()
        let template = try #require(model.fetchRequestTemplates.first)
        #expect(template.name == "byAuthorName" && template.entity == "BasePost")
        #expect(template.variableNames == ["NAME", "PREFIX"])
        #expect(template.options == ["fetchLimit": "10"])
        let fetched = try #require(try entity("BasePost", in: model).fetchedProperties.first)
        #expect(fetched.fetchRequest.predicateFormat == "title != nil")
        #expect(
            model.configurations == [
                EntityConfiguration(name: "Cloud", entities: ["Account"], isUsedWithCloudKit: true)
            ])
    }

    @Test("the loaded model resolves: one table per hierarchy, Core Data's numbering")
    func resolves() throws {
        let tables = try XcodeModelFixtures.schemaSQL(of: try loadBlog().makeModel(), named: "Z%")
            .filter { $0.hasPrefix("CREATE TABLE") }.map { $0.prefix { $0 != "(" } }
        #expect(
            tables == [
                "CREATE TABLE ZACCOUNT ", "CREATE TABLE ZBASEPOST ", "CREATE TABLE Z_1FOLLOWERS ",
                "CREATE TABLE Z_METADATA ", "CREATE TABLE Z_MODELCACHE ",
                "CREATE TABLE Z_PRIMARYKEY ",
            ])
    }

    static let deferredShapes = XcodeModelFixtures.contents(
        """
        <entity name="Book">
            <attribute name="pagesCount" optional="YES" attributeType="Integer 64" derived="YES" \
        derivationExpression="pages.@count" usesScalarValueType="YES"/>
            <attribute name="place" optional="YES" attributeType="Composite" composite="Place"/>
            <attribute name="tags" optional="YES" attributeType="Transformable" \
        valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
            <fetchIndex name="byExpression">
                <fetchIndexElement expression="1" expressionType="String" type="Binary" order="ascending"/>
            </fetchIndex>
            <fetchIndex name="byBox">
                <fetchIndexElement property="pagesCount" type="RTree" order="ascending"/>
            </fetchIndex>
        </entity>
        <composite name="Place">
            <attribute name="city" optional="YES" attributeType="String"/>
            <attribute name="geo" optional="YES" attributeType="Composite" composite="Geo"/>
        </composite>
        <compositeAttribute name="Geo">
            <attribute name="lat" optional="YES" attributeType="Double" defaultValueString="0"/>
        </compositeAttribute>
        """)

    @Test("composites (nested), transformables, derived and expression indexes are parsed")
    func deferredShapesParse() throws {
        let directory = try TemporaryDirectory()
        let model = try XcodeModel(
            contentsOf: try XcodeModelFixtures.writeContents(Self.deferredShapes, in: directory))
        let book = try entity("Book", in: model)
        #expect(
            book.attributes.map(\.valueKind) == [
                .plain, .composite(name: "Place"),
                .transformable(
                    transformerName: "NSSecureUnarchiveFromData", customClassName: "[String]"),
            ])
        #expect(book.attributes[0].derivationExpression == "pages.@count")
        #expect(book.indexes[0].elements[0].expression == "1")
        #expect(book.indexes[1].elements[0].isRTree)
        #expect(model.composites.map(\.name) == ["Place", "Geo"])
        #expect(model.composites[0].elements.map(\.valueKind) == [.plain, .composite(name: "Geo")])
        #expect(model.composites[1].elements[0].type == .double)
    }

    @Test(
        "the engine refuses what it cannot store yet, naming entity and attribute; a transformable with a standard transformer loads"
    )
    func deferredShapesRefused() throws {
        let directory = try TemporaryDirectory()
        let model = try XcodeModel(
            contentsOf: try XcodeModelFixtures.writeContents(Self.deferredShapes, in: directory))
        #expect(
            ManagedObjectModel(entities: model.entities, composites: model.composites)
                .validationErrors == [
                    .unsupportedAttribute(
                        entity: "Book", attribute: "pagesCount",
                        reason: "derived attributes are not computed yet"),
                    .unsupportedIndex(
                        entity: "Book", index: "byExpression",
                        reason: "expression indexes are not supported yet"),
                    .unsupportedIndex(
                        entity: "Book", index: "byBox",
                        reason: "R-tree indexes are not supported yet"),
                ])
    }
}
