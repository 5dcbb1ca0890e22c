import Foundation

/// Finds the key path a predicate compares a `$VARIABLE` with, so a template's
/// variable can take the value that key path has in the data: `author.name ==
/// $NAME` and `$NAME == author.name` both give `author.name`; `ANY tags.name
/// BEGINSWITH[c] $P` gives `tags.name`.
///
/// Reads the format text, not the parsed predicate: a variable compared with no key
/// path (`$A == $B`, a function's argument) gives nil. Cost: two regular-expression
/// searches.
enum VariableKeyPath {
    private static let keyPath = #"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_@][A-Za-z0-9_]*)*)"#
    private static let operators =
        #"(?:==|=|!=|<>|<=|>=|=<|=>|<|>|BEGINSWITH|ENDSWITH|CONTAINS|LIKE|MATCHES|IN)(?:\[[cdn]+\])?"#

    /// The key path compared with `$name` in `format`, or nil.
    static func find(_ name: String, in format: String) -> String? {
        let variable = #"\$"# + NSRegularExpression.escapedPattern(for: name) + #"(?![A-Za-z0-9_])"#
        let before = keyPath + #"\s*"# + operators + #"\s*"# + variable
        let after = variable + #"\s*"# + operators + #"\s*"# + keyPath
        for pattern in [before, after] {
            guard
                let expression = try? NSRegularExpression(
                    pattern: pattern, options: [.caseInsensitive]),
                let match = expression.firstMatch(
                    in: format, range: NSRange(format.startIndex..., in: format)),
                let range = Range(match.range(at: 1), in: format)
            else { continue }
            let found = String(format[range])
            let keywords: Set<String> = ["ANY", "ALL", "SOME", "NONE", "NOT", "AND", "OR"]
            if !keywords.contains(found.uppercased()) { return found }
        }
        return nil
    }
}
