/// Decodes the `NSKeyedArchiver` archive of an `NSExpression` (what Xcode stores, in
/// base64, as a mapping model's `valueexpressiondata` and `sourceexpressiondata`) into
/// a ``MappingExpression``.
///
/// An archive is a binary plist: `$objects` holds every object, `$top.root` names the
/// root, and each object names its class through `$class`. Only expression classes are
/// read; any other class becomes ``MappingExpression/unsupported(className:)``.
///
/// Cost: one binary-plist parse; expressions nest at most 32 deep.
enum KeyedArchiveExpression {
    /// The archived expression, nil when `bytes` are not a keyed archive of one.
    static func decode(_ bytes: [UInt8]) -> MappingExpression? {
        guard case .dictionary(let archive)? = BinaryPropertyList.parse(bytes),
            case .array(let objects)? = archive["$objects"],
            case .dictionary(let top)? = archive["$top"], let root = top["root"]
        else { return nil }
        return Decoder(objects: objects).expression(root, depth: 0)
    }

    private struct Decoder {
        let objects: [BinaryPropertyList.Value]

        /// The object a UID names (other values are themselves).
        func resolve(_ value: BinaryPropertyList.Value) -> BinaryPropertyList.Value? {
            guard case .uid(let index) = value else { return value }
            return objects.indices.contains(index) ? objects[index] : nil
        }

        /// The class name of an archived object.
        func className(_ object: [String: BinaryPropertyList.Value]) -> String? {
            guard let reference = object["$class"],
                case .dictionary(let info)? = resolve(reference),
                case .string(let name)? = info["$classname"]
            else { return nil }
            return name
        }

        func string(_ value: BinaryPropertyList.Value?) -> String? {
            guard let value, let object = resolve(value) else { return nil }
            switch object {
            case .string(let text): return text
            case .dictionary(let fields):
                guard case .string(let text)? = fields["NS.string"].flatMap(resolve) else {
                    return nil
                }
                return text
            default: return nil
            }
        }

        func expression(_ value: BinaryPropertyList.Value, depth: Int) -> MappingExpression? {
            guard depth < 32, case .dictionary(let object)? = resolve(value),
                let name = className(object)
            else { return nil }
            switch name {
            case "NSConstantValueExpression":
                return object["NSConstantValue"].map { constant($0) } ?? .constant(.null)
            case "NSVariableExpression":
                return string(object["NSVariable"]).map { .variable($0) }
            case "NSKeyPathSpecifierExpression":
                return string(object["NSKeyPath"]).map { .keyPathSpecifier($0) }
            case "NSSelfExpression":
                return .evaluatedObject
            case "NSKeyPathExpression", "NSFunctionExpression":
                guard let operandValue = object["NSOperand"],
                    let operand = expression(operandValue, depth: depth + 1),
                    let selector = string(object["NSSelectorName"])
                else { return nil }
                var arguments: [MappingExpression] = []
                if let list = object["NSArguments"], let items = array(list) {
                    for item in items {
                        guard let argument = expression(item, depth: depth + 1) else {
                            return nil
                        }
                        arguments.append(argument)
                    }
                }
                return .function(operand: operand, selector: selector, arguments: arguments)
            default:
                return .unsupported(className: name)
            }
        }

        func array(_ value: BinaryPropertyList.Value) -> [BinaryPropertyList.Value]? {
            switch resolve(value) {
            case .array(let items)?: return items
            case .dictionary(let fields)?:
                guard case .array(let items)? = fields["NS.objects"] else { return nil }
                return items
            default: return nil
            }
        }

        func constant(_ value: BinaryPropertyList.Value) -> MappingExpression {
            guard let object = resolve(value) else { return .constant(.null) }
            switch object {
            case .null: return .constant(.null)
            case .bool(let flag): return .constant(.bool(flag))
            case .integer(let number): return .constant(.integer(number))
            case .real(let number): return .constant(.double(number))
            case .date(let seconds): return .constant(.date(seconds))
            case .data(let bytes): return .constant(.data(bytes))
            case .string(let text): return .constant(text == "$null" ? .null : .string(text))
            case .dictionary(let fields):
                if let text = string(object) { return .constant(.string(text)) }
                if case .real(let seconds)? = fields["NS.time"] { return .constant(.date(seconds)) }
                if case .data(let bytes)? = fields["NS.data"].flatMap(resolve) {
                    return .constant(.data(bytes))
                }
                return .unsupported(className: className(fields) ?? "constant")
            default: return .unsupported(className: "constant")
            }
        }
    }
}
