/// Which attribute type changes lightweight migration infers.
///
/// Core Data's inferred mapping copies each value through `NSNumber` or as it is, so
/// it accepts a type change only when every stored value keeps its meaning: Boolean
/// to any number (its `NSNumber` is 0 or 1, stored as such), integers widened (16 to
/// 32 to 64), integers to double, float or decimal, float to double.
/// Narrowing, string to number and the like are refused; a custom mapping can convert
/// them with a closure.
enum AttributeConversion {
    /// Why `old` cannot become `new`; nil when the change can be inferred.
    static func refusal(from old: ResolvedAttribute, to new: ResolvedAttribute) -> String? {
        if (old.transformer == nil) != (new.transformer == nil) {
            return old.transformer == nil
                ? "becomes transformable; stored values are not its transformer's bytes"
                : "stops being transformable; stored values are a transformer's bytes"
        }
        guard old.type != new.type else { return nil }
        if rank(old.type).map({ from in rank(new.type).map { from <= $0 } ?? false }) == true {
            return nil
        }
        return "changes type from \(old.type.rawValue) to \(new.type.rawValue), which Core "
            + "Data's inferred mapping does not convert; use a custom mapping"
    }

    /// The order in which numeric types widen; nil for non-numbers.
    private static func rank(_ type: AttributeType) -> Int? {
        switch type {
        case .boolean: -1
        case .integer16: 0
        case .integer32: 1
        case .integer64: 2
        case .float: 3
        case .double: 4
        case .decimal: 5
        default: nil
        }
    }
}
