import CSQLite

/// The eponymous virtual table `_Z_intarray0(pointer)` that returns the keys of an
/// ``IntegerList`` bound to its hidden `pointer` column, one row per key.
///
/// SQLite's carray extension does this job but is not in Debian's build, so this is our
/// own: eponymous-only (no CREATE VIRTUAL TABLE), read-only, rows in list order.
enum IntegerListModule {
    static func register(on connection: Connection) throws {
        let module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
        module.initialize(to: makeModule())
        let code = sqlite3_create_module_v2(
            connection.handle, IntegerList.tableFunction, module, module,
            { pointer in pointer?.assumingMemoryBound(to: sqlite3_module.self).deallocate() })
        guard code == SQLITE_OK else { throw connection.error(code: code, sql: nil) }
    }

    private static func makeModule() -> sqlite3_module {
        var module = sqlite3_module()
        module.xConnect = { db, _, _, _, table, _ in
            let code = sqlite3_declare_vtab(db, "CREATE TABLE x(value INTEGER, pointer HIDDEN)")
            guard code == SQLITE_OK else { return code }
            guard let memory = sqlite3_malloc(Int32(MemoryLayout<sqlite3_vtab>.size)) else {
                return SQLITE_NOMEM
            }
            memory.initializeMemory(
                as: UInt8.self, repeating: 0, count: MemoryLayout<sqlite3_vtab>.size)
            table?.pointee = memory.assumingMemoryBound(to: sqlite3_vtab.self)
            return SQLITE_OK
        }
        module.xDisconnect = { table in
            sqlite3_free(table)
            return SQLITE_OK
        }
        module.xBestIndex = { _, info in bestIndex(info!) }
        module.xOpen = { _, cursor in
            let size = MemoryLayout<faultline_intarray_cursor>.size
            guard let memory = sqlite3_malloc(Int32(size)) else { return SQLITE_NOMEM }
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            cursor?.pointee = memory.assumingMemoryBound(to: sqlite3_vtab_cursor.self)
            return SQLITE_OK
        }
        module.xClose = { cursor in
            sqlite3_free(cursor)
            return SQLITE_OK
        }
        module.xFilter = { cursor, indexNumber, _, argumentCount, arguments in
            let state = listCursor(cursor)
            state.pointee.index = 0
            state.pointee.count = 0
            guard indexNumber == 1, argumentCount == 1,
                let raw = sqlite3_value_pointer(arguments?[0], faultline_intarray_pointer_type())
            else { return SQLITE_OK }
            let box = Unmanaged<IntegerListBox>.fromOpaque(raw).takeUnretainedValue()
            state.pointee.keys = UnsafePointer(box.storage.baseAddress)
            state.pointee.count = Int64(box.storage.count)
            return SQLITE_OK
        }
        module.xNext = { cursor in
            listCursor(cursor).pointee.index += 1
            return SQLITE_OK
        }
        module.xEof = { cursor in
            let state = listCursor(cursor).pointee
            return state.index >= state.count ? 1 : 0
        }
        module.xColumn = { cursor, context, column in
            let state = listCursor(cursor).pointee
            if column == 0, let keys = state.keys {
                sqlite3_result_int64(context, keys[Int(state.index)])
            } else {
                sqlite3_result_null(context)
            }
            return SQLITE_OK
        }
        module.xRowid = { cursor, rowid in
            rowid?.pointee = listCursor(cursor).pointee.index
            return SQLITE_OK
        }
        return module
    }
}

private func listCursor(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?)
    -> UnsafeMutablePointer<faultline_intarray_cursor>
{
    UnsafeMutableRawPointer(cursor!).assumingMemoryBound(to: faultline_intarray_cursor.self)
}

/// Uses an equality constraint on the hidden `pointer` column (column 1) as the
/// filter's only argument; without a usable one the plan is refused, so SQLite
/// tries another order.
private func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) -> Int32 {
    var sawPointerConstraint = false
    for index in 0..<Int(info.pointee.nConstraint) {
        let constraint = info.pointee.aConstraint[index]
        guard constraint.iColumn == 1,
            constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ)
        else { continue }
        sawPointerConstraint = true
        guard constraint.usable != 0 else { continue }
        info.pointee.aConstraintUsage[index].argvIndex = 1
        info.pointee.aConstraintUsage[index].omit = 1
        info.pointee.idxNum = 1
        info.pointee.estimatedCost = 1
        info.pointee.estimatedRows = 100
        return SQLITE_OK
    }
    return sawPointerConstraint ? SQLITE_CONSTRAINT : SQLITE_OK
}
