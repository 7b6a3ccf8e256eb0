#!/usr/bin/env python3
"""The library's one lock type is `Locked` (Sources/Sharing/Internal/Locked.swift).

Fails, naming each place, if a source file of the library makes a lock of another kind, or
declares `@unchecked Sendable` without an `// Unchecked:` comment within three lines saying why.

    python3 .ci/check_locks.py [SOURCES_DIR]
"""
import pathlib
import re
import sys

LOCK_FILE = pathlib.Path("Sharing/Internal/Locked.swift")
RAW_LOCK = re.compile(r"\b(NSLock|NSRecursiveLock|os_unfair_lock|pthread_mutex_t)\b")
UNCHECKED = re.compile(r"@unchecked\s+Sendable")


def problems(sources: pathlib.Path):
    for path in sorted(sources.rglob("*.swift")):
        relative = path.relative_to(sources)
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            code = line.split("//", 1)[0]
            if relative != LOCK_FILE and RAW_LOCK.search(code):
                yield f"{path}:{number}: a lock other than `Locked`: {line.strip()}"
            if UNCHECKED.search(code):
                nearby = lines[max(0, number - 4) : number + 3]
                if not any("// Unchecked:" in other for other in nearby):
                    yield (
                        f"{path}:{number}: `@unchecked Sendable` without an `// Unchecked:` "
                        f"comment saying why: {line.strip()}"
                    )


def main() -> int:
    sources = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources")
    found = list(problems(sources))
    for problem in found:
        print(problem)
    if found:
        print(f"{len(found)} place(s): use `Locked`, or say why the compiler can't check it.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
