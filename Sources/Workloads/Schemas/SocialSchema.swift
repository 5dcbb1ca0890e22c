import ObjectGraph

extension DatasetSchema {
    /// The `social` schema: User 1-N Post 1-N Comment, Post N-M Tag.
    ///
    /// Size is the number of posts: users = size / 10, comments = 2 × size, 200 tags,
    /// about 2 tags per post. `age`, `createdAt`, `email`, `status` and `title` exist
    /// twice, the same values in an unindexed column and an indexed `…Indexed` twin, so
    /// one dataset serves both sides of the index comparison. About 5.7% of titles hold
    /// the word "swift" (3-12 words, each 1 in 128), the `CONTAINS[c]` benchmark's needle.
    public static let social = DatasetSchema(
        name: "social", model: socialModel,
        plans: [
            "User": EntityPlan(
                count: .ratio(1, 10),
                values: [
                    "name": .personName, "email": .uniqueEmail, "emailIndexed": .copy(of: "email"),
                    "age": .bell(13...90, mode: 30), "ageIndexed": .copy(of: "age"),
                    "score": .real(0...100),
                    "createdAt": .dates(end: DatasetGenerator.epoch, years: 5),
                    "createdAtIndexed": .copy(of: "createdAt"),
                    "isActive": .boolean(percentTrue: 80), "bio": .longText(0...80),
                ]),
            "Post": EntityPlan(
                count: .ratio(1, 1),
                values: [
                    "title": .words(3...12), "titleIndexed": .copy(of: "title"),
                    "body": .longText(20...400),
                    "wordCount": .wordCount(of: "body"),
                    "createdAt": .dates(end: DatasetGenerator.epoch, years: 5),
                    "createdAtIndexed": .copy(of: "createdAt"), "likes": .bell(0...500, mode: 20),
                    "status": .weighted(["draft", "published", "archived"], weights: [10, 85, 5]),
                    "statusIndexed": .copy(of: "status"),
                ],
                links: [
                    "author": .toOne(skew: .one, percentNil: 0),
                    "tags": .links(perRow: 0...4, skew: .half),
                ]),
            "Comment": EntityPlan(
                count: .ratio(2, 1),
                values: [
                    "text": .words(3...40),
                    "createdAt": .dates(end: DatasetGenerator.epoch, years: 5),
                ],
                links: ["post": .toOne(skew: .half, percentNil: 0)]),
            "Tag": EntityPlan(count: .fixed(200), values: ["name": .numbered("tag")]),
        ],
        probes: [
            SelectivityProbe(entity: "User", predicate: "age == 30"),
            SelectivityProbe(entity: "User", predicate: "age >= 18 AND age <= 25"),
            SelectivityProbe(entity: "User", predicate: "isActive == NO"),
            SelectivityProbe(entity: "Post", predicate: "status == \"draft\""),
            SelectivityProbe(entity: "Post", predicate: "status == \"published\""),
            SelectivityProbe(entity: "Post", predicate: "likes > 400"),
            SelectivityProbe(entity: "Post", predicate: "title BEGINSWITH \"The\""),
            SelectivityProbe(entity: "Post", predicate: "title CONTAINS[c] \"swift\""),
        ])

    private static let socialModel = ManagedObjectModel(entities: [
        EntityDescription(
            name: "User", managedObjectClass: User.self,
            attributes: [
                .init(name: "name", type: .string), .init(name: "email", type: .string),
                .init(name: "emailIndexed", type: .string, isIndexed: true),
                .init(name: "age", type: .integer16),
                .init(name: "ageIndexed", type: .integer16, isIndexed: true),
                .init(name: "score", type: .double), .init(name: "createdAt", type: .date),
                .init(name: "createdAtIndexed", type: .date, isIndexed: true),
                .init(name: "isActive", type: .boolean), .init(name: "bio", type: .string),
            ],
            relationships: [
                .init(
                    name: "posts", destination: "Post", inverse: "author", isToMany: true,
                    deleteRule: .cascade)
            ]),
        EntityDescription(
            name: "Post", managedObjectClass: Post.self,
            attributes: [
                .init(name: "title", type: .string),
                .init(name: "titleIndexed", type: .string, isIndexed: true),
                .init(name: "body", type: .string), .init(name: "wordCount", type: .integer32),
                .init(name: "createdAt", type: .date),
                .init(name: "createdAtIndexed", type: .date, isIndexed: true),
                .init(name: "likes", type: .integer32), .init(name: "status", type: .string),
                .init(name: "statusIndexed", type: .string, isIndexed: true),
            ],
            relationships: [
                .init(name: "author", destination: "User", inverse: "posts"),
                .init(
                    name: "comments", destination: "Comment", inverse: "post", isToMany: true,
                    deleteRule: .cascade),
                .init(name: "tags", destination: "Tag", inverse: "posts", isToMany: true),
            ]),
        EntityDescription(
            name: "Comment", managedObjectClass: Comment.self,
            attributes: [
                .init(name: "text", type: .string), .init(name: "createdAt", type: .date),
            ],
            relationships: [.init(name: "post", destination: "Post", inverse: "comments")]),
        EntityDescription(
            name: "Tag", managedObjectClass: Tag.self,
            attributes: [.init(name: "name", type: .string)],
            relationships: [
                .init(name: "posts", destination: "Post", inverse: "tags", isToMany: true)
            ]),
    ])
}
