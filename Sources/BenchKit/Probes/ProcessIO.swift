/// Bytes this process moved through `read`/`write` calls and to or from storage, from
/// `/proc/self/io`.
///
/// `rchar`/`wchar` count every byte passed to read and write system calls (files,
/// pipes, `/proc`), whether or not the page cache served them: deterministic for a
/// single-threaded body. `read_bytes`/`write_bytes` count what reached the block layer
/// (0 when the page cache holds the file; writes counted when pages are dirtied), so
/// they depend on the machine's cache and are reported, not gated. Process-wide, like
/// RSS. fsync calls are not counted: Linux keeps no per-process count of them.
/// Cost: one small file read (about 10 µs) per snapshot.
enum ProcessIO {
    /// The counters at one moment, in bytes.
    struct Snapshot {
        var readCalls: Double
        var writeCalls: Double
        var storageRead: Double
        var storageWritten: Double
        /// Bytes the snapshot's own read of `/proc/self/io` returned: the next
        /// snapshot's `rchar` includes them.
        var ownRead: Double
    }

    /// Reads the counters; zeros when `/proc/self/io` is unavailable.
    static func snapshot() -> Snapshot {
        guard let text = ProcFile.read("/proc/self/io") else {
            return Snapshot(
                readCalls: 0, writeCalls: 0, storageRead: 0, storageWritten: 0, ownRead: 0)
        }
        func field(_ name: String) -> Double {
            let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            return line.flatMap {
                Double($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces))
            } ?? 0
        }
        return Snapshot(
            readCalls: field("rchar"), writeCalls: field("wchar"), storageRead: field("read_bytes"),
            storageWritten: field("write_bytes"), ownRead: Double(text.utf8.count))
    }

    /// What happened between `before` and `after`, the probe's own read excluded, in
    /// ``Metric/processIO`` order.
    static func delta(_ before: Snapshot, _ after: Snapshot) -> [Double] {
        [
            after.readCalls - before.readCalls - before.ownRead,
            after.writeCalls - before.writeCalls,
            after.storageRead - before.storageRead,
            after.storageWritten - before.storageWritten,
        ]
    }
}
