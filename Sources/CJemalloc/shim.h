#ifndef FAULTLINE_CJEMALLOC_SHIM_H
#define FAULTLINE_CJEMALLOC_SHIM_H

// Debian's libjemalloc is built without a symbol prefix: linking it replaces
// malloc for the whole process, which is what the memory probes need.
#include <jemalloc/jemalloc.h>

#endif
