import FaultlineTesting
import Foundation
import ObjectGraph
import Testing

@Suite struct ChildContextTests {
    /// A container with `users` seeded users (`u0`… aged 20…), a root background
    /// context and a child of it.
    private func stack(users: Int = 3, log: LogLines? = nil) throws -> (
        PersistentContainer, ManagedObjectContext, ManagedObjectContext
    ) {
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: users, posts: 0)
        let root = container.newBackgroundContext()
        let child = ManagedObjectContext(concurrencyType: .privateQueue, parent: root)
        return (container, root, child)
    }

    private func names(_ objects: some Sequence<ManagedObject>) -> [String] {
        objects.map { $0.value(forKey: "name") as? String ?? "nil" }
    }

    @Test("a child's save pushes its changes into the parent with no SQL; the root writes them")
    func pushThenRootSave() throws {
        let log = LogLines()
        let (container, root, child) = try stack(log: log)
        let id = try child.performAndWait {
            let user = try child.fetch(request("User", sortedBy: "name"))[0]
            user.setValue("edited", forKey: "name")
            let new = child.insertNewObject(forEntityName: "User")
            new.setValue("added", forKey: "name")
            log.clear()
            try child.save()
            #expect(log.sql.isEmpty)
            #expect(!child.hasChanges)
            #expect(new.objectID.isTemporaryID)
            return user.objectID
        }
        try root.performAndWait {
            #expect(root.hasChanges)
            #expect(root.insertedObjects.count == 1)
            #expect(root.object(with: id).value(forKey: "name") as? String == "edited")
            #expect(log.sql.isEmpty)
            try root.save()
            #expect(
                log.sql.contains(
                    "INSERT INTO ZUSER(Z_PK, Z_ENT, Z_OPT, ZAGE, ZNAME) VALUES(?, ?, ?, ?, ?)"))
            #expect(
                log.sql.contains(
                    "UPDATE ZUSER SET ZNAME = ?, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?"))
        }
        try inContext(container) { fresh in
            let fetched1 = try names(fresh.fetch(request("User", sortedBy: "name")))
            #expect(
                fetched1 == [
                    "added", "edited", "u1", "u2",
                ])
        }
    }

    @Test("a fetch in a child sees the parent's unsaved inserts, updates and deletes, count too")
    func childFetchSeesParentChanges() async throws {
        let (container, root, child) = try stack(users: 4)
        try root.performAndWait {
            let users = try root.fetch(request("User", sortedBy: "name"))
            users[0].setValue(Int64(99), forKey: "age")  // u0 now matches age > 50
            users[1].setValue("u1-renamed", forKey: "name")  // still matches nothing
            root.delete(users[3])
            let new = root.insertNewObject(forEntityName: "User")
            new.setValue("new", forKey: "name")
            new.setValue(Int64(70), forKey: "age")
        }
        // The parent's changes are overlaid in memory: the fetch is one SELECT.
        try await expectQueries(in: container) {
            try child.performAndWait {
                let old = try child.fetch(
                    request("User", sortedBy: "name", where: "age > %d", 50))
                #expect(names(old) == ["new", "u0"])
            }
        }
        .statements(1).statements(1, of: .select)
        try child.performAndWait {
            let all = try child.fetch(request("User", sortedBy: "name"))
            #expect(names(all) == ["new", "u0", "u1-renamed", "u2"])
            #expect(try child.count(for: request("User", where: "age > %d", 50)) == 2)
            #expect(try child.count(for: request("User")) == 4)
            #expect(try child.fetchObjectIDs(request("User", where: "age > %d", 50)).count == 2)
        }
    }

    @Test("a count in a child selects keys only and agrees with the fetch, windows included")
    func childCountSelectsKeys() async throws {
        let (container, root, child) = try stack(users: 6)
        try root.performAndWait {
            let users = try root.fetch(request("User", sortedBy: "name"))
            users[0].setValue(Int64(99), forKey: "age")
            root.delete(users[1])
            root.insertNewObject(forEntityName: "User").setValue("new", forKey: "name")
        }
        try child.performAndWait {
            let own = try child.fetch(request("User", sortedBy: "name"))
            child.delete(own[2])
            child.insertNewObject(forEntityName: "User").setValue("mine", forKey: "name")
        }
        for (offset, limit) in [(0, 0), (1, 2), (5, 0), (2, 10), (9, 1)] {
            for predicate in [nil, "age > %d"] {
                let counted = try request("User", sortedBy: "name", where: predicate, 22)
                counted.fetchOffset = offset
                counted.fetchLimit = limit
                var count = 0
                // Keys only: one SELECT reading no attribute's column, ZNAME nowhere.
                let queries = try await expectQueries(in: container) {
                    count = try child.performAndWait { try child.count(for: counted) }
                }
                .statements(1).statements(1, of: .select).columnsRead(of: "User", [])
                let sql = queries.statements.map(\.sql)
                #expect(sql.allSatisfy { !$0.contains("ZNAME") }, "keys only: \(sql)")
                let fetched = try child.performAndWait { try child.fetch(counted).count }
                #expect(
                    count == fetched, "offset \(offset), limit \(limit), \(predicate ?? "all")")
            }
        }
    }

    @Test("limit and offset apply after the parent's changes are overlaid (one SELECT)")
    func childFetchWindow() async throws {
        let (container, root, child) = try stack(users: 5)
        try root.performAndWait {
            let users = try root.fetch(request("User", sortedBy: "name"))
            users[0].setValue("z-last", forKey: "name")
            root.delete(users[1])
        }
        let window = try request("User", sortedBy: "name")
        window.fetchOffset = 1
        window.fetchLimit = 2
        try await expectQueries(in: container) {
            try child.performAndWait {
                let windowNames = names(try child.fetch(window))
                #expect(windowNames == ["u3", "u4"])
            }
        }
        .statements(1).statements(1, of: .select)
        #expect(window.fetchLimit == 2 && window.fetchOffset == 1)
    }

    @Test("a fetch in a child of a context with no changes runs as in a root context")
    func childFetchWithoutParentChanges() throws {
        let log = LogLines()
        let (_, _, child) = try stack(users: 3, log: log)
        try child.performAndWait {
            log.clear()
            let users = try child.fetch(request("User", sortedBy: "name"))
            #expect(names(users) == ["u0", "u1", "u2"])
            #expect(log.sql.count == 1)
            #expect(try child.count(for: request("User")) == 3)
            #expect(log.sql.last?.hasPrefix("SELECT COUNT(") == true)
        }
    }

    @Test("a child reads relationships through the parent's unsaved objects")
    func relationshipsThroughParent() throws {
        let (container, root, child) = try stack(users: 1)
        let postID = try root.performAndWait {
            let user = try root.fetch(request("User"))[0]
            let post = root.insertNewObject(forEntityName: "Post")
            post.setValue("draft", forKey: "title")
            post.setValue(user, forKey: "author")
            return post.objectID
        }
        try child.performAndWait {
            let post = try child.existingObject(with: postID)
            #expect(post.value(forKey: "title") as? String == "draft")
            let author = try #require(post.value(forKey: "author") as? ManagedObject)
            #expect(author.value(forKey: "name") as? String == "u0")
            let posts = try #require(author.value(forKey: "posts") as? Set<ManagedObject>)
            #expect(posts.map(\.objectID) == [postID])
            // A new comment-like edit in the child on the parent's new object.
            let second = child.insertNewObject(forEntityName: "Post")
            second.setValue("second", forKey: "title")
            second.setValue(author, forKey: "author")
            post.setValue("final", forKey: "title")
            try child.save()
        }
        try root.performAndWait { try root.save() }
        try inContext(container) { fresh in
            let user = try fresh.fetch(request("User"))[0]
            let posts = try #require(user.value(forKey: "posts") as? Set<ManagedObject>)
            #expect(
                Set(posts.map { $0.value(forKey: "title") as? String ?? "" }) == [
                    "final", "second",
                ])
        }
    }

    @Test("a child's deletes reach the parent and then the store")
    func childDelete() throws {
        let (container, root, child) = try stack(users: 2)
        try child.performAndWait {
            child.delete(try child.fetch(request("User", sortedBy: "name"))[0])
            try child.save()
        }
        try root.performAndWait {
            #expect(root.deletedObjects.count == 1)
            try root.save()
        }
        try inContext(container) { fresh in
            let fetched2 = try names(fresh.fetch(request("User")))
            #expect(fetched2 == ["u1"])
        }
    }

    @Test("objects keep temporary IDs through a child save; the root save makes them permanent")
    func temporaryIDs() throws {
        let (_, root, child) = try stack(users: 0)
        let temporary = try child.performAndWait {
            let tag = child.insertNewObject(forEntityName: "Tag")
            tag.setValue("swift", forKey: "name")
            try child.save()
            return tag.objectID
        }
        #expect(temporary.isTemporaryID)
        try root.performAndWait {
            let tag = try #require(root.insertedObjects.first)
            #expect(tag.objectID == temporary)
            try root.save()
            #expect(!tag.objectID.isTemporaryID)
        }
        try child.performAndWait {
            // The child still names it by its temporary ID and can edit it again.
            let tag = child.object(with: temporary)
            tag.setValue("swift6", forKey: "name")
            try child.save()
        }
        root.performAndWait {
            #expect(root.updatedObjects.first?.value(forKey: "name") as? String == "swift6")
        }
    }

    @Test("obtainPermanentIDs reserves keys at once (4 statements); the save then reserves none")
    func obtainPermanentIDs() throws {
        let log = LogLines()
        let (container, root, _) = try stack(users: 0, log: log)
        try root.performAndWait {
            let tags = (0..<3).map { index in
                let tag = root.insertNewObject(forEntityName: "Tag")
                tag.setValue("t\(index)", forKey: "name")
                return tag
            }
            log.clear()
            try root.obtainPermanentIDs(for: tags)
            #expect(
                log.sql == [
                    "BEGIN EXCLUSIVE", "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                    "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                    "COMMIT",
                ])
            #expect(tags.map { $0.objectID.primaryKey } == [1, 2, 3])
            #expect(tags.allSatisfy { $0.isInserted })
            log.clear()
            try root.save()
            #expect(log.sql.first == "BEGIN EXCLUSIVE")
            #expect(!log.sql.contains { $0.hasPrefix("SELECT Z_MAX") })
            #expect(tags.map { $0.objectID.primaryKey } == [1, 2, 3])
        }
        try inContext(container) { fresh in
            let fetched3 = try names(fresh.fetch(request("Tag", sortedBy: "name")))
            #expect(fetched3 == ["t0", "t1", "t2"])
        }
    }

    @Test("a grandchild sees its grandparent's changes and pushes through two levels")
    func grandchild() throws {
        let (container, root, child) = try stack(users: 1)
        let grandchild = ManagedObjectContext(concurrencyType: .privateQueue, parent: child)
        try root.performAndWait {
            try root.fetch(request("User"))[0].setValue("root-edit", forKey: "name")
        }
        try grandchild.performAndWait {
            let user = try grandchild.fetch(request("User"))[0]
            #expect(user.value(forKey: "name") as? String == "root-edit")
            user.setValue(Int64(5), forKey: "age")
            try grandchild.save()
        }
        try child.performAndWait { try child.save() }
        try root.performAndWait { try root.save() }
        try inContext(container) { fresh in
            let user = try fresh.fetch(request("User"))[0]
            #expect(user.value(forKey: "name") as? String == "root-edit")
            #expect(user.value(forKey: "age") as? Int64 == 5)
        }
    }
}
