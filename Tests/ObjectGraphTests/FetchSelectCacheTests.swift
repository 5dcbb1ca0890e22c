import Foundation
import SQLiteDB
import Testing

@testable import ObjectGraph

/// ``FetchSelectCache``: a SELECT answered from the cache has the text and arguments of
/// the same request compiled cold, byte for byte, and a request that throws cold
/// throws the same error through the cache.
@Suite struct FetchSelectCacheTests {
    private let model = Fixtures.social
    private func entity(_ name: String) -> Entity { model.entity(named: name)! }

    private func layout(_ entity: Entity) -> RowLayout {
        RowLayout(entity: entity, entities: model.resolvedEntities)
    }

    private func id(_ entity: String, _ key: Int64) -> ObjectID {
        ObjectID(entity: self.entity(entity), primaryKey: key, store: UUID())
    }

    /// One way to shape a request around a predicate.
    private struct Shape {
        var sorts: [SortKey] = []
        var limit = 0
        var offset = 0
        var idsOnly = false
        var columns: [SQLName]?
    }

    private static let shapes: [Shape] = [
        Shape(),
        Shape(idsOnly: true),
        Shape(
            sorts: [SortKey("name", ascending: false)], limit: 5, offset: 2),
        Shape(sorts: [SortKey("name", comparison: .localizedStandard)], offset: 3),
        Shape(columns: ["ZTITLE", "ZSCORE"]),
    ]

    private func request(_ entity: String, _ predicate: FetchPredicate?, _ shape: Shape)
        -> AnyFetchRequest
    {
        let request = FetchRequest(entityName: entity)
        request.predicate = predicate
        // Sort on a key of the entity: `name` exists on User and Tag, `title` on Post.
        request.sortDescriptors = shape.sorts.map {
            SortKey(
                entity == "Post" ? "title" : $0.keyPath, ascending: $0.ascending,
                comparison: $0.comparison)
        }
        request.fetchLimit = shape.limit
        request.fetchOffset = shape.offset
        return request
    }

    /// The statement compiled cold and through `cache`; both must agree exactly (same
    /// text bytes, same arguments) or both throw the same error.
    private func compare(
        _ entityName: String, _ predicate: FetchPredicate?, _ shape: Shape,
        cache: FetchSelectCache, _ comment: Comment
    ) {
        let entity = self.entity(entityName)
        let request = request(entityName, predicate, shape)
        let builder = FetchSQL(request: request, entity: entity, model: model)
        let cold = Result {
            try builder.select(
                layout: layout(entity), idsOnly: shape.idsOnly, columns: shape.columns)
        }
        let cached = Result {
            try cache.select(
                builder, layout: layout(entity), idsOnly: shape.idsOnly, columns: shape.columns)
        }
        switch (cold, cached) {
        case (.success(let cold), .success(let cached)):
            #expect(cached.text.utf8.elementsEqual(cold.text.utf8), comment)
            #expect(cached.arguments == cold.arguments, comment)
            #expect(
                cached.arguments.map(\.description) == cold.arguments.map(\.description), comment)
        case (.failure(let cold), .failure(let cached)):
            #expect(String(describing: cached) == String(describing: cold), comment)
            #expect(cached as? FetchError == cold as? FetchError, comment)
        default:
            Issue.record("cold \(cold) vs cached \(cached): \(comment)")
        }
    }

    /// `node` with every constant changed to another of the same kind.
    private func varied(_ node: PredicateNode, by step: Int64) -> PredicateNode {
        guard step != 0 else { return node }
        switch node {
        case .truePredicate, .falsePredicate: return node
        case .not(let inner): return .not(varied(inner, by: step))
        case .and(let terms): return .and(terms.map { varied($0, by: step) })
        case .or(let terms): return .or(terms.map { varied($0, by: step) })
        case .comparison(var comparison):
            comparison.lhs = varied(comparison.lhs, by: step)
            comparison.rhs = varied(comparison.rhs, by: step)
            return .comparison(comparison)
        }
    }

    private func varied(
        _ expression: ObjectGraph.PredicateExpression, by step: Int64
    ) -> ObjectGraph.PredicateExpression {
        guard case .constant(let value) = expression else { return expression }
        return .constant(varied(value, by: step))
    }

    private func varied(_ value: PredicateValue, by step: Int64) -> PredicateValue {
        switch value {
        case .integer(let int): return .integer(int &+ step)
        case .double(let double): return .double(double + Double(step) / 4)
        case .string(let string): return .string(string + "é\(step)")
        case .date(let date): return .date(date.addingTimeInterval(Double(step)))
        case .data(let data): return .data(data + [UInt8(truncatingIfNeeded: step)])
        case .object(let id) where id.isTemporaryID:
            return .object(ObjectID(temporaryFor: id.entity))
        case .object(let id):
            return .object(
                ObjectID(entity: id.entity, primaryKey: id.primaryKey! + step, store: UUID()))
        case .list(let values): return .list(values.map { varied($0, by: step) })
        default: return value
        }
    }

    /// The request's predicate, then two variants with other constants of the same
    /// kinds (the second and third are answered from the cache when the shape is kept).
    private func compareVariants(
        _ entityName: String, _ predicate: FetchPredicate, cache: FetchSelectCache,
        _ comment: Comment
    ) {
        for shape in Self.shapes where shape.columns == nil || entityName == "Post" {
            for step: Int64 in [0, 3, 11] {
                var variant = FetchPredicate(
                    root: varied(predicate.root, by: step), format: predicate.format)
                variant.joinsToOneOuter = predicate.joinsToOneOuter
                compare(entityName, variant, shape, cache: cache, comment)
            }
        }
    }

    @Test("the predicate conformance table: cached statements are the cold ones")
    func conformanceTable() throws {
        let cache = FetchSelectCache(capacity: 4_096)
        var compared = 0
        for row in FetchPredicateConformanceTests.cases {
            guard
                let predicate = try? FetchPredicate(
                    format: row.format, argumentArray: row.arguments
                ).withSubstitutionVariables(row.variables)
            else { continue }
            compareVariants(row.entity, predicate, cache: cache, "\(row.entity): \(row.format)")
            compared += 1
        }
        #expect(compared >= 300)
        // Most shapes are kept: the variants are answered from the cache.
        #expect(cache.hitCount > compared * 4)
    }

    @Test("random predicates of the property tests: cached statements are the cold ones")
    func randomPredicates() throws {
        let cache = FetchSelectCache(capacity: 4_096)
        var generator = PredicateGenerator(random: SeededGenerator(seed: 34))
        var compared = 0
        for index in 0..<400 {
            let entity = ["User", "Post", "Tag"][index % 3]
            let format = generator.predicate(on: entity, depth: 3)
            guard let predicate = try? FetchPredicate(format: format) else { continue }
            compareVariants(entity, predicate, cache: cache, "\(entity): \(format)")
            compared += 1
        }
        #expect(compared >= 350)
        #expect(cache.hitCount > compared * 4)
    }

    @Test("arguments of every kind: IDs, temporary IDs, nil, IN lists, wrong types")
    func arguments() throws {
        let cache = FetchSelectCache(capacity: 64)
        let user = entity("User")
        let cases: [(String, String, [Any?])] = [
            ("Post", "SELF == %@", [id("Post", 4)]),
            ("Post", "SELF == %@", [id("Post", 9)]),
            ("Post", "SELF == %@", [ObjectID(temporaryFor: entity("Post"))]),
            ("Post", "SELF == %@", [nil]),
            ("Post", "SELF == %@", [id("User", 4)]),
            ("Post", "SELF == %@", ["4"]),
            ("Post", "SELF != %@ AND author == %@", [id("Post", 1), id("User", 2)]),
            ("Post", "author == %@", [ObjectID(temporaryFor: user)]),
            ("Post", "author == %@", [id("Post", 2)]),
            ("Post", "author IN %@", [[id("User", 1), id("User", 2)]]),
            ("Post", "author IN {%@, nil, %@}", [id("User", 1), id("User", 3)]),
            ("Post", "SELF IN %@", [[id("Post", 1)]]),
            ("Post", "SELF IN %@", [[id("Post", 1), id("Post", 2), id("Post", 3)]]),
            ("Post", "SELF IN %@", [[ManagedObject]()]),
            ("User", "age IN %@", [[1, 2, 3]]),
            ("User", "age IN %@", [[1, 2]]),
            ("User", "age IN {%@, nil}", [1]),
            ("User", "age IN %@", [["1", "2"]]),
            ("User", "age BETWEEN {%@, %@}", [18, 65]),
            ("User", "age BETWEEN {%@, %@}", [18.5, 65]),
            ("User", "name BETWEEN[c] {%@, %@}", ["a", "m"]),
            ("User", "age == %@", [30]),
            ("User", "age == %@", [30.5]),
            ("User", "age == %@", [true]),
            ("User", "age == %@", [false]),
            ("User", "age == %@", [nil]),
            ("User", "age == %@", ["thirty"]),
            ("User", "name == %@", ["ann"]),
            ("User", "name == %@", [42]),
            ("User", "name ==[cd] %@ OR name BEGINSWITH %@", ["Ann", "b"]),
            ("User", "name IN[c] {%@, %@, nil}", ["ann", "bob"]),
            ("User", "name IN %@", ["annabel"]),
            ("User", "ANY posts.title == %@ AND posts.@count > %@", ["t", 2]),
            ("User", "NONE posts.score > %@", [2.5]),
            ("Post", "published > %@", [Date(timeIntervalSinceReferenceDate: 86_400)]),
            ("Post", "published > %@", [86_400]),
            ("Post", "score < %@", [3]),
            ("Post", "isDraft == %@", [true]),
            ("Post", "isDraft == %@", [1]),
            ("Post", "author.name ==[c] %@", ["ann"]),
            ("Post", "%@ == score", [2.5]),
            ("Post", "%@ == %@", [1, 1]),
            ("Post", "%@ == %@", [1, 2]),
            ("Post", "title == %@", [Data([1, 2])]),
            ("Post", "title == %@", [UUID()]),
        ]
        for (entityName, format, arguments) in cases {
            let predicate = try FetchPredicate(format: format, argumentArray: arguments)
            compareVariants(entityName, predicate, cache: cache, "\(entityName): \(format)")
        }
        #expect(cache.hitCount > 0)
    }

    @Test("a repeated SELF == %@ compiles once, then binds each ID into the kept text")
    func repeatedSelf() throws {
        let cache = FetchSelectCache(capacity: 8)
        let post = entity("Post")
        var statementKeys: [StatementKey?] = []
        for key in Int64(1)...20 {
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "SELF == %@", id("Post", key))
            let sql = try cache.select(
                FetchSQL(request: request, entity: post, model: model), layout: layout(post),
                idsOnly: false)
            #expect(sql.text.hasSuffix(" FROM ZPOST t0 WHERE t0.Z_PK = ?"))
            #expect(sql.arguments == [.value(.integer(key))])
            statementKeys.append(sql.statementKey)
        }
        #expect(cache.compileCount == 1)
        #expect(cache.hitCount == 19)
        // The fresh compile carries no statement key; every hit carries the kept text's.
        #expect(statementKeys[0] == nil)
        #expect(Set(statementKeys.dropFirst()).count == 1)
        #expect(statementKeys[1] != nil)
        // A temporary ID is another kind: compiled once more, bound as -1.
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "SELF == %@", ObjectID(temporaryFor: post))
        let sql = try cache.select(
            FetchSQL(request: request, entity: post, model: model), layout: layout(post),
            idsOnly: false)
        #expect(sql.arguments == [.value(.integer(-1))])
        #expect(cache.compileCount == 2)
    }

    @Test("a wrong-typed constant throws its own error every time and keeps nothing")
    func wrongTypes() throws {
        let cache = FetchSelectCache(capacity: 8)
        let post = entity("Post")
        for key in Int64(1)...3 {
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "SELF == %@", id("User", key))
            let builder = FetchSQL(request: request, entity: post, model: model)
            let cold = error { try builder.select(layout: layout(post), idsOnly: false) }
            let cached = error { try cache.select(builder, layout: layout(post), idsOnly: false) }
            #expect(cold != nil)
            #expect(cold == cached)
            #expect(String(describing: cached).contains("/p\(key)>"))
        }
        #expect(cache.count == 0)
        #expect(cache.hitCount == 0)
    }

    private func error(_ body: () throws -> SQL) -> FetchError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? FetchError
        }
    }

    @Test("when full, the cache empties and starts again")
    func bounded() throws {
        let cache = FetchSelectCache(capacity: 3)
        let user = entity("User")
        for limit in 1...7 {
            let request = FetchRequest(entityName: "User")
            request.fetchLimit = limit
            _ = try cache.select(
                FetchSQL(request: request, entity: user, model: model), layout: layout(user),
                idsOnly: false)
            #expect(cache.count <= 3)
        }
        #expect(cache.compileCount == 7)
    }
}
