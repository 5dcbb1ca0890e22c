import Foundation
import SQLiteDB
import Testing

@testable import ObjectGraph

/// The statement builders of Store/SQL, by exact text and arguments, on the social
/// fixture (Post = 1, Tag = 2, User = 3; Post.tags and Tag.posts share `Z_1TAGS`).
@Suite struct SQLBuilderTests {
    private let model = Fixtures.social
    private var post: Entity { model.entity(named: "Post")! }
    private var user: Entity { model.entity(named: "User")! }
    private var tag: Entity { model.entity(named: "Tag")! }
    private let postColumns = "t0.ZISDRAFT, t0.ZPUBLISHED, t0.ZSCORE, t0.ZTITLE, t0.ZAUTHOR"

    private func layout(_ entity: Entity) -> RowLayout {
        RowLayout(entity: entity, entities: model.resolvedEntities)
    }

    private func id(_ entity: Entity, _ key: Int64) -> ObjectID {
        ObjectID(entity: entity, primaryKey: key, store: UUID())
    }

    @Test("a fault, a to-many fault through a foreign key and through a join table")
    func faults() {
        let fault = ObjectSelect.fault(layout(post), primaryKey: 4)
        #expect(
            fault.text
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, \(postColumns) FROM ZPOST t0 WHERE t0.Z_PK = ?")
        #expect(fault.arguments == [.value(.integer(4))])
        let posts = ObjectSelect.toMany(
            user.relationship(named: "posts")!, destination: layout(post), primaryKey: 3)
        #expect(posts.text == "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = ?")
        let tags = ObjectSelect.toMany(
            post.relationship(named: "tags")!, destination: layout(tag), primaryKey: 5)
        #expect(
            tags.text
                == "SELECT 0, t0.Z_PK FROM Z_1TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_2TAGS "
                + "WHERE t1.Z_1POSTS = ?")
        #expect(tags.arguments == [.value(.integer(5))])
    }

    @Test(
        "a to-many fault's SELECT made once, its first argument re-bound, is the one built per fault"
    )
    func toManyTemplate() {
        var checked = 0
        for entity in model.resolvedEntities {
            for relationship in entity.relationships where relationship.isToMany {
                let destination = layout(model.resolvedEntities[relationship.destinationID - 1])
                let template = ObjectSelect.toMany(
                    relationship, destination: destination, primaryKey: 0)
                for key: Int64 in [1, 7, 1 << 40] {
                    let perFault = ObjectSelect.toMany(
                        relationship, destination: destination, primaryKey: key)
                    // A fault binds its key in place of the template's first argument
                    // (`Connection.withCachedStatement(_:first:_:)`).
                    #expect(perFault.text == template.text)
                    #expect(perFault.arguments.dropFirst() == template.arguments.dropFirst())
                    #expect(perFault.arguments.first == .value(.integer(key)))
                }
                checked += 1
            }
        }
        #expect(checked == 3)  // User.posts, Post.tags, Tag.posts
    }

    @Test("a batch and the three prefetch levels read one bound key list")
    func keyed() {
        let keys = IntegerList([1, 2])
        #expect(
            ObjectSelect.batch(layout(post), keys: keys, limit: 20).text
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, \(postColumns) FROM ZPOST t0 WHERE t0.Z_PK IN "
                + "(SELECT * FROM _Z_intarray0(?)) LIMIT 20")
        #expect(
            ObjectSelect.prefetchToOne(layout(user), keys: keys).text
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK IN "
                + "(SELECT * FROM _Z_intarray0(?))")
        #expect(
            ObjectSelect.prefetchOneToMany(
                layout(post), column: "ZAUTHOR", order: nil, owners: keys
            )
            .text
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, \(postColumns) FROM ZPOST t0 WHERE t0.ZAUTHOR IN "
                + "(SELECT * FROM _Z_intarray0(?)) ORDER BY t0.ZAUTHOR")
        guard case .joinTable(let join) = post.relationship(named: "tags")!.storage else {
            Issue.record("Post.tags is not a join table")
            return
        }
        let manyToMany = ObjectSelect.prefetchManyToMany(layout(tag), join: join, owners: keys)
        #expect(
            manyToMany.text
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t1.Z_1POSTS FROM Z_1TAGS t1 JOIN ZTAG t0 "
                + "ON t0.Z_PK = t1.Z_2TAGS WHERE t1.Z_1POSTS IN (SELECT * FROM _Z_intarray0(?)) "
                + "ORDER BY t1.Z_1POSTS")
        #expect(manyToMany.arguments == [.integerList(keys)])
    }

    @Test("the save statements: INSERT, guarded UPDATE and DELETE, join rows, key reservation")
    func writes() {
        let insert = WriteSQL.insert(into: post)
        #expect(
            insert.text
                == "INSERT INTO ZPOST(Z_PK, Z_ENT, Z_OPT, ZISDRAFT, ZPUBLISHED, ZSCORE, ZTITLE, "
                + "ZAUTHOR) VALUES(?, ?, ?, ?, ?, ?, ?, ?)")
        #expect(insert.arguments.count == 8)
        let row = RowSnapshot.make(
            objectID: id(post, 9), version: 2, values: [.null, .null, .null, .text("x"), .null])
        let update = WriteSQL.statement(
            for: .update(
                .init(columns: ["ZTITLE"], values: [.text("x")], expectedVersion: 1, result: row)))
        #expect(
            update.text == "UPDATE ZPOST SET ZTITLE = ?, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?")
        #expect(update.arguments == [.value(.text("x")), 2, 9, 1])
        #expect(
            WriteSQL.statement(for: .delete(id(post, 9), version: 2)).text
                == "DELETE FROM ZPOST WHERE Z_PK = ? AND Z_OPT = ?")
        guard case .joinTable(let join) = post.relationship(named: "tags")!.storage else {
            Issue.record("Post.tags is not a join table")
            return
        }
        #expect(
            WriteSQL.link(join, source: 9, destination: 3).text
                == "INSERT INTO Z_1TAGS(Z_1POSTS, Z_2TAGS) VALUES(?, ?)")
        #expect(
            WriteSQL.statement(for: .unlinkAll(join, source: 9)).text
                == "DELETE FROM Z_1TAGS WHERE Z_1POSTS = ?")
        #expect(
            WriteSQL.advanceLastKey(entityID: 1, from: 4, to: 9).text
                == "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?")
    }

    @Test("batch update and delete on t0, with the fetch request's condition")
    func batches() throws {
        let update = BatchSQL.update(
            post, values: [(column: "ZSCORE", value: .real(1))], condition: nil)
        #expect(update.text == "UPDATE ZPOST AS t0 SET ZSCORE = ?, Z_OPT = (Z_OPT + 1)")
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "author.name == %@", "ann")
        let condition = try FetchSQL(request: request, entity: post, model: model).rowCondition()
        #expect(
            BatchSQL.delete(from: post, condition: condition).text
                == "DELETE FROM ZPOST AS t0 WHERE t0.Z_PK IN (SELECT t0.Z_PK FROM ZPOST t0 JOIN "
                + "ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE t1.ZNAME = ?)")
        #expect(
            BatchSQL.delete(from: post, keys: IntegerList([1])).text
                == "DELETE FROM ZPOST AS t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))")
    }

    @Test("a count through a to-one joins and counts distinct keys")
    func count() throws {
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "author.name == %@", "ann")
        let sql = try FetchSQL(request: request, entity: post, model: model).count()
        #expect(
            sql.text
                == "SELECT COUNT(DISTINCT t0.Z_PK) FROM ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = "
                + "t1.Z_PK WHERE t1.ZNAME = ?")
        #expect(sql.arguments == [.value(.text("ann"))])
    }

    @Test("the schema: foreign-key index, join table and its index")
    func schema() {
        let statements = StoreSchema(entities: model.resolvedEntities).statements.map(\.text)
        #expect(statements.contains("CREATE INDEX ZPOST_ZAUTHOR_INDEX ON ZPOST (ZAUTHOR)"))
        #expect(
            statements.contains(
                "CREATE TABLE Z_1TAGS ( Z_1POSTS INTEGER, Z_2TAGS INTEGER, PRIMARY KEY (Z_1POSTS, "
                    + "Z_2TAGS) )"))
        #expect(
            statements.contains("CREATE INDEX Z_1TAGS_Z_2TAGS_INDEX ON Z_1TAGS (Z_2TAGS, Z_1POSTS)")
        )
        #expect(statements.count(where: { $0.hasPrefix("CREATE TABLE Z_1TAGS") }) == 1)
    }

    @Test("delete-rule triggers: a cascade, and a deny whose message is a quoted literal")
    func triggers() {
        let cascade = DeleteTriggers(deleting: user, model: model)
        #expect(
            cascade.create.map(\.text).contains(
                "CREATE TEMP TRIGGER ZQ_ZUSER_User_posts_CASCADE AFTER DELETE ON ZUSER FOR EACH ROW "
                    + "BEGIN DELETE FROM ZPOST WHERE ZAUTHOR = OLD.Z_PK; END"))
        #expect(
            cascade.drop.map(\.text).contains("DROP TRIGGER IF EXISTS ZQ_ZUSER_User_posts_CASCADE"))
        let denying = ManagedObjectModel(entities: [
            EntityDescription(
                name: "Shelf",
                relationships: [
                    RelationshipDescription(
                        name: "books", destination: "Book", inverse: "shelf", isToMany: true,
                        deleteRule: .deny)
                ]),
            EntityDescription(
                name: "Book",
                relationships: [
                    RelationshipDescription(name: "shelf", destination: "Shelf", inverse: "books")
                ]),
        ])
        let deny = DeleteTriggers(
            deleting: denying.entity(named: "Shelf")!, model: denying)
        #expect(
            deny.create.map(\.text).contains(
                "CREATE TEMP TRIGGER ZQ_ZSHELF_Shelf_books_DENY BEFORE DELETE ON ZSHELF FOR EACH ROW "
                    + "BEGIN SELECT RAISE(FAIL, 'Batch delete failed due to deny rule on "
                    + "Shelf/books') WHERE EXISTS (SELECT 1 FROM ZBOOK WHERE ZSHELF = OLD.Z_PK); END"
            ))
    }
}
