// Performs one benchmark operation a fixed number of times, for callgrind to count:
//
//   InstructionCounts --list            the operations: name, baseline, default count
//   InstructionCounts NAME [COUNT]      warms NAME up, then performs it COUNT times
//
// Only the COUNT operations are counted: callgrind's counters are zeroed just before them and
// dumped just after (to `<callgrind out file>.1`). `Benchmarks/callgrind.py` runs every
// operation and its baseline this way and prints the table.
import BenchmarkFeatures
import CallgrindMarkers
import Foundation

func fail(_ message: String) -> Never {
  let line = message + "\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(2)
}

let operations = comparisons.flatMap { [$0.measured, $0.baseline] }
let arguments = CommandLine.arguments.dropFirst()

guard let name = arguments.first else {
  fail("usage: InstructionCounts --list | NAME [COUNT]")
}

if name == "--list" {
  for comparison in comparisons {
    print(
      comparison.measured.name, comparison.baseline.name, comparison.measured.count, separator: "\t"
    )
  }
  exit(0)
}

guard let operation = operations.first(where: { $0.name == name }) else {
  fail("no operation named \(name)")
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? operation.count

// The operation runs in a main-actor task while this thread drives the main queue with a run
// loop. (Awaiting at the top level would park the main thread in `dispatch_main`, which valgrind
// cannot follow: it crashes as soon as an effect suspends the main actor.)
var isFinished = false
Task { @MainActor in
  // A warm-up pass of its own, so that one-time costs (type metadata, caches filled on first
  // use) are paid before the counted pass.
  await operation.prepare(min(count, 100))()

  let run = operation.prepare(count)
  callgrind_markers_begin()
  await run()
  callgrind_markers_end()
  withExtendedLifetime(run) {}
  isFinished = true
}
while !isFinished {
  _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}
exit(0)
