#include "CallgrindMarkers.h"

// Without valgrind's headers the package still builds (for the timing harness) and the markers do
// nothing; counting instructions needs them.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define MARK_BEGIN CALLGRIND_ZERO_STATS
#define MARK_END CALLGRIND_DUMP_STATS_AT("measured")
#else
#define MARK_BEGIN
#define MARK_END
#endif

void callgrind_markers_begin(void) { MARK_BEGIN; }

void callgrind_markers_end(void) { MARK_END; }

void callgrind_markers_keep(const void *value) { __asm__ volatile("" : : "r"(value) : "memory"); }
