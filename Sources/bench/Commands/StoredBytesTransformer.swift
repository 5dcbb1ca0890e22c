import Foundation
import ObjectGraph

/// Stands in for an app's own value transformer (`bench store inspect`): the value of a
/// transformable attribute is its stored bytes, unchanged both ways, so a store whose
/// model names transformers this process does not have can still be compared with the
/// model and migrated.
struct StoredBytesTransformer: AttributeTransformer {
    /// The app's transformer name, quoted in errors.
    let name: String

    func data(from value: Any) throws(TransformError) -> Data {
        guard let data = value as? Data else {
            throw TransformError(
                transformer: name,
                reason: "only the stored bytes (Data) can be written without the app's transformer")
        }
        return data
    }

    func value(from data: Data) throws(TransformError) -> Any { data }
}
