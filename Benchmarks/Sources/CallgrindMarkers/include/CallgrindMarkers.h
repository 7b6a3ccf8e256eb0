#ifndef CALLGRIND_MARKERS_H
#define CALLGRIND_MARKERS_H

/// Zeroes callgrind's counters (of every thread): what runs next is what gets counted.
/// Does nothing outside valgrind.
void callgrind_markers_begin(void);

/// Writes callgrind's counters since `callgrind_markers_begin` to a numbered dump file
/// (`<out file>.1`) and zeroes them. Does nothing outside valgrind.
void callgrind_markers_end(void);

/// Takes a pointer the optimizer cannot see through, so that a value passed here is computed.
void callgrind_markers_keep(const void *value);

#endif
