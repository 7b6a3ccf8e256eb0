#!/usr/bin/env python3
"""Counts the instructions of each benchmark operation and of its baseline with callgrind.

    python3 Benchmarks/callgrind.py                  # build, run everything twice, print the table
    python3 Benchmarks/callgrind.py --skip-build --only Store.Send --only Fresh.Store.Send

Builds the `InstructionCounts` executable in release, then runs every operation of the shared
table (`Sources/BenchmarkFeatures/Operations.swift`) and its baseline under
`valgrind --tool=callgrind`, each `--runs` times. The executable warms the operation up, zeroes
callgrind's counters, performs it a fixed number of times and dumps the counters, so only those
operations are counted (all threads included). The executable is run with its debug
information stripped (valgrind 3.19 cannot read DWARF 5) and `SWIFT_DETERMINISTIC_HASHING=1`, so
that hashing does the same work in every run. Prints a Markdown table of instructions per
operation, the ratio to the baseline, and how far apart the runs were.

The dumps stay in `--out` (default `Benchmarks/.build/callgrind`), one `<name>.run<k>.out.1` per
run, for `callgrind_annotate`.
"""
import argparse
import os
import re
import subprocess
import sys

PACKAGE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-build", action="store_true", help="use the last release build")
    parser.add_argument("--runs", type=int, default=2, help="runs per operation (default 2)")
    parser.add_argument("--only", action="append", default=[], help="an operation to count (repeatable)")
    parser.add_argument("--out", default=os.path.join(PACKAGE, ".build", "callgrind"), help="where the dumps go")
    args = parser.parse_args()

    swift_build = ["swift", "build", "-c", "release", "--package-path", PACKAGE]
    if not args.skip_build:
        subprocess.run(swift_build + ["--product", "InstructionCounts"], check=True)
    bin_path = subprocess.run(swift_build + ["--show-bin-path"], check=True, capture_output=True, text=True)
    executable = os.path.join(bin_path.stdout.strip(), "InstructionCounts")
    os.makedirs(args.out, exist_ok=True)
    # valgrind 3.19 cannot read the DWARF 5 debug information the Swift toolchain emits; the symbol
    # table, which is all the counts and `callgrind_annotate` need, survives stripping it.
    stripped = os.path.join(args.out, "InstructionCounts")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, executable], check=True)
    executable = stripped

    listing = subprocess.run([executable, "--list"], check=True, capture_output=True, text=True).stdout
    pairs = [line.split("\t") for line in listing.splitlines() if line]
    if args.only:
        pairs = [pair for pair in pairs if pair[0] in args.only or pair[1] in args.only]

    print("| operation | instructions/op | baseline | instructions/op | ratio | runs apart |")
    print("| --- | ---: | --- | ---: | ---: | ---: |")
    worst = 0.0
    for measured, baseline, count in pairs:
        count = int(count)
        m_runs = [count_instructions(executable, measured, count, args.out, k) / count for k in range(args.runs)]
        b_runs = [count_instructions(executable, baseline, count, args.out, k) / count for k in range(args.runs)]
        apart = max(spread(m_runs), spread(b_runs))
        worst = max(worst, apart)
        m, b = m_runs[0], b_runs[0]
        print(
            f"| {measured} | {m:,.0f} | {baseline} | {b:,.0f} | {m / b:,.1f}× | {apart * 100:.2f}% |",
            flush=True,
        )
    print()
    print(f"Runs per operation: {args.runs}; largest difference between runs: {worst * 100:.2f}%.")
    if worst > 0.01:
        print("warning: some runs differ by more than 1%", file=sys.stderr)


def count_instructions(executable, name, count, out, run):
    """Runs `name` `count` times under callgrind and returns the instructions it counted."""
    dump = os.path.join(out, f"{name}.run{run + 1}.out")
    for stale in (dump, dump + ".1"):
        if os.path.exists(stale):
            os.remove(stale)
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={dump}", executable, name, str(count)],
        check=True,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    with open(dump + ".1", encoding="utf-8") as file:
        for line in file:
            match = re.match(r"(?:summary|totals):\s+(\d+)", line)
            if match:
                return int(match.group(1))
    raise RuntimeError(f"no instruction total in {dump}.1")


def spread(values):
    """How far apart the runs are, relative to the smallest."""
    return (max(values) - min(values)) / min(values)


if __name__ == "__main__":
    main()
