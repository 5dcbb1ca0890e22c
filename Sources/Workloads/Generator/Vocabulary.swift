/// The fixed word list text values are drawn from, so text lengths and LIKE/CONTAINS
/// selectivity are the same on every machine.
public enum Vocabulary {
    /// 128 common English words, stable forever (changing it changes every dataset:
    /// bump ``DatasetGenerator/version``).
    public static let words: [String] = """
        the of and to in is you that it he was for on are as with his they at be this have \
        from or one had by word but not what all were we when your can said there use an \
        each which she do how their if will up other about out many then them these so \
        some her would make like him into time has look two more write go see number no \
        way could people my than first water been call who swift its now find long down day \
        did get come made may part over new sound take only little work know place year \
        live me back give most very after thing our just name good sentence man think say \
        great where help through much before line right too mean old any same tell boy \
        follow came want show also around form three small set put end does another well
        """.split(separator: " ").prefix(128).map(String.init)

    /// First names for users.
    public static let firstNames = [
        "Ada", "Alan", "Aylin", "Bilal", "Chen", "Dara", "Elif", "Farid", "Grace", "Hana",
        "Ivan", "Jamal", "Kenji", "Leyla", "Mariam", "Nadia", "Omar", "Priya", "Quinn",
        "Rashid", "Sakura", "Tariq", "Umar", "Vera", "Wei", "Yusuf", "Zara", "Émile",
    ]

    /// Last names for users.
    public static let lastNames = [
        "Aliyev", "Brown", "Costa", "Demir", "Evans", "Fujita", "García", "Haddad", "Ito",
        "Jensen", "Kaya", "Lopez", "Mammadov", "Nakamura", "Okafor", "Petrov", "Qureshi",
        "Rossi", "Sato", "Tanaka", "Usmanov", "Volkov", "Watanabe", "Yamamoto", "Zhang",
    ]

    /// Every word's UTF-8 bytes back to back, and where each starts and ends: one flat
    /// buffer, so assembling a sentence copies bytes without touching reference counts.
    private static let flatBytes: [UInt8] = Array(words.joined().utf8)
    private static let bounds: [(start: Int, count: Int)] = {
        var start = 0
        return words.map { word in
            defer { start += word.utf8.count }
            return (start, word.utf8.count)
        }
    }()
    private static let longestWord = words.map(\.utf8.count).max() ?? 0

    /// `count` words joined by spaces, first letter capitalized (the words are ASCII).
    ///
    /// Cost: one String allocation per sentence, bytes written in place; this is the
    /// generator's hottest path (a 1m dataset holds about 150 million body words).
    public static func sentence(words count: Int, _ generator: inout Xoshiro256) -> String {
        guard count > 0 else { return "" }
        return flatBytes.withUnsafeBufferPointer { source in
            bounds.withUnsafeBufferPointer { bounds in
                String(unsafeUninitializedCapacity: count * (longestWord + 1)) { target in
                    var length = 0
                    for index in 0..<count {
                        if index > 0 {
                            target[length] = 0x20
                            length += 1
                        }
                        let word = bounds[Int(generator.next() & 127)]
                        UnsafeMutableRawPointer(target.baseAddress! + length).copyMemory(
                            from: source.baseAddress! + word.start, byteCount: word.count)
                        length += word.count
                    }
                    if (0x61...0x7A).contains(target[0]) { target[0] -= 0x20 }
                    return length
                }
            }
        }
    }
}
