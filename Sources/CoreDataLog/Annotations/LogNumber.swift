/// Numbers as logs print them: `0.0005s`, `0.4789s.`, `for 1581 rows`, `count of 18,988`.
///
/// Cost: a scan of the digits.
enum LogNumber {
    /// The seconds at the start of `text` (spaces skipped): `0.0005s` → 0.0005.
    static func seconds(_ text: Substring) -> Double? {
        let digits = text.drop { $0 == " " }.prefix { $0.isASCIIDigit || $0 == "." }
        guard !digits.isEmpty, let value = Double(digits), value.isFinite, value >= 0 else {
            return nil
        }
        return value
    }

    /// The integer right after the first `marker` in `text` (thousands commas skipped).
    static func integer(after marker: String, in text: Substring) -> Int? {
        guard let rest = text.after(marker) else { return nil }
        return integer(rest)
    }

    /// The integer at the start of `text` (spaces skipped, thousands commas allowed).
    static func integer(_ text: Substring) -> Int? {
        var value = 0
        var sawDigit = false
        for character in text.drop(while: { $0 == " " }) {
            if character == "," && sawDigit { continue }
            guard let digit = character.asciiDigitValue else { break }
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, product <= Int.max - digit else { return nil }
            value = product + digit
            sawDigit = true
        }
        return sawDigit ? value : nil
    }
}

extension Character {
    /// 0…9 for an ASCII digit, nil otherwise.
    var asciiDigitValue: Int? { isASCIIDigit ? wholeNumberValue : nil }
}
