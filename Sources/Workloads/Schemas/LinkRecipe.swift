/// How a relationship's destinations are chosen.
public enum LinkRecipe: Sendable {
    /// A to-one: each row picks a destination with the skew given (nil: uniform);
    /// `percentNil` of rows get none.
    case toOne(skew: ZipfSampler.Exponent?, percentNil: Int)
    /// A many-to-many: each row links to a number of distinct destinations drawn
    /// uniformly from `perRow`, chosen with the skew given (nil: uniform).
    case links(perRow: ClosedRange<Int>, skew: ZipfSampler.Exponent?)
    /// Neither side gets links (the relationship stays empty).
    case none

    /// What a relationship gets when its schema names no recipe: uniform to-ones
    /// (never nil when the relationship is required), 0 to 3 links per row.
    static func defaultRecipe(isToMany: Bool, isOptional: Bool) -> LinkRecipe {
        isToMany
            ? .links(perRow: 0...3, skew: nil) : .toOne(skew: nil, percentNil: isOptional ? 5 : 0)
    }
}
