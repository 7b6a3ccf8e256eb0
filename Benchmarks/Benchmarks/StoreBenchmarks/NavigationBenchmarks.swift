import Benchmark
import BenchmarkFeatures
import ComposableArchitecture

// `forEach` over identified rows: sending to one row should cost the same whatever the number of
// rows. Each size is measured against a baseline that mutates the row in a plain identified
// array, in the same run.

func registerNavigationBenchmarks() {
  // 10,000 rows are in the shared table with the other compared operations.
  for count in [100, 1_000] {
    register(forEachSendToOneRow(count))
    register(baselineForEachSendToOneRow(count))
  }
}
