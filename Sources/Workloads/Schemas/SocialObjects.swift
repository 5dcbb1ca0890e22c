import Foundation
import ObjectGraph

// The `social` schema's entities as typed subclasses, registered with the model
// (``DatasetSchema/social``): what an app's code reads like, and what the suites'
// engine configurations use. Each property is the attribute or relationship of the
// same name; the model checks them when it is built.

/// A `User` of the social schema.
public final class User: ManagedObject {
    @Attribute public var name: String?
    @Attribute public var email: String?
    @Attribute public var emailIndexed: String?
    @Attribute public var age: Int16
    @Attribute public var ageIndexed: Int16
    @Attribute public var score: Double
    @Attribute public var createdAt: Date?
    @Attribute public var createdAtIndexed: Date?
    @Attribute public var isActive: Bool
    @Attribute public var bio: String?
    @Relationship public var posts: Set<Post>
}

/// A `Post` of the social schema.
public final class Post: ManagedObject {
    @Attribute public var title: String?
    @Attribute public var titleIndexed: String?
    @Attribute public var body: String?
    @Attribute public var wordCount: Int32
    @Attribute public var createdAt: Date?
    @Attribute public var createdAtIndexed: Date?
    @Attribute public var likes: Int32
    @Attribute public var status: String?
    @Attribute public var statusIndexed: String?
    @Relationship public var author: User?
    @Relationship public var comments: Set<Comment>
    @Relationship public var tags: Set<Tag>
}

/// A `Comment` of the social schema.
public final class Comment: ManagedObject {
    @Attribute public var text: String?
    @Attribute public var createdAt: Date?
    @Relationship public var post: Post?
}

/// A `Tag` of the social schema.
public final class Tag: ManagedObject {
    @Attribute public var name: String?
    @Relationship public var posts: Set<Post>
}
