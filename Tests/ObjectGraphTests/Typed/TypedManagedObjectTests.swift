import FaultlineTesting
import Foundation
import ObjectGraph
import Testing

@Suite struct TypedManagedObjectTests {
    private func container(_ model: ManagedObjectModel = TypedFixtures.social) throws
        -> (PersistentContainer, LogLines)
    {
        let log = LogLines()
        return (try Fixtures.container(model: model, log: log), log)
    }

    @Test("init(context:) inserts the registered entity; typed values save and fetch back")
    func insertAndFetch() async throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let user = TypedUser(context: context)
            user.name = "Ann"
            user.age = 41
            let post = TypedPost(context: context)
            post.title = "Hello"
            post.score = 2.5
            post.author = user
            #expect(post.isInserted && post.entityName == "Post")
            #expect(post.isDraft == false)  // the attribute's default
            try context.save()
            context.reset()
        }
        var fetched: TypedPost?
        // The row comes with the fetch: reading its values runs no more SQL.
        try await expectQueries(in: container) {
            fetched = try context.performAndWait {
                let post = try #require(try context.fetch(TypedPost.fetchRequest()).first)
                #expect(post.title == "Hello" && post.score == 2.5)
                #expect(post.value(forKey: "title") as? String == "Hello")
                return post
            }
        }
        .statements(1).statements(1, of: .select).columnsRead(
            of: "Post", ["isDraft", "published", "score", "title", "author"])
        // The author's fault: one SELECT, then its values are there.
        try await expectQueries(in: container) {
            context.performAndWait {
                #expect(fetched?.author?.name == "Ann")
                #expect(fetched?.author?.age == 41)
            }
        }
        .statements(1).statements(1, of: .select).columnsRead(of: "User", ["name", "age"])
    }

    @Test("typed reads run the statements key-value reads run: a fault without values, 1 + N")
    func statementCountsUnchanged() async throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        try Fixtures.seed(container, users: 3, posts: 2)
        let context = container.newBackgroundContext()
        let queries = try await expectQueries(in: container) {
            try context.performAndWait {
                let request = TypedPost.fetchRequest()
                request.includesPropertyValues = false
                request.sortDescriptors = [SortKey(\TypedPost.title)]
                let titles = try context.fetch(request).map { $0.title ?? "" }
                #expect(titles == ["p0-0", "p0-1", "p1-0", "p1-1", "p2-0", "p2-1"])
            }
        }
        .statements(1 + 6).statements(1 + 6, of: .select)
        #expect(
            queries.statements.dropFirst().allSatisfy {
                $0.sql == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZISDRAFT, t0.ZPUBLISHED, t0.ZSCORE, "
                    + "t0.ZTITLE, t0.ZAUTHOR FROM ZPOST t0 WHERE t0.Z_PK = ?"
            })
    }

    @Test("setting a to-one keeps both inverses; reassigning removes it from the old owner")
    func toOneInverses() throws {
        let (container, _) = try container()
        try inContext(container) { context in
            let ann = TypedUser(context: context)
            let bob = TypedUser(context: context)
            let post = TypedPost(context: context)
            post.author = ann
            #expect(ann.posts == [post])
            post.author = bob
            #expect(ann.posts.isEmpty && bob.posts == [post])
            post.author = nil
            #expect(bob.posts.isEmpty)
            try context.save()
        }
    }

    @Test("to-many edits through the set, add(_:to:) and remove(_:from:) keep inverses")
    func toManyMutators() throws {
        let (container, log) = try container()
        try inContext(container) { context in
            let post = TypedPost(context: context)
            let swift = TypedTag(context: context)
            let data = TypedTag(context: context)
            post.tags.insert(swift)
            #expect(swift.posts == [post])
            try post.add(data, to: \.tags)
            #expect(post.tags == [swift, data] && data.posts == [post])
            try post.remove(swift, from: \.tags)
            #expect(post.tags == [data] && swift.posts.isEmpty)
            try context.save()
            #expect(
                log.sql.filter { $0 == "INSERT INTO Z_1TAGS(Z_1POSTS, Z_2TAGS) VALUES(?, ?)" }.count
                    == 1)
            context.reset()
            let tags = try context.fetch(TypedTag.fetchRequest()).filter { !$0.posts.isEmpty }
            #expect(tags.count == 1 && tags.first?.posts.first?.tags.count == 1)
        }
    }

    @Test(
        "a typed to-many read is its members registered once as faults: one SELECT, the key-value read's instances"
    )
    func typedToManyRegistersFaults() async throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        try Fixtures.seed(container, users: 2, posts: 3)
        let context = container.newBackgroundContext()
        let user = try context.performAndWait {
            let request = TypedUser.fetchRequest()
            request.predicate = try FetchPredicate(format: "name == %@", "u1")
            return try #require(try context.fetch(request).first)
        }
        try await expectQueries(in: container) {
            try context.performAndWait {
                let posts = user.posts
                #expect(posts.count == 3)
                // Faults, registered: the instances the context hands out for their IDs,
                // and what a key-value read and a second typed read return.
                #expect(posts.allSatisfy { $0.isFault && $0.managedObjectContext === context })
                #expect(posts.allSatisfy { context.object(with: $0.objectID) === $0 })
                let kvc = try #require(user.value(forKey: "posts") as? Set<ManagedObject>)
                #expect(
                    Set(kvc.map(ObjectIdentifier.init)) == Set(posts.map(ObjectIdentifier.init)))
                #expect(user.posts == posts)
                #expect(context.registeredObjects.count == 1 + 3)
            }
        }
        .statements(1).statements(1, of: .select)
        // A to-one read is the registered instance too, and nil when unset.
        try context.performAndWait {
            let post = try #require(user.posts.first)
            #expect(post.author === user)
            #expect(TypedPost(context: context).author == nil)
        }
    }

    @Test("an ordered to-many reads and writes as an array, in order")
    func orderedToMany() throws {
        let (container, _) = try container(TypedFixtures.media)
        try inContext(container) { context in
            let playlist = Playlist(context: context)
            let songs = ["a", "b", "c"].map { title in
                let song = Song(context: context)
                song.title = title
                return song
            }
            playlist.songs = [songs[2], songs[0], songs[1]]
            #expect(songs[0].playlist === playlist)
            try context.save()
            context.reset()
            let fetched = try #require(try context.fetch(Playlist.fetchRequest()).first)
            #expect(fetched.songs.map { $0.title ?? "" } == ["c", "a", "b"])
        }
    }

    @Test("every attribute type round-trips through typed properties, equal to key-value reads")
    func everyAttributeType() throws {
        let (container, _) = try container(TypedFixtures.samples)
        let uuid = UUID()
        let date = Date(timeIntervalSinceReferenceDate: 12345.5)
        try inContext(container) { context in
            let sample = Sample(context: context)
            sample.i16 = -3
            sample.i32 = 70_000
            sample.i64 = 1 << 40
            sample.double = 2.5
            sample.float = 1.25
            sample.decimal = Decimal(string: "12.34")
            sample.string = "héllo"
            sample.flag = true
            sample.date = date
            sample.blob = Data([1, 2, 3])
            sample.uuid = uuid
            sample.url = URL(string: "https://example.com/a")
            try context.save()
            context.reset()
            let fetched = try #require(try context.fetch(Sample.fetchRequest()).first)
            #expect(fetched.i16 == -3 && fetched.i32 == 70_000 && fetched.i64 == 1 << 40)
            #expect(fetched.double == 2.5 && fetched.float == 1.25)
            #expect(fetched.decimal == Decimal(string: "12.34") && fetched.string == "héllo")
            #expect(fetched.flag && fetched.date == date && fetched.blob == Data([1, 2, 3]))
            #expect(fetched.uuid == uuid && fetched.url == URL(string: "https://example.com/a"))
            #expect(fetched.value(forKey: "i32") as? Int64 == 70_000)
            #expect(fetched.value(forKey: "uuid") as? UUID == uuid)
            fetched.string = nil
            #expect(
                try fetched.value(forKey: "string") == nil && fetched.changedValues().count == 1)
        }
    }

    @Test("typed sort keys name the key path, through to-ones too")
    func sortKeys() throws {
        #expect(SortKey(\TypedPost.score).keyPath == "score")
        #expect(SortKey(\TypedPost.author?.name, ascending: false).keyPath == "author.name")
        #expect(SortKey(\TypedUser.posts).keyPath == "posts")
        let (container, _) = try container()
        try Fixtures.seed(container, users: 3, posts: 1)
        try inContext(container) { context in
            let request = TypedPost.fetchRequest()
            request.sortDescriptors = [SortKey(\TypedPost.author?.name, ascending: false)]
            let titles = try context.fetch(request).map { $0.title ?? "" }
            #expect(titles == ["p2-0", "p1-0", "p0-0"])
        }
    }

    @Test("untyped fetches of typed entities return the registered class")
    func untypedFetch() throws {
        let (container, _) = try container()
        try Fixtures.seed(container, users: 1, posts: 1)
        try inContext(container) { context in
            let objects = try context.fetch(FetchRequest(entityName: "Post"))
            #expect(objects.first is TypedPost)
            #expect(context.object(with: objects[0].objectID) === objects[0])
        }
    }

    @Test("a typed request of the wrong class, or of an unregistered one, is a fetch error")
    func wrongResultClass() throws {
        let (container, _) = try container()
        inContext(container) { context in
            #expect(
                throws: FetchError.resultClassMismatch(
                    entity: "User", objectClass: "TypedUser", requested: "TypedPost")
            ) {
                try context.fetch(FetchRequest<TypedPost>(entityName: "User"))
            }
            #expect(throws: FetchError.unregisteredClass("Sample")) {
                try context.fetch(Sample.fetchRequest())
            }
        }
    }
}
