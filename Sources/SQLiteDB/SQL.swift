/// SQL text with its arguments, built by string interpolation so that values can only
/// ever reach SQLite as bound parameters.
///
/// Every interpolated value becomes a `?` placeholder and an argument. Names are
/// ``SQLName`` values (written as is, quoted where SQLite needs it) or go through
/// `\(identifier:)` (always double-quoted, quotes doubled); fragments of other `SQL`
/// values keep their own arguments; anything else must be marked with `\(raw:)`, which
/// makes the rare places that splice text easy to find in review.
///
/// ```swift
/// let minimumAge = 30
/// let sql: SQL = "SELECT \(identifier: "ZNAME") FROM ZUSER WHERE ZAGE >= \(minimumAge)"
/// // text: SELECT "ZNAME" FROM ZUSER WHERE ZAGE >= ?   arguments: [30]
/// ```
///
/// Cost: building appends to one string and one array; nothing touches SQLite until
/// the value is executed.
public struct SQL: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The statement text, with `?` where each argument goes.
    public private(set) var text: String
    /// The arguments, in placeholder order.
    public private(set) var arguments: [SQLArgument]
    /// The key of ``text`` in the statement cache, when its maker keeps one
    /// (``StatementKey``): a cached statement is then found without hashing the text. Not
    /// part of the value (`==` and `hash(into:)` ignore it); dropped by ``append(_:)``.
    package var statementKey: StatementKey? {
        statementKeyValue == 0 ? nil : StatementKey(value: statementKeyValue)
    }
    /// The key's integer, 0 for none (keys start at 1): a plain `Int`, not an optional,
    /// whose tag made values that hold an `SQL` (a to-many fault's kept SELECT) dearer
    /// to copy.
    private var statementKeyValue = 0

    /// Text with explicit arguments; the caller guarantees one `?` per argument.
    public init(text: String, arguments: [SQLArgument] = []) {
        self.text = text
        self.arguments = arguments
    }

    /// Text with explicit arguments and the key its maker keeps for that text; the
    /// caller guarantees one `?` per argument and that `statementKey` was made for this
    /// text (no other text is ever given it).
    package init(text: String, arguments: [SQLArgument], statementKey: StatementKey) {
        self.text = text
        self.arguments = arguments
        self.statementKeyValue = statementKey.value
    }

    public init(stringLiteral value: String) {
        self.init(text: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(text: stringInterpolation.text, arguments: stringInterpolation.arguments)
    }

    public var description: String { text }

    public static func == (lhs: SQL, rhs: SQL) -> Bool {
        lhs.text == rhs.text && lhs.arguments == rhs.arguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(arguments)
    }

    /// Appends another fragment, its arguments included.
    public mutating func append(_ other: SQL) {
        text += other.text
        arguments += other.arguments
        statementKeyValue = 0
    }

    /// The concatenation of two fragments.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The text with each argument written in as a literal, for logs only.
    public var expandedText: String {
        Self.expand(text, arguments: arguments)
    }

    /// Writes `arguments` into the `?` placeholders of `text`, for logs only.
    package static func expand(_ text: String, arguments: [SQLArgument]) -> String {
        var output = ""
        var remaining = arguments.makeIterator()
        var inString = false
        for character in text {
            if character == "'" { inString.toggle() }
            if character == "?" && !inString, let argument = remaining.next() {
                output += argument.description
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// Builds the text and arguments of an interpolated ``SQL`` literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var arguments: [SQLArgument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 2)
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A value: becomes `?` and one bound argument.
        public mutating func appendInterpolation(_ value: some SQLiteValueConvertible) {
            text += "?"
            arguments.append(.value(value.sqliteValue))
        }

        /// An integer list bound as one pointer argument, for ``IntegerList/tableFunction``.
        public mutating func appendInterpolation(_ list: IntegerList) {
            text += "?"
            arguments.append(.integerList(list))
        }

        /// A table or column name, double-quoted with embedded quotes doubled.
        public mutating func appendInterpolation(identifier: String) {
            text += "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }

        /// A table, column or alias name, as ``SQLName`` renders it (quoted only when
        /// SQLite needs it).
        public mutating func appendInterpolation(_ name: SQLName) {
            text += name.sql
        }

        /// A string literal written into the text (`'…'`, single quotes doubled), for
        /// the few places SQLite takes no parameter, such as a trigger's `RAISE` message.
        /// Never for user input: values must be bound.
        public mutating func appendInterpolation(literal value: String) {
            text += "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        }

        /// Another fragment, with its arguments.
        public mutating func appendInterpolation(_ fragment: SQL) {
            text += fragment.text
            arguments += fragment.arguments
        }

        /// Text spliced in as is. Never pass values here: they must be bound.
        public mutating func appendInterpolation(raw: String) {
            text += raw
        }
    }
}

extension Sequence where Element == SQL {
    /// The fragments joined by `separator`, arguments kept in order.
    public func joined(separator: String) -> SQL {
        var result = SQL(text: "")
        for (index, fragment) in enumerated() {
            if index > 0 { result.append(SQL(text: separator)) }
            result.append(fragment)
        }
        return result
    }
}
