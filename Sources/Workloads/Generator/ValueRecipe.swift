import Foundation

/// How one attribute's values are generated.
///
/// A schema names a recipe per attribute; attributes it does not name get
/// ``defaultRecipe(for:)`` from their type, so any model can be generated.
public enum ValueRecipe: Sendable {
    /// 1, 2, 3, … (the row number).
    case sequence
    /// Uniform integers in a range.
    case uniform(ClosedRange<Int64>)
    /// A bell shape over a range peaking at `mode`: the triangular distribution, drawn
    /// by its inverse CDF (only sqrt, so identical on every machine).
    case bell(ClosedRange<Int64>, mode: Int64)
    /// Uniform doubles in a range.
    case real(ClosedRange<Double>)
    /// One of the strings, with integer weights (for example 10 / 85 / 5 percent).
    case weighted([String], weights: [Int])
    /// A sentence of a word count drawn from the range (the Vocabulary list).
    case words(ClosedRange<Int>)
    /// Long text: a word count from the range, skewed toward the short end (u² of a
    /// uniform draw), so most bodies are short and a few are long.
    case longText(ClosedRange<Int>)
    /// "First Last" from the name lists.
    case personName
    /// An email unique to the row (it contains the row number).
    case uniqueEmail
    /// Dates spread uniformly over `years` years before `end`.
    case dates(end: Date, years: Int)
    /// true with the given percentage.
    case boolean(percentTrue: Int)
    /// Random version-4 UUIDs.
    case uuid
    /// Random bytes, length drawn from the range.
    case bytes(ClosedRange<Int>)
    /// Decimals with two fraction digits in a range of whole units.
    case money(ClosedRange<Int64>)
    /// `prefix` followed by the row number: unique labels such as `tag17`.
    case numbered(String)
    /// URLs unique to the row.
    case url
    /// The same value as another attribute of the row (indexed / unindexed twins).
    case copy(of: String)
    /// The number of words of another (string) attribute of the row.
    case wordCount(of: String)
    /// A list of 0 to n words (a transformable `[String]` attribute).
    case wordList(ClosedRange<Int>)

    /// The recipe an attribute of `type` gets when its schema names none.
    public static func defaultRecipe(for type: AttributeTypeName) -> ValueRecipe {
        switch type {
        case .integer: return .uniform(0...1_000)
        case .real: return .real(0...1_000)
        case .decimal: return .money(0...10_000)
        case .string: return .words(1...6)
        case .boolean: return .boolean(percentTrue: 50)
        case .date: return .dates(end: DatasetGenerator.epoch, years: 5)
        case .binary: return .bytes(16...64)
        case .uuid: return .uuid
        case .uri: return .url
        }
    }

    /// The attribute this recipe reads from the same row, if any.
    var dependency: String? {
        switch self {
        case .copy(let name), .wordCount(let name): return name
        default: return nil
        }
    }
}

/// The families of attribute types a default recipe is chosen by.
public enum AttributeTypeName: Sendable {
    case integer, real, decimal, string, boolean, date, binary, uuid, uri
}
