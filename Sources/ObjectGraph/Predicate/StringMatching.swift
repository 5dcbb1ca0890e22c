import Foundation

/// The string operators of the predicate language and their `[c]`, `[d]` options,
/// implemented once for both SQL (as functions registered on the connection) and the
/// in-memory evaluator, so both give the same answers.
package enum StringMatching {
    /// A string operator.
    package enum Operator: Int64, Sendable {
        case beginsWith = 1
        case endsWith = 2
        case contains = 3
        case like = 4
        /// `==` with `[c]` or `[d]`.
        case equals = 5
        /// `MATCHES`: an ICU regular expression that must match the whole value.
        case matches = 6
    }

    /// `[c]` (case-insensitive) and `[d]` (diacritic-insensitive).
    package struct Options: OptionSet, Hashable, Sendable {
        /// The bits, as passed to the SQL functions.
        package let rawValue: Int64
        /// Options from their bits.
        package init(rawValue: Int64) { self.rawValue = rawValue }
        /// `[c]`.
        package static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`.
        package static let diacriticInsensitive = Options(rawValue: 2)
    }

    /// How much work one `MATCHES` test may do: ICU calls back every 10,000 steps of
    /// its matcher, and the test gives up after this many calls, about 5 million steps
    /// (a second or two). A linear expression needs that many only on values of
    /// megabytes; an exponential one (`(.*a){25}x`) would otherwise run for hours.
    /// Counted in steps, not time, so the same value and pattern always give the same
    /// answer.
    package static let regexProgressBudget = 500

    /// ``regexProgressBudget`` in matcher steps, for error messages.
    package static let regexStepBudget = regexProgressBudget * 10_000

    /// ``regexStepBudget`` as a message prints it.
    package static let regexStepBudgetText = "5,000,000"

    /// Whether `value` matches `pattern` under `op` and `options`.
    ///
    /// An empty pattern (after folding) never begins, ends or is contained in a value,
    /// as `NSString.hasPrefix(_:)` and `range(of:)` answer for an empty string. In `LIKE`
    /// a backslash makes the next character literal (`\*`, `\?`, `\\` in the value).
    ///
    /// Cost: linear in the lengths for the substring operators; `LIKE` (`*` and `?`
    /// wildcards) is at worst their product; `MATCHES` compiles the expression on every
    /// call and runs at most ``regexStepBudget`` steps. An invalid regular expression
    /// matches nothing.
    /// - Throws: ``FetchError/matchBudgetExceeded(pattern:valueLength:)`` when a
    ///   `MATCHES` test runs past its budget; the other operators never throw.
    package static func matches(
        _ value: String, _ pattern: String, _ op: Operator, _ options: Options
    ) throws(FetchError) -> Bool {
        var value = value
        var pattern = pattern
        let ascii = value.withUTF8 { value in
            pattern.withUTF8 { asciiMatches(value, $0, op, options) }
        }
        if let ascii { return ascii }
        return try unicodeMatches(value, pattern, op, options)
    }

    /// ``matches(_:_:_:_:)`` with Unicode folding and comparison whatever the text.
    /// - Throws: ``FetchError/matchBudgetExceeded(pattern:valueLength:)`` as
    ///   ``matches(_:_:_:_:)``.
    package static func unicodeMatches(
        _ value: String, _ pattern: String, _ op: Operator, _ options: Options
    ) throws(FetchError) -> Bool {
        let folded = (value: fold(value, options), pattern: fold(pattern, options))
        switch op {
        case .matches: return try regexMatches(value, pattern, options)
        case .beginsWith: return !folded.pattern.isEmpty && folded.value.hasPrefix(folded.pattern)
        case .endsWith: return !folded.pattern.isEmpty && folded.value.hasSuffix(folded.pattern)
        case .contains: return !folded.pattern.isEmpty && folded.value.contains(folded.pattern)
        case .like:
            return likeTable(
                Array(folded.value), Array(folded.pattern), any: "*", one: "?", escape: "\\")
        case .equals: return folded.value == folded.pattern
        }
    }

    /// Whether the whole of `value` matches the regular expression `pattern`, stopping
    /// after ``regexProgressBudget`` of ICU's progress calls (`.reportProgress`).
    private static func regexMatches(_ value: String, _ pattern: String, _ options: Options)
        throws(FetchError) -> Bool
    {
        let folding = options.subtracting(.caseInsensitive)
        let value = fold(value, folding)
        let regexOptions: NSRegularExpression.Options =
            options.contains(.caseInsensitive) ? [.caseInsensitive] : []
        guard
            let regex = try? NSRegularExpression(
                pattern: "^(?:" + fold(pattern, folding) + ")$", options: regexOptions)
        else { return false }
        let range = NSRange(value.startIndex..., in: value)
        var matched = false
        var progressCalls = 0
        regex.enumerateMatches(in: value, options: [.reportProgress], range: range) {
            result, _, stop in
            if result != nil {
                matched = true
                stop.pointee = true
            } else {
                progressCalls += 1
                if progressCalls > regexProgressBudget { stop.pointee = true }
            }
        }
        if !matched && progressCalls > regexProgressBudget {
            throw .matchBudgetExceeded(pattern: pattern, valueLength: value.count)
        }
        return matched
    }

    static func fold(_ text: String, _ options: Options) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }

    /// NSPredicate's LIKE over characters or bytes: `any` matches any run, `one`
    /// exactly one element, and `escape` makes the element after it literal (a trailing
    /// `escape` is itself literal). Cost: pattern length times value length.
    static func likeTable<Element: Equatable>(
        _ value: [Element], _ pattern: [Element], any: Element, one: Element, escape: Element
    ) -> Bool {
        var row = [Bool](repeating: false, count: value.count + 1)
        row[0] = true
        for mark in likeMarks(pattern, any: any, one: one, escape: escape) {
            var next = [Bool](repeating: false, count: value.count + 1)
            switch mark {
            case .run:
                next[0] = row[0]
                for index in 1...max(value.count, 1) where index <= value.count {
                    next[index] = row[index] || next[index - 1]
                }
            case .one, .literal:
                for index in 0..<value.count where row[index] {
                    next[index + 1] = mark.accepts(value[index])
                }
            }
            row = next
        }
        return row[value.count]
    }

    /// One step of a LIKE pattern.
    private enum LikeMark<Element: Equatable> {
        case run
        case one
        case literal(Element)

        func accepts(_ element: Element) -> Bool {
            switch self {
            case .run, .one: return true
            case .literal(let literal): return literal == element
            }
        }
    }

    private static func likeMarks<Element: Equatable>(
        _ pattern: [Element], any: Element, one: Element, escape: Element
    ) -> [LikeMark<Element>] {
        var marks: [LikeMark<Element>] = []
        var index = 0
        while index < pattern.count {
            let element = pattern[index]
            if element == escape, index + 1 < pattern.count {
                index += 1
                marks.append(.literal(pattern[index]))
            } else if element == any {
                marks.append(.run)
            } else if element == one {
                marks.append(.one)
            } else {
                marks.append(.literal(element))
            }
            index += 1
        }
        return marks
    }
}
