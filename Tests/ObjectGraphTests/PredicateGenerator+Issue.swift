extension PredicateGenerator {
    private static let patternOperators = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES"]
    private static let arithmetic = ["+", "-", "*", "/"]

    /// A leaf of one of the newer productions on `entity`; about a fifth are type
    /// mismatches or modifiers without a collection, which both paths must refuse alike.
    mutating func issueLeaf(on entity: String) -> String {
        switch (entity, Int.random(in: 0..<12, using: &random)) {
        case ("Post", let choice): return postIssueLeaf(choice)
        case ("Tag", let choice) where choice < 6: return stringIssueLeaf("name", choice)
        case ("Tag", _): return "\(modifier()) posts.score \(pick(Self.arithmetic)) 2 > \(score())"
        case (_, let choice) where choice < 6: return stringIssueLeaf("name", choice)
        case (_, 6): return "age IN\(pick(Self.options)) {nil, \(number()), \(number())}"
        case (_, 7): return "\(arithmeticTerm("age")) \(pick(Self.orderOperators)) \(number())"
        case (_, 8): return "posts.@count \(pick(Self.arithmetic)) 2 \(pick(["==", ">", "<"])) 1"
        case (_, 9): return "-age \(pick(["<", ">="])) -\(number())"
        case (_, 10): return "ANY posts.score \(pick(Self.arithmetic)) 2 > \(score())"
        default: return mismatch()
        }
    }

    private mutating func postIssueLeaf(_ choice: Int) -> String {
        switch choice {
        case 0..<5: return stringIssueLeaf(pick(["title", "author.name"]), choice)
        case 5: return "\(arithmeticTerm("score")) \(pick(Self.orderOperators)) \(score())"
        case 6: return "author.age \(pick(Self.arithmetic)) score > \(number())"
        case 7: return "(score + 1) * \(score()) \(pick(Self.orderOperators)) \(number())"
        case 8: return "'\(pick(["s", "S", "f", ""]))' IN\(pick(Self.options)) tags.name"
        case 9:
            return
                "score / \(pick(["0", "2", "0.5"])) \(pick(["==", "!=", ">"])) \(pick(["nil", "2"]))"
        default: return mismatch()
        }
    }

    /// Nil in lists, options on IN, empty and nil patterns, orderings with options, IN
    /// a string, and LIKE escapes, on the string key `key`.
    private mutating func stringIssueLeaf(_ key: String, _ choice: Int) -> String {
        let options = pick(Self.options)
        switch choice {
        case 0: return "\(key) IN\(options) {nil, '\(pick(Self.names))', '\(pick(Self.titles))'}"
        case 1: return "\(key) \(pick(Self.patternOperators))\(options) \(pick(["''", "nil"]))"
        case 2:
            return
                "\(key) \(pick(["<", "<=", ">", ">="]))\(options) '\(pick(Self.names + Self.titles))'"
        case 3: return "'\(pick(["an", "AN", "é", "", "a*"]))' IN\(options) \(key)"
        case 4: return "\(key) IN\(options) '\(pick(["annie bob", "Swift tips café", "A*B"]))'"
        default:
            return "\(key) LIKE\(options) '\(pick(["a\\\\*b", "a\\\\?b", "*\\\\\\\\*", "\\\\a*"]))'"
        }
    }

    private mutating func arithmeticTerm(_ key: String) -> String {
        let operand = pick(["1", "2", "0", "0.5", "nil", "-3"])
        return Bool.random(using: &random)
            ? "\(key) \(pick(Self.arithmetic)) \(operand)"
            : "\(operand) \(pick(Self.arithmetic)) \(key)"
    }

    /// A predicate both paths must refuse with the same error.
    private mutating func mismatch() -> String {
        pick([
            "name == 3", "age == 'x'", "age BETWEEN {1, 'x'}", "ANY age > 3", "name + 1 > 2",
            "ALL name == 'a'", "age BEGINSWITH 'a'", "age IN 3",
        ])
    }

    private mutating func number() -> String { String(Int.random(in: 18...42, using: &random)) }
}
