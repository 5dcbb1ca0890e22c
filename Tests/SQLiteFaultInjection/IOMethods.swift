import CSQLite
import SQLiteDB

/// The `sqlite3_io_methods` of the fault-injecting VFS: one table per method version
/// (1 to 3), so SQLite sees the same capabilities (WAL shared memory, memory mapping)
/// as the unix file underneath offers.
enum IOMethods {
    nonisolated(unsafe) private static let tables: [UnsafeMutablePointer<sqlite3_io_methods>] =
        (Int32(1)...3).map { version in
            let table = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
            table.initialize(to: make(version: version))
            return table
        }

    /// The table for a unix file whose methods have `version`.
    static func table(version: Int32) -> UnsafePointer<sqlite3_io_methods> {
        UnsafePointer(tables[Int(min(max(version, 1), 3)) - 1])
    }

    private static func make(version: Int32) -> sqlite3_io_methods {
        var methods = sqlite3_io_methods()
        methods.iVersion = version
        methods.xClose = { file in
            FaultRegistry.shared.close(FileLayout.token(of: file))
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xClose(inner)
        }
        methods.xRead = { file, buffer, amount, offset in
            if let code = FileLayout.fault(.read, file) { return code }
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xRead(inner, buffer, amount, offset)
        }
        methods.xWrite = { file, buffer, amount, offset in
            let (inner, methods) = FileLayout.forward(file)
            switch FaultRegistry.shared.decide(.write, token: FileLayout.token(of: file)) {
            case .pass:
                return methods.pointee.xWrite(inner, buffer, amount, offset)
            case .fail(let code):
                return code.rawValue
            case .shortWrite:
                _ = methods.pointee.xWrite(inner, buffer, amount / 2, offset)
                return SQLITE_FULL
            }
        }
        methods.xTruncate = { file, size in
            if let code = FileLayout.fault(.truncate, file) { return code }
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xTruncate(inner, size)
        }
        methods.xSync = { file, flags in
            if let code = FileLayout.fault(.sync, file) { return code }
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xSync(inner, flags)
        }
        methods.xFileSize = { file, size in
            if let code = FileLayout.fault(.fileSize, file) { return code }
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xFileSize(inner, size)
        }
        methods.xLock = { file, level in
            if let code = FileLayout.fault(.lock, file) { return code }
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xLock(inner, level)
        }
        methods.xUnlock = { file, level in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xUnlock(inner, level)
        }
        methods.xCheckReservedLock = { file, result in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xCheckReservedLock(inner, result)
        }
        methods.xFileControl = { file, operation, argument in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xFileControl(inner, operation, argument)
        }
        methods.xSectorSize = { file in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xSectorSize(inner)
        }
        methods.xDeviceCharacteristics = { file in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xDeviceCharacteristics(inner)
        }
        addSharedMemory(to: &methods)
        addMemoryMapping(to: &methods)
        return methods
    }

    /// Version 2: WAL's shared memory. An acquiring `xShmLock` counts as a lock call.
    private static func addSharedMemory(to methods: inout sqlite3_io_methods) {
        methods.xShmMap = { file, region, size, extend, pointer in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xShmMap(inner, region, size, extend, pointer)
        }
        methods.xShmLock = { file, offset, count, flags in
            if flags & SQLITE_SHM_LOCK != 0, let code = FileLayout.fault(.lock, file) {
                return code
            }
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xShmLock(inner, offset, count, flags)
        }
        methods.xShmBarrier = { file in
            let (inner, methods) = FileLayout.forward(file)
            methods.pointee.xShmBarrier(inner)
        }
        methods.xShmUnmap = { file, delete in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xShmUnmap(inner, delete)
        }
    }

    /// Version 3: memory-mapped reads (off unless `PRAGMA mmap_size` turns them on).
    private static func addMemoryMapping(to methods: inout sqlite3_io_methods) {
        methods.xFetch = { file, offset, amount, pointer in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xFetch(inner, offset, amount, pointer)
        }
        methods.xUnfetch = { file, offset, pointer in
            let (inner, methods) = FileLayout.forward(file)
            return methods.pointee.xUnfetch(inner, offset, pointer)
        }
    }
}
