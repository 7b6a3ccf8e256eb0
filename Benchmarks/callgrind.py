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

    python3 Benchmarks/callgrind.py --product WebInstructionCounts   # page events in a web session

counts ComposableWeb's page events the same way (`Sources/WebInstructionCounts`): a click, and
a keystroke in a keyed list of 100 and of 1,000 rows. They have no baseline.

The guard against silent regressions:

    python3 Benchmarks/callgrind.py --check     # fails if an operation drifted from expected.json
    python3 Benchmarks/callgrind.py --update    # writes today's counts to expected.json

`--check` compares every operation (not the baselines) with `Benchmarks/expected.json` and fails
when one counts more than 3% above its expected figure, or more than 3% below it: a change that
makes an operation cheaper lowers its expected count in the same commit (`--update`).

`--check` also holds the counts to the aims they meet, in `Benchmarks/aims.json`: a ceiling
(`"at most": 950`) or a multiple of another operation's count (`"at most": 1.2, "times":
"ForEach.SendToOneRow.100"`). It fails when a counted operation misses one, even within 3% of
its expected count. An aim is checked when this run counted its operations.
"""
import argparse
import json
import os
import re
import subprocess
import sys

PACKAGE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(PACKAGE, "expected.json")
AIMS = os.path.join(PACKAGE, "aims.json")
TOLERANCE = 0.03


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-build", action="store_true", help="use the last release build")
    parser.add_argument("--runs", type=int, default=2, help="runs per operation (default 2)")
    parser.add_argument("--only", action="append", default=[], help="an operation to count (repeatable)")
    parser.add_argument("--out", default=os.path.join(PACKAGE, ".build", "callgrind"), help="where the dumps go")
    parser.add_argument("--check", action="store_true", help="compare with expected.json; fail on a drift over 3%%")
    parser.add_argument("--update", action="store_true", help="write the counts to expected.json")
    parser.add_argument(
        "--product",
        default="InstructionCounts",
        help="the executable to count: InstructionCounts (the store, default) or WebInstructionCounts (page events)",
    )
    args = parser.parse_args()
    if args.check or args.update:
        # The counts are deterministic: one run is enough.
        args.runs = 1

    swift_build = ["swift", "build", "-c", "release", "--package-path", PACKAGE]
    if not args.skip_build:
        build = swift_build + ["--product", args.product]
        if subprocess.run(build).returncode != 0:
            # SwiftPM keeps using a build manifest that names a source file since moved or
            # renamed ("missing inputs"); without it, the build plans afresh.
            manifest = os.path.join(PACKAGE, ".build", "release.yaml")
            if not os.path.exists(manifest):
                sys.exit(1)
            os.remove(manifest)
            subprocess.run(build, check=True)
    bin_path = subprocess.run(swift_build + ["--show-bin-path"], check=True, capture_output=True, text=True)
    executable = os.path.join(bin_path.stdout.strip(), args.product)
    os.makedirs(args.out, exist_ok=True)
    # valgrind 3.19 cannot read the DWARF 5 debug information the Swift toolchain emits; the symbol
    # table, which is all the counts and `callgrind_annotate` need, survives stripping it.
    stripped = os.path.join(args.out, args.product)
    subprocess.run(["strip", "--strip-debug", "-o", stripped, executable], check=True)
    executable = stripped

    listing = subprocess.run([executable, "--list"], check=True, capture_output=True, text=True).stdout
    pairs = [line.split("\t") for line in listing.splitlines() if line]
    if args.only:
        pairs = [pair for pair in pairs if pair[0] in args.only or pair[1] in args.only]

    print("| operation | instructions/op | baseline | instructions/op | ratio | runs apart |")
    print("| --- | ---: | --- | ---: | ---: | ---: |")
    worst = 0.0
    counts = {}
    for measured, baseline, count in pairs:
        count = int(count)
        m_runs = [count_instructions(executable, measured, count, args.out, k) / count for k in range(args.runs)]
        # An operation without a baseline ("-") prints none.
        b_runs = (
            [count_instructions(executable, baseline, count, args.out, k) / count for k in range(args.runs)]
            if baseline != "-"
            else []
        )
        apart = max(spread(m_runs), spread(b_runs) if b_runs else 0)
        worst = max(worst, apart)
        m = m_runs[0]
        counts[measured] = round(m)
        if b_runs:
            b = b_runs[0]
            print(
                f"| {measured} | {m:,.0f} | {baseline} | {b:,.0f} | {m / b:,.1f}× | {apart * 100:.2f}% |",
                flush=True,
            )
        else:
            print(f"| {measured} | {m:,.0f} | – | – | – | {apart * 100:.2f}% |", flush=True)
    print()
    print(f"Runs per operation: {args.runs}; largest difference between runs: {worst * 100:.2f}%.")
    if worst > 0.01:
        print("warning: some runs differ by more than 1%", file=sys.stderr)
    if args.update:
        update_expected(counts)
    if args.check:
        within_expected = check_expected(counts)
        aims_met = check_aims(counts)
        if not (within_expected and aims_met):
            sys.exit(1)


def load_expected():
    if not os.path.exists(EXPECTED):
        return {}
    with open(EXPECTED, encoding="utf-8") as file:
        return json.load(file)


def update_expected(counts):
    """Writes the counts to expected.json, keeping the operations this run did not count."""
    expected = load_expected()
    expected.update(counts)
    with open(EXPECTED, "w", encoding="utf-8") as file:
        json.dump(dict(sorted(expected.items())), file, indent=2)
        file.write("\n")
    print(f"Wrote {len(counts)} counts to {os.path.relpath(EXPECTED)}.")


def check_expected(counts):
    """Compares the counts with expected.json; prints each drift and returns whether none."""
    expected = load_expected()
    problems = []
    print()
    print("| operation | expected | counted | change |")
    print("| --- | ---: | ---: | ---: |")
    for name, count in counts.items():
        if name not in expected:
            problems.append(f"{name}: no expected count; add it with --update")
            print(f"| {name} | – | {count:,} | new |")
            continue
        change = count / expected[name] - 1
        print(f"| {name} | {expected[name]:,} | {count:,} | {change * 100:+.1f}% |")
        if change > TOLERANCE:
            problems.append(f"{name}: {count:,} instructions, {change * 100:.1f}% above the expected {expected[name]:,}")
        elif change < -TOLERANCE:
            problems.append(
                f"{name}: {count:,} instructions, {-change * 100:.1f}% below the expected {expected[name]:,}; "
                "lower its count in expected.json (--update) in the same commit"
            )
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if not problems:
        print()
        print(f"All {len(counts)} operations within {TOLERANCE * 100:.0f}% of expected.json.")
    return not problems


def check_aims(counts, aims_path=AIMS):
    """Holds the counts to the aims in aims.json; prints each and returns whether all were met."""
    if not os.path.exists(aims_path):
        print(f"warning: no {os.path.relpath(aims_path)}; no aims checked", file=sys.stderr)
        return True
    with open(aims_path, encoding="utf-8") as file:
        aims = json.load(file)
    known = set(load_expected()) | set(counts)
    problems = []
    rows = []
    for aim in aims:
        name = aim["operation"]
        other = aim.get("times")
        unknown = [n for n in (name, other) if n is not None and n not in known]
        if unknown:
            problems.append(f"aims.json names an operation that doesn't exist: {', '.join(unknown)}")
            continue
        if name not in counts or (other is not None and other not in counts):
            continue
        if other is None:
            limit = aim["at most"]
            shown = f"≤ {limit:,}"
        else:
            limit = aim["at most"] * counts[other]
            shown = f"≤ {aim['at most']}× {other} ({limit:,.0f})"
        met = counts[name] <= limit
        rows.append(f"| {name} | {shown} | {counts[name]:,} | {'yes' if met else 'NO'} | {aim['why']} |")
        if not met:
            problems.append(f"{name}: {counts[name]:,} instructions misses its aim, {shown}: {aim['why']}")
    if rows:
        print()
        print("| operation | aim | counted | met | why |")
        print("| --- | --- | ---: | :---: | --- |")
        for row in rows:
            print(row)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if rows and not problems:
        print()
        print(f"Every aim this run could check is met ({len(rows)}).")
    return not problems


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
