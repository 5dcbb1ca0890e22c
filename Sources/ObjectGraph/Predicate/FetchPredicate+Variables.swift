extension FetchPredicate {
    /// The predicate with each `$name` replaced by `variables["name"]`, as NSPredicate's
    /// `withSubstitutionVariables(_:)`; variables bound by a `SUBQUERY` are left alone.
    ///
    /// ```swift
    /// let template = try FetchPredicate(format: "age > $minimum")
    /// let adults = try template.withSubstitutionVariables(["minimum": 17])
    /// ```
    ///
    /// Cost: one walk over the tree.
    ///
    /// - Parameter variables: Values for the `$name` variables, keyed by name without the `$`.
    /// - Throws: ``FetchError/unsupportedComparison(_:)`` for a value the language has
    ///   no constant for.
    public func withSubstitutionVariables(_ variables: [String: Any?]) throws -> FetchPredicate {
        var values: [String: PredicateValue] = [:]
        for (name, value) in variables {
            guard let constant = PredicateValue(value) else {
                throw FetchError.unsupportedComparison(
                    "$\(name): a \(value.map { String(describing: type(of: $0)) } ?? "nil") "
                        + "has no predicate constant")
            }
            values[name] = constant
        }
        return FetchPredicate(root: root.substituting(values), format: format)
    }

    /// Whether `object` satisfies the predicate, evaluated in memory with the answer the
    /// SQL gives (NSPredicate's `evaluate(with:)`).
    ///
    /// Cost: one key read per key path (faults may fire; a to-many read runs one SELECT).
    ///
    /// - Parameter object: The object to test, read on its context's queue.
    /// - Throws: ``FetchError`` or ``KeyValueError`` for key paths the object lacks.
    public func evaluate(with object: ManagedObject) throws -> Bool {
        try PredicateEvaluator.matches(root, on: object)
    }
}
