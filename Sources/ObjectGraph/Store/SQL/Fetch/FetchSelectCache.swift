import Foundation
import SQLiteDB
import Synchronization

/// The object and ID SELECTs of fetch requests already compiled, as text with a recipe
/// for their arguments, so a fetch repeated with new constants (`SELF == %@` per
/// object) binds them into the text instead of building it again.
///
/// Keyed on everything ``FetchSQL/select(layout:idsOnly:columns:)`` reads: the entity
/// (and so its row layout, its table and sub-entity filter, fixed for the store's
/// model), the predicate's shape (``PredicateShape``: the tree with each constant as
/// its kind, and `joinsToOneOuter`), the sort keys, `fetchLimit`, `fetchOffset`,
/// IDs-only, and the narrowed columns. One cache belongs to one store coordinator,
/// whose model never changes.
///
/// A miss compiles the request as before and returns that statement; it also compiles
/// the same shape once with probe constants, each binding an argument nothing else
/// binds, which says where each constant's argument goes and how it is converted. The
/// recipe is kept only when the probe compile's text is the request's text, byte for
/// byte, and the recipe applied to the request's constants gives exactly its
/// arguments; otherwise the shape is marked and always compiled fresh. A request that
/// throws (a constant of the wrong type or entity, an unknown key path) throws from the
/// fresh compile and keeps nothing, so each such call throws its own error again; the
/// checks that throw depend on a constant's kind only, which is in the key, so a hit
/// never skips an error. Shapes ``PredicateShape`` does not read are compiled fresh
/// each time, without a lookup.
///
/// Bounded: at most `capacity` entries; when full it empties and starts again. Shared
/// by every thread behind one lock.
///
/// A kept statement's text has a ``StatementKey`` that the statements it binds carry, so
/// the connection's statement cache finds the prepared statement by that key instead of
/// hashing the text again (the cache's rules are unchanged: a statement in use is not
/// lent twice, it is reset and unbound after use, evicted and finalized as before).
///
/// Cost: a hit reads the predicate tree once (hashing it), takes one lock and one
/// dictionary lookup (comparing the tree's shape), and builds the argument array. A
/// miss compiles twice.
final class FetchSelectCache: Sendable {
    /// Where an argument of a cached statement comes from.
    enum Slot: Sendable {
        /// The same argument every time (a sub-entity range, a `nil`, a `Bool`).
        case fixed(SQLArgument)
        /// Constant `index` of the shape, converted.
        case constant(Int, PredicateShape.Conversion)
    }

    /// A compiled SELECT: its text and where each argument comes from.
    struct Template: Sendable {
        let text: String
        let slots: [Slot]
        /// The text's key in each connection's statement cache: a bound statement
        /// carries it, so running it finds the prepared statement without hashing the
        /// text.
        let statementKey = StatementKey.make()

        /// The statement with `constants` bound; nil if one is not of the kind it was
        /// made for.
        func bind(_ constants: [PredicateValue]) -> SQL? {
            var arguments: [SQLArgument] = []
            arguments.reserveCapacity(slots.count)
            for slot in slots {
                switch slot {
                case .fixed(let argument):
                    arguments.append(argument)
                case .constant(let index, let conversion):
                    guard index < constants.count,
                        let value = conversion.argument(constants[index])
                    else { return nil }
                    arguments.append(.value(value))
                }
            }
            return SQL(text: text, arguments: arguments, statementKey: statementKey)
        }
    }

    private enum Entry {
        case template(Template)
        /// The probe compile failed or did not reproduce the request's statement.
        case uncacheable
    }

    /// Everything the compiled text depends on.
    private struct Key: Hashable {
        let entity: Entity
        let root: PredicateNode?
        let joinsToOneOuter: Bool
        let shapeHash: Int
        let sortDescriptors: [SortKey]
        let fetchLimit: Int
        let fetchOffset: Int
        let idsOnly: Bool
        let columns: [SQLName]?

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.entity === rhs.entity, lhs.shapeHash == rhs.shapeHash,
                lhs.joinsToOneOuter == rhs.joinsToOneOuter, lhs.fetchLimit == rhs.fetchLimit,
                lhs.fetchOffset == rhs.fetchOffset, lhs.idsOnly == rhs.idsOnly,
                lhs.columns == rhs.columns, sameSorts(lhs.sortDescriptors, rhs.sortDescriptors)
            else { return false }
            switch (lhs.root, rhs.root) {
            case (nil, nil): return true
            case (let left?, let right?): return PredicateShape.same(left, right)
            default: return false
            }
        }

        /// One combine: the shape's hash already mixes the other fields
        /// (``FetchSelectCache/select(_:layout:idsOnly:columns:)``).
        func hash(into hasher: inout Hasher) {
            hasher.combine(shapeHash)
        }

        /// Sort keys compared with their key paths byte for byte.
        private static func sameSorts(_ lhs: [SortKey], _ rhs: [SortKey]) -> Bool {
            lhs.count == rhs.count
                && zip(lhs, rhs).allSatisfy {
                    $0.ascending == $1.ascending && $0.comparison == $1.comparison
                        && $0.keyPath.utf8.elementsEqual($1.keyPath.utf8)
                }
        }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var hits = 0
        var compiled = 0
    }

    /// How many statements are kept at most.
    let capacity: Int
    private let state: Mutex<State>

    /// An empty cache of at most `capacity` statements.
    init(capacity: Int) {
        precondition(capacity > 0, "a statement cache needs room for one statement")
        self.capacity = capacity
        state = Mutex(State())
    }

    /// `builder.select(layout: layout, idsOnly: idsOnly, columns: columns)`, from the
    /// cache when a statement of the same key was compiled before. `layout` must be the
    /// store's layout of `builder.entity`.
    ///
    /// - Throws: what the fresh compile throws.
    func select(
        _ builder: FetchSQL, layout: RowLayout, idsOnly: Bool, columns: [SQLName]? = nil
    ) throws -> SQL {
        var shape = PredicateShape()
        if let predicate = builder.predicate {
            guard shape.read(predicate.root) else {
                return try builder.select(layout: layout, idsOnly: idsOnly, columns: columns)
            }
        }
        let request = builder.request
        let joinsToOneOuter = builder.predicate?.joinsToOneOuter ?? false
        shape.combine(ObjectIdentifier(builder.entity), builder.predicate == nil, joinsToOneOuter)
        shape.combine(request.fetchLimit, request.fetchOffset, idsOnly)
        if !request.sortDescriptors.isEmpty { shape.combine(request.sortDescriptors) }
        if let columns { shape.combine(columns) }
        let constants = shape.constants
        let key = Key(
            entity: builder.entity, root: builder.predicate?.root,
            joinsToOneOuter: joinsToOneOuter, shapeHash: shape.finalize(),
            sortDescriptors: request.sortDescriptors, fetchLimit: request.fetchLimit,
            fetchOffset: request.fetchOffset, idsOnly: idsOnly, columns: columns)
        let entry = state.withLock { state in
            let entry = state.entries[key]
            if case .template = entry { state.hits += 1 }
            return entry
        }
        switch entry {
        case .template(let template):
            if let sql = template.bind(constants) { return sql }
        case .uncacheable:
            break
        case nil:
            let sql = try builder.select(layout: layout, idsOnly: idsOnly, columns: columns)
            let probed = builder.predicate.map { PredicateShape.probed($0.root) }
            let made = Self.template(
                for: sql, builder, probed: probed, layout: layout, idsOnly: idsOnly,
                columns: columns, constants: constants)
            // The key kept holds the probe tree (same shape, same hash), not the request's
            // constants, so a large string, data or list is not kept alive by the cache.
            let kept = Key(
                entity: key.entity, root: probed?.0, joinsToOneOuter: key.joinsToOneOuter,
                shapeHash: key.shapeHash, sortDescriptors: key.sortDescriptors,
                fetchLimit: key.fetchLimit, fetchOffset: key.fetchOffset, idsOnly: idsOnly,
                columns: columns)
            let capacity = capacity
            state.withLock { state in
                state.compiled += 1
                if state.entries.count >= capacity {
                    state.entries.removeAll(keepingCapacity: true)
                }
                state.entries[kept] = made.map { .template($0) } ?? .uncacheable
            }
            return sql
        }
        return try builder.select(layout: layout, idsOnly: idsOnly, columns: columns)
    }

    /// The template of `sql`, compiled again with probe constants; nil when that fails
    /// or does not give `sql` back for the request's own constants.
    private static func template(
        for sql: SQL, _ builder: FetchSQL,
        probed: (PredicateNode, [SQLArgument: (Int, PredicateShape.Conversion)])?,
        layout: RowLayout, idsOnly: Bool, columns: [SQLName]?, constants: [PredicateValue]
    ) -> Template? {
        var probing = builder
        var probes: [SQLArgument: (Int, PredicateShape.Conversion)] = [:]
        if let predicate = builder.predicate, let (root, arguments) = probed {
            var probe = FetchPredicate(root: root, format: predicate.format)
            probe.joinsToOneOuter = predicate.joinsToOneOuter
            probing.predicate = probe
            probes = arguments
        }
        guard
            let probed = try? probing.select(layout: layout, idsOnly: idsOnly, columns: columns),
            probed.text.utf8.elementsEqual(sql.text.utf8)
        else { return nil }
        let slots = probed.arguments.map { argument -> Slot in
            guard let (index, conversion) = probes[argument] else { return .fixed(argument) }
            return .constant(index, conversion)
        }
        let template = Template(text: sql.text, slots: slots)
        guard let rebound = template.bind(constants), rebound.arguments == sql.arguments else {
            return nil
        }
        return template
    }

    /// How many statements are kept now.
    var count: Int { state.withLock { $0.entries.count } }

    /// How many selects were answered from a kept statement.
    var hitCount: Int { state.withLock { $0.hits } }

    /// How many selects were compiled on a miss (each keeps an entry).
    var compileCount: Int { state.withLock { $0.compiled } }
}
