#!/usr/bin/env python3
"""Outside packages that add this repository by URL, as its users do.

The repository's committed HEAD is cloned bare into a scratch folder, as
`open-composable-architecture.git`, and tagged with the version the guide's manifest asks for.
Each consumer's manifest names the repository by its public URL; here that URL becomes the bare
clone's `file://` URL, and nothing else of the manifest changes.

    python3 .ci/consumers.py library   # no trait: the resolved graph has no server package
    python3 .ci/consumers.py guide     # the Hummingbird trait: the web guide's app, built and
                                       # tested; its canary tests must fail

`library` resolves a package that uses only `ComposableArchitecture` and compares its packages
with `.ci/consumers/LibraryOnly/expected-dependencies.txt`, failing with the name of any
package that is not there (a server package first of all); then it builds it.

`guide` builds the web guide's example (`Demos/Sources/GuideFeature`, `GuideExample` and
`Demos/Tests/GuideFeatureTests`) with the manifest the guide shows
(`.ci/consumers/Guide/Package.swift`), after checking that the manifest names every module its
code imports, runs its page tests, then runs
`.ci/consumers/Guide/CanaryTests.swift`, tests that are wrong on purpose: that run must fail,
every canary with it, or a user's failing test could pass silently.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONSUMERS = ROOT / ".ci" / "consumers"
PUBLIC_URL = "https://github.com/OWNER/open-composable-architecture"
# What a package of this repository's servers and databases is called: none of them may reach a
# user of the library alone.
SERVER_PACKAGE = re.compile(
    r"nio|hummingbird|vapor|websocket|service-lifecycle|swift-log|sql|postgres"
)
CANARIES = [
    "aWrongTestStoreExpectationFails",
    "aClickOnAMissingButtonFails",
    "testAWrongTestStoreExpectationFails",
    "testAClickOnAMissingButtonFails",
]


def run(*command, cwd=None, check=True, capture=False, prefix=""):
    """Runs `command`; with `capture`, returns its output too, printed with each line after
    `prefix` (so that a run expected to fail does not read as this script's own last word)."""
    print("$", " ".join(str(part) for part in command), flush=True)
    if capture:
        result = subprocess.run(
            command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        for line in result.stdout.splitlines():
            print(prefix + line)
        sys.stdout.flush()
    else:
        result = subprocess.run(command, cwd=cwd)
    if check and result.returncode != 0:
        sys.exit(f"consumers: failed ({result.returncode}): {' '.join(map(str, command))}")
    return result


def publish(scratch: pathlib.Path) -> str:
    """Clones the repository bare into `scratch`, tagged as the guide's manifest asks."""
    manifest = (CONSUMERS / "Guide" / "Package.swift").read_text(encoding="utf-8")
    version = re.search(re.escape(PUBLIC_URL) + r'", from: "([^"]+)"', manifest).group(1)
    bare = scratch / "open-composable-architecture.git"
    run("git", "clone", "--quiet", "--bare", str(ROOT), str(bare))
    run("git", "-C", str(bare), "tag", "--force", version, "HEAD")
    return bare.as_uri()


def consumer(name: str, scratch: pathlib.Path, url: str) -> pathlib.Path:
    """A copy of `.ci/consumers/NAME` in `scratch`, its manifest naming the bare clone."""
    folder = scratch / name
    shutil.copytree(CONSUMERS / name, folder, ignore=shutil.ignore_patterns("*.txt", "Canary*"))
    manifest = folder / "Package.swift"
    text = manifest.read_text(encoding="utf-8")
    if PUBLIC_URL not in text:
        sys.exit(f"consumers: {name}/Package.swift does not name {PUBLIC_URL}")
    manifest.write_text(text.replace(PUBLIC_URL, url), encoding="utf-8")
    return folder


def packages(tree) -> set:
    """Every package identity in `swift package show-dependencies --format json`'s tree."""
    found = set()
    for dependency in tree.get("dependencies", []):
        found.add(dependency["identity"])
        found |= packages(dependency)
    return found


def library(scratch: pathlib.Path, url: str) -> None:
    folder = consumer("LibraryOnly", scratch, url)
    output = run(
        "swift", "package", "--package-path", str(folder), "show-dependencies", "--format", "json",
        capture=True,
    ).stdout
    tree = json.loads(output[output.index("{") :])
    resolved = packages(tree)
    expected_file = CONSUMERS / "LibraryOnly" / "expected-dependencies.txt"
    expected = {
        line.strip()
        for line in expected_file.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    leaked = sorted(name for name in resolved if SERVER_PACKAGE.search(name))
    for name in leaked:
        print(f"consumers: a user of the library alone resolves the server package '{name}'")
    extra = sorted(resolved - expected - set(leaked))
    for name in extra:
        print(f"consumers: a user of the library alone resolves '{name}', which it did not before")
    missing = sorted(expected - resolved)
    for name in missing:
        print(f"consumers: a user of the library alone no longer resolves '{name}'")
    if leaked or extra or missing:
        sys.exit(f"consumers: the library-only graph differs from {expected_file.name}")
    # And the feature builds against the library, added by URL with no trait.
    run("swift", "build", "--package-path", str(folder))
    print(f"consumers: library only: {len(resolved)} packages, as expected, none of a server")


# Modules that come with the toolchain, which a manifest does not name.
TOOLCHAIN_MODULES = {
    "Dispatch", "Foundation", "FoundationEssentials", "Glibc", "Observation", "Synchronization",
    "Testing", "XCTest",
}


def undeclared_imports(folder: pathlib.Path) -> list:
    """Each `import` of a module that its target's manifest entry names neither as a product
    nor as a target: SwiftPM on Linux builds such a target anyway, if some other dependency
    brought the module, and the next user's copy of the manifest then fails elsewhere."""
    output = subprocess.run(
        ["swift", "package", "--package-path", str(folder), "describe", "--type", "json"],
        stdout=subprocess.PIPE, text=True, check=True,
    ).stdout
    description = json.loads(output[output.index("{") :])
    found = []
    for target in description["targets"]:
        declared = set(target.get("product_dependencies") or []) | set(
            target.get("target_dependencies") or []
        )
        for source in target["sources"]:
            text = (folder / target["path"] / source).read_text(encoding="utf-8")
            for module in re.findall(r"^\s*(?:@testable\s+)?import\s+(\w+)", text, re.MULTILINE):
                if module not in declared and module not in TOOLCHAIN_MODULES:
                    found.append(f"{target['name']} imports {module}, which its manifest does not name")
    return found


def guide(scratch: pathlib.Path, url: str) -> None:
    folder = consumer("Guide", scratch, url)
    demos = ROOT / "Demos"
    for part in ["Sources/GuideFeature", "Sources/GuideExample", "Tests/GuideFeatureTests"]:
        shutil.copytree(demos / part, folder / part)
    shutil.copy(
        CONSUMERS / "Guide" / "CanaryTests.swift", folder / "Tests/GuideFeatureTests/CanaryTests.swift"
    )
    # Every module a target imports must be one its manifest names, as on Apple platforms.
    # (SwiftPM's `--explicit-target-dependency-import-check` lets a module through that a named
    # product brings along, such as Logging with ComposableWebHummingbird.)
    undeclared = undeclared_imports(folder)
    for problem in undeclared:
        print("consumers: " + problem)
    if undeclared:
        sys.exit("consumers: the guide's manifest leaves out products its code imports")
    run("swift", "build", "--package-path", str(folder), "--build-tests")
    run("swift", "test", "--package-path", str(folder), "--skip-build", "--skip", "Canary")
    canary = run(
        "swift", "test", "--package-path", str(folder), "--skip-build", "--filter", "Canary",
        check=False, capture=True, prefix="  canary | ",
    )
    failed = [
        name for name in CANARIES
        if re.search(rf"(✘ Test {name}\(\) failed|Test Case '.*\.{name}' failed)", canary.stdout)
    ]
    if canary.returncode == 0 or len(failed) != len(CANARIES):
        passed = sorted(set(CANARIES) - set(failed))
        sys.exit(
            "consumers: canary tests that are wrong on purpose passed with the guide's products: "
            + ", ".join(passed or ["(the run exited 0)"])
        )
    print(f"consumers: guide: its tests pass, and all {len(CANARIES)} canaries failed, as they must")


def main() -> None:
    checks = {"library": library, "guide": guide}
    names = sys.argv[1:] or list(checks)
    unknown = [name for name in names if name not in checks]
    if unknown:
        sys.exit(f"usage: consumers.py [{'|'.join(checks)}]... (unknown: {', '.join(unknown)})")
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="ocaf-consumers-"))
    try:
        url = publish(scratch)
        for name in names:
            checks[name](scratch, url)
    finally:
        if not os.environ.get("KEEP_CONSUMERS"):
            shutil.rmtree(scratch, ignore_errors=True)
        else:
            print(f"consumers: kept {scratch}")


if __name__ == "__main__":
    main()
