#ifndef FAULTLINE_CSQLITE_SHIM_H
#define FAULTLINE_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot import function-like macros or call C variadic functions; these
// static inline wrappers expose the few SQLiteDB needs.

/// SQLITE_TRANSIENT: SQLite copies the bound bytes before the bind call returns.
static inline sqlite3_destructor_type faultline_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// The pointer type tag of integer lists bound with sqlite3_bind_pointer.
/// SQLite compares tags with strcmp, so a string literal is enough.
static inline const char *faultline_intarray_pointer_type(void) {
    return "faultline_intarray";
}

/// sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, NULL): forbids writes
/// to the schema through ordinary SQL (variadic in C).
static inline int faultline_db_config_defensive(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}

/// The cursor of the `_Z_intarray0` table-valued function: SQLite's cursor header
/// first, then the bound keys (owned by the bound pointer, not by the cursor).
typedef struct faultline_intarray_cursor {
    sqlite3_vtab_cursor base;
    const sqlite3_int64 *keys;
    sqlite3_int64 count;
    sqlite3_int64 index;
} faultline_intarray_cursor;

#endif
