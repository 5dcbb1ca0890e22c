import Foundation
import SQLiteDB

/// A predicate tree read with each constant reduced to its kind: what the compiled SQL
/// text of ``FetchSQL`` depends on, for ``FetchSelectCache``.
///
/// The kinds are the distinctions `PredicateSQLCompiler` and `PredicateChecker` make
/// about a constant: `nil` (`IS NULL`, `NULL`), a `Bool` and its value (bound as 1 or
/// 0), an integer, a double, a string, a date, data, an object ID of one entity
/// (permanent, bound as its key, or temporary, bound as -1; another entity throws), and
/// a list with the kinds of its elements (its length sets the placeholders, its `nil`s
/// add `IS NULL`). Constants are numbered in one fixed order (depth first, left side
/// before right, list elements in order), the order ``constants`` lists them in.
///
/// Only shapes whose text cannot depend on a constant's value beyond its kind are
/// cacheable: no comparison of two constants (folded to `1` or `0` by value), no
/// arithmetic, `SUBQUERY`, variable or variable list, and no UUID, URL or Decimal
/// constant (their storage forms are left to the fresh compile).
struct PredicateShape {
    /// The constants of the tree, in the shape's order.
    private(set) var constants: [PredicateValue] = []
    private var hasher = Hasher()

    /// An empty shape; ``read(_:)`` adds a tree to it.
    init() {}

    /// Mixes more of a cache key into the hash.
    mutating func combine<each Value: Hashable>(_ values: repeat each Value) {
        repeat hasher.combine(each values)
    }

    /// The hash of the shape (the tree with constants as kinds) and of what was
    /// combined with it.
    func finalize() -> Int { hasher.finalize() }

    /// Reads `node` into the shape; false when it is not cacheable.
    mutating func read(_ node: PredicateNode) -> Bool {
        switch node {
        case .truePredicate: hasher.combine(0 as UInt8)
        case .falsePredicate: hasher.combine(1 as UInt8)
        case .not(let inner):
            hasher.combine(2 as UInt8)
            return read(inner)
        case .and(let terms), .or(let terms):
            if case .and = node { hasher.combine(3 as UInt8) } else { hasher.combine(4 as UInt8) }
            hasher.combine(terms.count)
            for term in terms {
                guard read(term) else { return false }
            }
        case .comparison(let comparison):
            if case .constant = comparison.lhs, case .constant = comparison.rhs { return false }
            hasher.combine(5 as UInt8)
            hasher.combine(comparison.op)
            hasher.combine(comparison.options.rawValue)
            hasher.combine(comparison.modifier)
            return read(comparison.lhs) && read(comparison.rhs)
        }
        return true
    }

    private mutating func read(_ expression: PredicateExpression) -> Bool {
        switch expression {
        case .keyPath(let keyPath):
            hasher.combine(0 as UInt8)
            hasher.combine(keyPath)
        case .constant(let value):
            hasher.combine(1 as UInt8)
            return read(value, inList: false)
        case .evaluatedObject:
            hasher.combine(2 as UInt8)
        case .aggregate(let function, .keyPath(let collection), let key):
            hasher.combine(3 as UInt8)
            hasher.combine(function)
            hasher.combine(collection)
            hasher.combine(key)
        case .aggregate, .variable, .subquery, .arithmetic, .list:
            return false
        }
        return true
    }

    private mutating func read(_ value: PredicateValue, inList: Bool) -> Bool {
        switch value {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let bool):
            hasher.combine(1 as UInt8)
            hasher.combine(bool)
        case .integer: hasher.combine(2 as UInt8)
        case .double: hasher.combine(3 as UInt8)
        case .string: hasher.combine(4 as UInt8)
        case .date: hasher.combine(5 as UInt8)
        case .data: hasher.combine(6 as UInt8)
        case .object(let id):
            hasher.combine(7 as UInt8)
            hasher.combine(ObjectIdentifier(id.entity))
            hasher.combine(id.isTemporaryID)
        case .list(let values):
            guard !inList else { return false }
            hasher.combine(8 as UInt8)
            hasher.combine(values.count)
            for value in values {
                guard read(value, inList: true) else { return false }
            }
            return true
        case .uuid, .url, .decimal:
            return false
        }
        constants.append(value)
        return true
    }

    // MARK: - Equality

    /// Whether two cacheable trees have the same shape: the same tree with constants of
    /// the same kinds. Key paths compare byte for byte.
    static func same(_ lhs: PredicateNode, _ rhs: PredicateNode) -> Bool {
        switch (lhs, rhs) {
        case (.truePredicate, .truePredicate), (.falsePredicate, .falsePredicate): return true
        case (.not(let left), .not(let right)): return same(left, right)
        case (.and(let left), .and(let right)), (.or(let left), .or(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        case (.comparison(let left), .comparison(let right)):
            return left.op == right.op && left.options == right.options
                && left.modifier == right.modifier && same(left.lhs, right.lhs)
                && same(left.rhs, right.rhs)
        default: return false
        }
    }

    private static func same(_ lhs: PredicateExpression, _ rhs: PredicateExpression) -> Bool {
        switch (lhs, rhs) {
        case (.keyPath(let left), .keyPath(let right)): return sameBytes(left, right)
        case (.constant(let left), .constant(let right)): return sameKind(left, right)
        case (.evaluatedObject, .evaluatedObject): return true
        case (
            .aggregate(let leftFunction, .keyPath(let left), let leftKey),
            .aggregate(let rightFunction, .keyPath(let right), let rightKey)
        ):
            guard leftFunction == rightFunction, sameBytes(left, right) else { return false }
            switch (leftKey, rightKey) {
            case (nil, nil): return true
            case (let leftKey?, let rightKey?): return sameBytes(leftKey, rightKey)
            default: return false
            }
        default: return false
        }
    }

    private static func sameKind(_ lhs: PredicateValue, _ rhs: PredicateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null), (.integer, .integer), (.double, .double), (.string, .string),
            (.date, .date), (.data, .data):
            return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.object(let left), .object(let right)):
            return left.entity === right.entity && left.isTemporaryID == right.isTemporaryID
        case (.list(let left), .list(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameKind($0, $1) }
        default: return false
        }
    }

    private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }
}

// MARK: - Probes

extension PredicateShape {
    /// How a constant becomes its bound argument, exactly as `storage(_:for:)` and the
    /// string operators bind it.
    enum Conversion: Hashable, Sendable {
        /// An integer as an integer.
        case integer
        /// An integer as a real (a `Double`, `Float` or `Date` column).
        case integerAsReal
        /// A double as a real.
        case real
        /// A date as seconds since 2001 (a real).
        case date
        /// A string as text.
        case text
        /// Data as a blob.
        case blob
        /// A permanent object ID as its primary key.
        case objectKey

        /// The argument for `value`; nil when `value` is not of the kind it was made for.
        func argument(_ value: PredicateValue) -> SQLiteValue? {
            switch (self, value) {
            case (.integer, .integer(let int)): return .integer(int)
            case (.integerAsReal, .integer(let int)): return .real(Double(int))
            case (.real, .double(let double)): return .real(double)
            case (.date, .date(let date)): return .real(date.timeIntervalSinceReferenceDate)
            case (.text, .string(let string)): return .text(string)
            case (.blob, .data(let data)): return .blob(data)
            case (.objectKey, .object(let id)): return id.primaryKey.map { .integer($0) }
            default: return nil
            }
        }
    }

    /// `node` with each constant that binds a value of its own replaced by a probe of
    /// the same kind whose arguments no other constant and no fixed part of a statement
    /// can produce, and the argument each probe can become, with the constant's number
    /// and conversion. `nil`, `Bool`s and temporary IDs stay: their kind fixes what they
    /// bind.
    static func probed(_ node: PredicateNode) -> (PredicateNode, [SQLArgument: (Int, Conversion)]) {
        var probes = Probes()
        return (probes.node(node), probes.arguments)
    }

    private struct Probes {
        /// Integers, doubles and dates are probed from 2^41 (exact as doubles), object
        /// keys from 2^42; strings and data start with U+0001.
        static let numberBase: Int64 = 1 << 41
        static let keyBase: Int64 = 1 << 42

        var next = 0
        var arguments: [SQLArgument: (Int, Conversion)] = [:]

        mutating func node(_ node: PredicateNode) -> PredicateNode {
            switch node {
            case .truePredicate, .falsePredicate: return node
            case .not(let inner): return .not(self.node(inner))
            case .and(let terms): return .and(terms.map { self.node($0) })
            case .or(let terms): return .or(terms.map { self.node($0) })
            case .comparison(var comparison):
                comparison.lhs = expression(comparison.lhs)
                comparison.rhs = expression(comparison.rhs)
                return .comparison(comparison)
            }
        }

        private mutating func expression(_ expression: PredicateExpression)
            -> PredicateExpression
        {
            guard case .constant(let value) = expression else { return expression }
            return .constant(self.value(value))
        }

        private mutating func value(_ value: PredicateValue) -> PredicateValue {
            if case .list(let values) = value { return .list(values.map { self.value($0) }) }
            let index = next
            next += 1
            let number = Self.numberBase + Int64(index)
            let text = "\u{1}probe \(index)"
            switch value {
            case .integer:
                add(.integer(number), index, .integer)
                add(.real(Double(number)), index, .integerAsReal)
                return .integer(number)
            case .double:
                let double = Double(number) + 0.5
                add(.real(double), index, .real)
                return .double(double)
            case .date:
                let seconds = Double(number) + 0.25
                add(.real(seconds), index, .date)
                return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .string:
                add(.text(text), index, .text)
                return .string(text)
            case .data:
                let data = Data(text.utf8)
                add(.blob(data), index, .blob)
                return .data(data)
            case .object(let id) where !id.isTemporaryID:
                let key = Self.keyBase + Int64(index)
                add(.integer(key), index, .objectKey)
                return .object(ObjectID(entity: id.entity, primaryKey: key, store: UUID()))
            default:
                return value
            }
        }

        private mutating func add(_ value: SQLiteValue, _ index: Int, _ conversion: Conversion) {
            arguments[.value(value)] = (index, conversion)
        }
    }
}
