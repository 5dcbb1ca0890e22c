// Statement kinds, plan flags and the monotonic clock live in the leaf module
// SQLBasics, shared with the harness; SQLiteDB's users see them as its own.
@_exported import SQLBasics
