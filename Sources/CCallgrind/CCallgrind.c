#include "CCallgrind.h"

#include <valgrind/callgrind.h>

int faultline_callgrind_is_running(void) {
    return RUNNING_ON_VALGRIND ? 1 : 0;
}

void faultline_callgrind_begin(void) {
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
    CALLGRIND_TOGGLE_COLLECT;
}

void faultline_callgrind_end(void) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS;
    CALLGRIND_STOP_INSTRUMENTATION;
}
