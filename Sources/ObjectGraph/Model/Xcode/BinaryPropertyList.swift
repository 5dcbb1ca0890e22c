import Foundation

/// A binary property list (`bplist00`) read into a tree of values, for the
/// `NSKeyedArchiver` archives Xcode stores in a mapping model (value and source
/// expressions). Foundation's reader on Linux does not give keyed-archive UIDs back as
/// values, so the format is read here.
///
/// Every offset and count is checked against the data: malformed bytes give `nil`,
/// never a trap.
///
/// Cost: one pass over the objects reached from the top; containers nest at most 64
/// deep (an archive's references are UIDs, so its tree is shallow).
enum BinaryPropertyList {
    /// One value of a property list.
    indirect enum Value: Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case date(Double)
        case data([UInt8])
        case string(String)
        /// A keyed archive's reference to an object of `$objects`.
        case uid(Int)
        case array([Value])
        case dictionary([String: Value])
    }

    /// The top object of `bytes`, nil when they are not a well-formed binary plist.
    static func parse(_ bytes: [UInt8]) -> Value? {
        guard bytes.count >= 40, Array(bytes[0..<8]) == Array("bplist00".utf8) else {
            return nil
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = Reader.unsigned(bytes, at: trailer + 8, size: 8),
            let top = Reader.unsigned(bytes, at: trailer + 16, size: 8),
            let table = Reader.unsigned(bytes, at: trailer + 24, size: 8),
            count < 1 << 24, top < count, table + count * offsetSize <= trailer
        else { return nil }
        var offsets: [Int] = []
        for index in 0..<count {
            guard
                let offset = Reader.unsigned(
                    bytes, at: table + index * offsetSize, size: offsetSize),
                offset >= 8, offset < table
            else { return nil }
            offsets.append(offset)
        }
        let reader = Reader(bytes: bytes, offsets: offsets, referenceSize: referenceSize)
        return reader.object(top, depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsets: [Int]
        let referenceSize: Int

        /// A big-endian unsigned integer of `size` bytes at `offset`, nil past the end
        /// or above `Int.max`.
        static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        func object(_ index: Int, depth: Int) -> Value? {
            guard depth < 64, offsets.indices.contains(index) else { return nil }
            let start = offsets[index]
            let marker = bytes[start]
            let low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x00: return .null
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: return nil
                }
            case 0x1: return integer(at: start + 1, size: 1 << low).map { .integer($0) }
            case 0x2: return real(at: start + 1, size: 1 << low).map { .real($0) }
            case 0x3: return real(at: start + 1, size: 8).map { .date($0) }
            case 0x4:
                guard let (count, first) = length(low, at: start),
                    first + count <= bytes.count
                else { return nil }
                return .data(Array(bytes[first..<first + count]))
            case 0x5:
                guard let (count, first) = length(low, at: start), first + count <= bytes.count
                else { return nil }
                return String(bytes: bytes[first..<first + count], encoding: .ascii)
                    .map { .string($0) }
            case 0x6:
                guard let (count, first) = length(low, at: start), first + 2 * count <= bytes.count
                else { return nil }
                let units = stride(from: first, to: first + 2 * count, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                return Self.unsigned(bytes, at: start + 1, size: low + 1).map { .uid($0) }
            case 0xA, 0xC:
                guard let references = references(low, at: start, pairs: false) else { return nil }
                var values: [Value] = []
                for reference in references {
                    guard let value = object(reference, depth: depth + 1) else { return nil }
                    values.append(value)
                }
                return .array(values)
            case 0xD:
                guard let references = references(low, at: start, pairs: true) else { return nil }
                let half = references.count / 2
                var dictionary: [String: Value] = [:]
                for position in 0..<half {
                    guard case .string(let key)? = object(references[position], depth: depth + 1),
                        let value = object(references[half + position], depth: depth + 1)
                    else { return nil }
                    dictionary[key] = value
                }
                return .dictionary(dictionary)
            default:
                return nil
            }
        }

        /// A container's object references (keys then values for a dictionary).
        private func references(_ low: Int, at start: Int, pairs: Bool) -> [Int]? {
            guard let (count, first) = length(low, at: start) else { return nil }
            let total = pairs ? count * 2 : count
            guard first + total * referenceSize <= bytes.count else { return nil }
            var references: [Int] = []
            for position in 0..<total {
                guard
                    let reference = Self.unsigned(
                        bytes, at: first + position * referenceSize, size: referenceSize)
                else { return nil }
                references.append(reference)
            }
            return references
        }

        /// The element count of an object whose marker's low nibble is `low` (0xF: an
        /// integer object follows), and where its contents start.
        private func length(_ low: Int, at start: Int) -> (Int, Int)? {
            guard low == 0xF else { return (low, start + 1) }
            guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            guard size <= 8, let count = Self.unsigned(bytes, at: start + 2, size: size),
                count < 1 << 28
            else { return nil }
            return (count, start + 2 + size)
        }

        private func integer(at offset: Int, size: Int) -> Int64? {
            if size == 16 {
                return Self.unsigned(bytes, at: offset + 8, size: 8).map { Int64($0) }
            }
            guard size <= 8, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
            // Only 8-byte integers are signed in the format.
            return Int64(bitPattern: value)
        }

        private func real(at offset: Int, size: Int) -> Double? {
            guard size == 4 || size == 8, offset + size <= bytes.count else { return nil }
            var bits: UInt64 = 0
            for byte in bytes[offset..<offset + size] { bits = bits << 8 | UInt64(byte) }
            return size == 4
                ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
                : Double(bitPattern: bits)
        }
    }
}
