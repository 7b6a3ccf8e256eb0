// How many tests Swift Testing runs at once in this package's test binary.
//
// By default Swift Testing starts every test at once. On a small machine (CI has 2 cores, often
// shared) the main actor and the two cooperative threads then queue hundreds of tests' jobs, and
// one hop of a test can wait tens of seconds behind them: waits that TCA measures in wall-clock
// time (a TestStore's one-second `receive` timeout, `finish`) fail although nothing is wrong.
// Four at a time keeps both cores busy and each queue short. Set the variable to override it.
#include <stdlib.h>

__attribute__((constructor)) static void limitParallelTests(void) {
  setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", "4", 0);
}
