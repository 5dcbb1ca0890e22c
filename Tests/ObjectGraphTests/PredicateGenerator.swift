import Foundation

/// SplitMix64: a small seeded generator, so a failing property case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Random predicate format strings over the social model (User, Post, Tag), covering
/// every operator, modifier, aggregate and SUBQUERY, nested with AND, OR and NOT, and
/// (``issueLeaf(on:)``) the productions of the predicate issue: nil in lists, options
/// on IN and orderings, empty and nil patterns, IN a string, LIKE escapes, arithmetic
/// and type mismatches.
struct PredicateGenerator {
    var random: SeededGenerator

    static let names = ["ann", "Ann", "Ánn", "bob", "çelia", "Celia", "", "a*b"]
    static let titles = ["Swift", "swift tips", "Café", "cafe", "SQL", "ÉTÉ", ""]
    private static let stringOperators = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "==", "!="]
    static let orderOperators = ["==", "!=", "<", "<=", ">", ">=", "=<", "=>", "<>"]
    static let options = ["", "[c]", "[d]", "[cd]"]

    /// A predicate on `entity`, at most `depth` levels of AND, OR and NOT deep.
    mutating func predicate(on entity: String, depth: Int = 2) -> String {
        guard depth > 0, Int.random(in: 0..<3, using: &random) == 0 else {
            return leaf(on: entity)
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "NOT (\(predicate(on: entity, depth: depth - 1)))"
        case 1:
            return "(\(predicate(on: entity, depth: depth - 1)) AND "
                + "\(predicate(on: entity, depth: depth - 1)))"
        default:
            return "(\(predicate(on: entity, depth: depth - 1)) OR "
                + "\(predicate(on: entity, depth: depth - 1)))"
        }
    }

    private mutating func leaf(on entity: String) -> String {
        if Int.random(in: 0..<5, using: &random) < 2 { return issueLeaf(on: entity) }
        switch entity {
        case "User": return userLeaf()
        case "Post": return postLeaf(prefix: "")
        default: return tagLeaf()
        }
    }

    private mutating func userLeaf() -> String {
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return "age \(pick(Self.orderOperators)) \(Int.random(in: 18...42, using: &random))"
        case 1: return stringComparison("name", Self.names)
        case 2: return "age BETWEEN {\(Int.random(in: 18...30, using: &random)), 35}"
        case 3: return "name IN {'\(pick(Self.names))', '\(pick(Self.names))'}"
        case 4: return "\(modifier()) posts.score \(pick(Self.orderOperators)) \(score())"
        case 5: return "\(modifier()) " + stringComparison("posts.title", Self.titles)
        case 6:
            return
                "posts.@count \(pick(Self.orderOperators)) \(Int.random(in: 0...3, using: &random))"
        case 7:
            let function = pick(["@sum", "@avg", "@min", "@max"])
            return "posts.\(function).score \(pick(Self.orderOperators)) \(score())"
        case 8:
            return "SUBQUERY(posts, $p, \(postLeaf(prefix: "$p."))).@count "
                + "\(pick(Self.orderOperators)) \(Int.random(in: 0...2, using: &random))"
        case 9:
            let tag = pick(["swift", "SQL", "food"])
            if Bool.random(using: &random) {
                return "posts.tags.name CONTAINS\(pick(Self.options)) '\(tag)'"
            }
            return "\(modifier()) posts.tags.name ==\(pick(Self.options)) '\(tag)'"
        case 10: return "name \(pick(["==", "!="])) nil"
        default:
            return
                "name MATCHES\(pick(Self.options)) '\(pick(["a.*", "[AÁa]nn", ".*l.*", "b?o+b"]))'"
        }
    }

    private mutating func postLeaf(prefix: String) -> String {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return stringComparison(prefix + "title", Self.titles)
        case 1: return "\(prefix)score \(pick(Self.orderOperators)) \(score())"
        case 2: return stringComparison(prefix + "author.name", Self.names)
        case 3:
            return
                "\(prefix)author.age \(pick(Self.orderOperators)) \(Int.random(in: 18...42, using: &random))"
        case 4:
            return
                "\(prefix)tags.@count \(pick(Self.orderOperators)) \(Int.random(in: 0...2, using: &random))"
        case 5:
            return
                "\(modifier()) \(prefix)tags.name BEGINSWITH\(pick(Self.options)) '\(pick(["s", "S", "f"]))'"
        case 6: return "\(prefix)isDraft == \(pick(["YES", "NO"]))"
        case 7:
            return
                "\(prefix)published < CAST(\(Int.random(in: 0...3, using: &random) * 86_400), \"NSDate\")"
        default: return "\(prefix)score \(pick(["==", "!="])) nil"
        }
    }

    private mutating func tagLeaf() -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return stringComparison("name", ["swift", "SQL", "food", "s"])
        case 1:
            return
                "posts.@count \(pick(Self.orderOperators)) \(Int.random(in: 0...3, using: &random))"
        case 2:
            return
                "\(modifier()) posts.author.age \(pick(Self.orderOperators)) \(Int.random(in: 18...42, using: &random))"
        default: return "\(modifier()) posts.score BETWEEN {\(score()), 4}"
        }
    }

    private mutating func stringComparison(_ keyPath: String, _ pool: [String]) -> String {
        let op = pick(Self.stringOperators)
        var value = pick(pool)
        if op == "LIKE" { value = pick(["*a*", "?nn", "S*", "*é", "c?f*"]) }
        return "\(keyPath) \(op)\(pick(Self.options)) '\(value)'"
    }

    mutating func modifier() -> String { pick(["ANY", "SOME", "ALL", "NONE"]) }

    mutating func score() -> String {
        String(Double(Int.random(in: 0...10, using: &random)) / 2)
    }

    mutating func pick(_ values: [String]) -> String {
        values[Int.random(in: 0..<values.count, using: &random)]
    }
}
