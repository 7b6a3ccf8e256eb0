#!/usr/bin/env python3
"""Turns `swift package benchmark --format markdown` output into ratios against the baselines.

    swift package --package-path Benchmarks benchmark --format markdown > run.md
    python3 Benchmarks/ratios.py run.md

Each measured benchmark is paired with the baseline that does the same work by hand, and the
ratio of their median wall-clock times is printed as a Markdown table.
"""
import re
import sys

PAIRS = [
    ("Store.Send", "Baseline.Send"),
    ("Store.Scope", "Baseline.Scope"),
    ("Store.Access", "Baseline.Access"),
    ("Store.State", "Baseline.State"),
    ("Fresh.Store.Send", "Baseline.Fresh.Store.Send"),
    ("Fresh.Store.Scope", "Baseline.Fresh.Store.Scope"),
    ("Fresh.Store.Access", "Baseline.Fresh.Store.Access"),
    ("Fresh.NestedStore.Scope", "Baseline.Fresh.NestedStore.Scope"),
    ("Fresh.NestedStore.Send", "Baseline.Fresh.NestedStore.Send"),
    ("Fresh.NestedStore.RootSend", "Baseline.Fresh.NestedStore.RootSend"),
    ("Fresh.NestedStore.NestedSend", "Baseline.Fresh.NestedStore.NestedSend"),
    ("Fresh.NestedStore.Access", "Baseline.Fresh.NestedStore.Access"),
    ("NestedStore.Scope", "Baseline.NestedScope"),
    ("NestedStore.Send", "Baseline.NestedSend"),
    ("NestedStore.RootSend", "Baseline.NestedSend"),
    ("NestedStore.Access", "Baseline.NestedAccess"),
    ("Effect.RoundTrip1000", "Baseline.RoundTrip1000"),
    ("CombineReducers.Send", "Baseline.CombineReducers.Send"),
    ("Observed.Send", "Baseline.ObservedSend"),
    ("Observed.Access", "Baseline.ObservedAccess"),
    ("ObservedNested.Scope", "Baseline.ObservedNestedScope"),
    ("ObservedNested.Send", "Baseline.ObservedNestedSend"),
    ("ObservedNested.RootSend", "Baseline.ObservedNestedSend"),
    ("ObservedNested.Access", "Baseline.ObservedNestedAccess"),
    ("Presentation.RoundTrip", "Baseline.PresentationRoundTrip"),
    ("ForEach.SendToOneRow.100", "Baseline.ForEachSendToOneRow.100"),
    ("ForEach.SendToOneRow.1000", "Baseline.ForEachSendToOneRow.1000"),
    ("ForEach.SendToOneRow.10000", "Baseline.ForEachSendToOneRow.10000"),
    ("SharedField.Send", "PlainField.Send"),
    ("SharedField.ObservedAccess", "PlainField.ObservedAccess"),
]
UNITS = {"ns": 1, "μs": 1_000, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}


def medians(text):
    result, name = {}, None
    for line in text.splitlines():
        if line.startswith("### "):
            name = line[4:].strip()
        match = re.match(r"\|\s*Time \(wall clock\) \((\w+)\) \*?\s*\|(.*)", line)
        if name and match:
            cells = [c.strip() for c in match.group(2).split("|")]
            result[name] = float(cells[2]) * UNITS[match.group(1)]
    return result


def main():
    times = medians(open(sys.argv[1], encoding="utf-8").read())
    print("| benchmark | median | baseline | median | ratio |")
    print("| --- | ---: | --- | ---: | ---: |")
    for measured, baseline in PAIRS:
        if measured not in times or baseline not in times:
            continue
        m, b = times[measured], times[baseline]
        ratio = f"{m / b:.1f}×" if b > 0 else "n/a (baseline below timer resolution)"
        print(f"| {measured} | {fmt(m)} | {baseline} | {fmt(b)} | {ratio} |")


def fmt(ns):
    for unit, scale in (("ms", 1_000_000), ("μs", 1_000)):
        if ns >= scale:
            return f"{ns / scale:.1f} {unit}"
    return f"{ns:.0f} ns"


if __name__ == "__main__":
    main()
