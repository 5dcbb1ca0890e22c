/// Reads and prints dataset sizes in the short form the command line uses: `10k`, `1m`.
///
/// Cost: string work only.
public enum SizeFormat {
    /// Parses `10k`, `100K`, `1m`, `2.5m` or a plain number; nil for anything else or
    /// for sizes below 1.
    public static func parse(_ text: String) -> Int? {
        let lowered = text.lowercased()
        let multipliers: [Character: Double] = ["k": 1_000, "m": 1_000_000]
        var digits = Substring(lowered)
        var multiplier = 1.0
        if let last = lowered.last, let factor = multipliers[last] {
            digits = lowered.dropLast()
            multiplier = factor
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "." }),
            let value = Double(digits)
        else { return nil }
        let size = value * multiplier
        guard size >= 1, size < 1e15, size == size.rounded() else { return nil }
        return Int(size)
    }

    /// `10k` for 10_000, `1m` for 1_000_000, the plain number otherwise.
    public static func short(_ size: Int) -> String {
        if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)m" }
        if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
        return String(size)
    }
}
