import Foundation
import Testing
import Workloads

@Suite struct DatasetGeneratorTests {
    private func generate(size: Int, seed: UInt64 = 42) throws -> (
        RecordingSink, String, [String: Int]
    ) {
        let sink = RecordingSink()
        let generator = try DatasetGenerator(schema: .social, size: size, seed: seed)
        let result = try generator.generate(into: sink)
        return (sink, result.contentHash, result.links)
    }

    @Test("the same schema, size and seed give the same content; the hash is pinned")
    func determinism() throws {
        let first = try generate(size: 1_000)
        let second = try generate(size: 1_000)
        #expect(first.1 == second.1)
        #expect(
            first.0.tables["Post"]?.column("title").map(\.text)
                == second.0.tables["Post"]?.column("title").map(\.text))
        #expect(try generate(size: 1_000, seed: 43).1 != first.1)
        // Pinned: a change here means every cached dataset changes; bump
        // DatasetGenerator.version in the same commit.
        #expect(first.1 == "98e07c9630809184")
    }

    @Test(
        "entity counts follow the size: users size/10, comments 2 x size, 200 tags, ~2 tags per post"
    )
    func counts() throws {
        let (sink, _, links) = try generate(size: 5_000)
        #expect(sink.tables["User"]?.rows.count == 500)
        #expect(sink.tables["Post"]?.rows.count == 5_000)
        #expect(sink.tables["Comment"]?.rows.count == 10_000)
        #expect(sink.tables["Tag"]?.rows.count == 200)
        let tagLinks = try #require(links["Post.tags"])
        #expect((9_000...11_000).contains(tagLinks))
        let pairs = try #require(sink.links["Post.tags"])
        #expect(Set(pairs.map { "\($0.source)-\($0.destination)" }).count == pairs.count)
    }

    @Test("posts per user are Zipf-like: a few heavy authors, a long tail of zero or one")
    func authorSkew() throws {
        let (sink, _, _) = try generate(size: 20_000)
        let authors = try #require(sink.tables["Post"]).destinations("author").compactMap { $0 }
        #expect(authors.count == 20_000)
        var perUser = [Int](repeating: 0, count: 2_000)
        for author in authors { perUser[author] += 1 }
        let sorted = perUser.sorted(by: >)
        #expect(sorted[0] > 20_000 / 20)
        #expect(sorted.filter { $0 <= 1 }.count > 2_000 / 5)
    }

    @Test(
        "status is about 10 / 85 / 5 percent; ages 13-90 bell-shaped; emails unique; text lengths in range"
    )
    func valueShapes() throws {
        let (sink, _, _) = try generate(size: 20_000)
        let posts = try #require(sink.tables["Post"])
        let statuses = posts.column("status").compactMap(\.text)
        let share = { (value: String) in
            Double(statuses.filter { $0 == value }.count) / Double(statuses.count)
        }
        #expect((0.08...0.12).contains(share("draft")))
        #expect((0.82...0.88).contains(share("published")))
        #expect((0.035...0.065).contains(share("archived")))
        #expect(posts.column("statusIndexed").map(\.text) == posts.column("status").map(\.text))
        let titleWords = posts.column("title").compactMap(\.text).map {
            $0.split(separator: " ").count
        }
        #expect(titleWords.min() == 3 && titleWords.max() == 12)
        let bodyWords = posts.column("wordCount").compactMap(\.int)
        #expect(bodyWords.min()! >= 20 && bodyWords.max()! <= 400 && bodyWords.max()! > 300)

        let users = try #require(sink.tables["User"])
        let ages = users.column("age").compactMap(\.int)
        #expect(ages.min()! >= 13 && ages.max()! <= 90)
        // Triangular, peaking at 30: about 42% of users are 20 to 40, under 4% are under 20.
        let twenties = Double(ages.filter { (20...40).contains($0) }.count) / Double(ages.count)
        let teens = Double(ages.filter { $0 < 20 }.count) / Double(ages.count)
        #expect((0.37...0.47).contains(twenties))
        #expect(teens < 0.06)
        let emails = users.column("email").compactMap(\.text)
        #expect(Set(emails).count == emails.count)
    }

    @Test("a plan naming an unknown entity or property is refused, naming it")
    func badPlans() {
        let unknownEntity = DatasetSchema(
            name: "broken", model: DatasetSchema.social.model,
            plans: ["Nope": .init(count: .fixed(1))])
        #expect(throws: DatasetError.unknownEntity(schema: "broken", entity: "Nope")) {
            try DatasetGenerator(schema: unknownEntity, size: 10, seed: 1)
        }
        let unknownProperty = DatasetSchema(
            name: "broken", model: DatasetSchema.social.model,
            plans: ["Post": .init(count: .fixed(1), values: ["subtitle": .words(1...2)])])
        #expect(
            throws: DatasetError.unknownProperty(
                schema: "broken", entity: "Post", property: "subtitle")
        ) {
            try DatasetGenerator(schema: unknownProperty, size: 10, seed: 1)
        }
        #expect(throws: DatasetError.invalidSize("0")) {
            try DatasetGenerator(schema: .social, size: 0, seed: 1)
        }
    }

    @Test(
        "sizes parse as numbers with k and m suffixes",
        arguments: [
            ("10k", 10_000), ("100K", 100_000), ("1m", 1_000_000), ("2.5k", 2_500), ("1234", 1_234),
            ("1000m", 1_000_000_000),
        ])
    func sizes(text: String, expected: Int) throws {
        #expect(try DatasetKey.parseSize(text) == expected)
    }

    @Test(
        "bad sizes are refused",
        arguments: ["", "0", "-5", "1.5", "ten", "10q", "1e12", "1e3", " 10k", "1.2.3k", "1001m"])
    func badSizes(text: String) {
        #expect(throws: DatasetError.invalidSize(text)) { try DatasetKey.parseSize(text) }
    }
}
