extension PredicateExpression {
    /// The keys of `keyPath` in a scope whose root a `SUBQUERY` names `variable` (nil
    /// outside any subquery): a leading `$variable` names that root and is dropped.
    /// The SQL compiler and the model checker read key paths through this one rule.
    ///
    /// Cost: one split of the key path.
    ///
    /// - Throws: ``FetchError/unboundVariable(_:)`` for a leading `$name` that is not
    ///   the scope's variable.
    static func localKeys(of keyPath: String, variable: String?) throws -> [String] {
        var keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let first = keys.first, first.hasPrefix("$") {
            guard first == "$" + (variable ?? "") else {
                throw FetchError.unboundVariable(String(first.dropFirst()))
            }
            keys.removeFirst()
        }
        return keys
    }
}
