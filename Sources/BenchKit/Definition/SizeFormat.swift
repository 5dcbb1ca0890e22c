/// Prints dataset sizes in the short form the command line uses: `10k`, `1m`. (Sizes
/// are read by `DatasetKey.parseSize` in Workloads, one parser and cap for every command.)
///
/// Cost: string work only.
public enum SizeFormat {
    /// `10k` for 10_000, `1m` for 1_000_000, the plain number otherwise.
    public static func short(_ size: Int) -> String {
        if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)m" }
        if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
        return String(size)
    }
}
