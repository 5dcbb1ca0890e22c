// The plan steps and statement kinds of SQLBasics are this module's vocabulary too;
// re-exported so `import CoreDataLog` is enough to read a parsed log.
@_exported import SQLBasics
