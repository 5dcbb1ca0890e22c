import ObjectGraph

/// The value recipe of each attribute of a user's model: the type's default, kept
/// within the attribute's validation bounds, and unique where a uniqueness
/// constraint asks for it.
enum ModelValueRecipes {
    /// Recipes by attribute name for the rows of `entity` (unique text carries the
    /// entity's name, since sub-entities share their root's table and its constraints).
    static func recipes(
        for attributes: [AttributeDescription], unique: Set<String>, entity: String
    ) -> [String: ValueRecipe] {
        Dictionary(
            attributes.map {
                ($0.name, recipe(for: $0, unique: unique.contains($0.name) ? entity : nil))
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// Class names of a transformable that the generator fills with lists of words.
    static let stringListClasses: Set<String> = [
        "[String]", "Array<String>", "NSArray", "[NSString]",
    ]

    /// Whether a transformable with this transformer and class gets generated values:
    /// lists of words, through one of Core Data's archiving transformers.
    static func generatesStringLists(transformer: String?, className: String?) -> Bool {
        ValueTransformerRegistry.isArchivingName(transformer)
            && stringListClasses.contains(className ?? "")
    }

    static func recipe(for attribute: AttributeDescription, unique entity: String?) -> ValueRecipe {
        if case .transformable = attribute.valueKind { return .wordList(0...3) }
        let family = attribute.type.recipeFamily
        if let entity {
            switch family {
            case .string: return .numbered("\(entity)-\(attribute.name)-")
            case .integer: return .sequence
            default: break
            }
        }
        switch family {
        case .integer:
            return .uniform(integerRange(attribute))
        case .real:
            let low = attribute.minimumValue ?? min(0, attribute.maximumValue ?? 0)
            return .real(low...max(low, attribute.maximumValue ?? low + 1_000))
        case .string:
            // Words average under 5 characters; at most 8 plus a space each.
            guard let longest = attribute.maximumValue, longest < 54 else {
                return .defaultRecipe(for: family)
            }
            return .words(1...max(1, Int(longest) / 9))
        default:
            return .defaultRecipe(for: family)
        }
    }

    /// 0...1000 by default, moved and clipped to the bounds and to the type's range.
    private static func integerRange(_ attribute: AttributeDescription) -> ClosedRange<Int64> {
        let bits: Int64 =
            switch attribute.type {
            case .integer16: 15
            case .integer32: 31
            default: 62
            }
        let typeLow = -(Int64(1) << bits)
        let typeHigh = (Int64(1) << bits) - 1
        let low = attribute.minimumValue.map {
            Int64(max(Double(typeLow), min($0, Double(typeHigh))))
        }
        let high = attribute.maximumValue.map {
            Int64(max(Double(typeLow), min($0, Double(typeHigh))))
        }
        let start = low ?? min(0, high ?? 0)
        let end = max(start, high ?? min(typeHigh, start + 1_000))
        return start...end
    }
}
