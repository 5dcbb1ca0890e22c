// Valgrind's callgrind client requests, which are C macros Swift cannot expand.
// Outside valgrind every request is a few no-op instructions.
#ifndef FAULTLINE_CCALLGRIND_H
#define FAULTLINE_CCALLGRIND_H

/// Returns 1 when the process runs under valgrind (RUNNING_ON_VALGRIND), else 0.
int faultline_callgrind_is_running(void);

/// Starts callgrind's instrumentation, zeroes its counters and turns collection on:
/// from here until `faultline_callgrind_end`, every instruction of every thread counts.
void faultline_callgrind_begin(void);

/// Turns collection off, writes the counters since `faultline_callgrind_begin` as the
/// next numbered dump file (`--callgrind-out-file` plus `.N`) and stops instrumenting,
/// so the harness between measured bodies runs at valgrind's uninstrumented speed.
void faultline_callgrind_end(void);

#endif
