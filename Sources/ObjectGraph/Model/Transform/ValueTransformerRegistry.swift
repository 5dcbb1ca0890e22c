/// The value transformers a model's transformable attributes can name, by name.
///
/// ``standard`` maps the archiving names real models use (`NSSecureUnarchiveFromData`,
/// `NSSecureUnarchiveFromDataTransformer`, subclasses named `…SecureUnarchiveFromData…`,
/// `NSKeyedUnarchiveFromData` and no name at all) to ``KeyedArchiveTransformer``.
/// Anything else (`ColorTransformer`, an app's own) must be registered, usually as a
/// ``CodableTransformer``; a model naming one that is not is refused when it is built,
/// with an error naming the entity, attribute and transformer.
///
/// ```swift
/// var transformers = ValueTransformerRegistry.standard
/// transformers.register(CodableTransformer<Palette>(), named: "ColorTransformer")
/// ```
///
/// Cost: a dictionary lookup per transformable attribute when a model is built.
public struct ValueTransformerRegistry: Sendable {
    private var transformers: [String: any AttributeTransformer] = [:]

    /// No transformers at all, not even the archiving ones.
    public init() {}

    /// The archiving transformers Core Data provides.
    public static let standard = ValueTransformerRegistry()

    /// Registers `transformer` under `name`, replacing any earlier one.
    public mutating func register(_ transformer: any AttributeTransformer, named name: String) {
        transformers[name] = transformer
    }

    /// The transformer an attribute naming `name` uses (nil or empty: the legacy keyed
    /// unarchiver), or nil when none is registered or standard.
    public func transformer(named name: String?) -> (any AttributeTransformer)? {
        let key = name ?? ""
        if let registered = transformers[key] { return registered }
        guard Self.isArchiving(key) else { return nil }
        return KeyedArchiveTransformer(name: key.isEmpty ? "NSKeyedUnarchiveFromData" : key)
    }

    /// Whether the transformer an attribute names (nil: none) is one of Core Data's
    /// archiving ones, which ``standard`` provides.
    public static func isArchivingName(_ name: String?) -> Bool {
        isArchiving(name ?? "")
    }

    /// Whether `name` is one of Core Data's archiving transformers or a subclass named
    /// after them (Wire's `ExtendedSecureUnarchiveFromData`, Wikipedia's
    /// `WMFSecureUnarchiveFromDataTransformer`).
    static func isArchiving(_ name: String) -> Bool {
        name.isEmpty || name == "NSKeyedUnarchiveFromData"
            || name.contains("SecureUnarchiveFromData")
    }
}
