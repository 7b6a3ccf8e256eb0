#!/usr/bin/env python3
"""Every public declaration of the view builder and of ComposableWebTesting has a doc comment
with an example: a `///` comment right above it (above its attributes) holding a ```swift block.

Fails, naming each place, when one has none.

    python3 .ci/check_docs.py
"""
import pathlib
import re
import sys

FILES = [
    "Sources/ComposableWeb/View/Node.swift",
    "Sources/ComposableWeb/View/Node+Attributes.swift",
    "Sources/ComposableWeb/View/HTMLElement.swift",
    "Sources/ComposableWeb/View/Handler.swift",
    "Sources/ComposableWeb/View/NodeBuilder.swift",
    "Sources/ComposableWeb/View/Elements.swift",
    "Sources/ComposableWeb/View/Buttons.swift",
    "Sources/ComposableWeb/View/InputType.swift",
    "Sources/ComposableWeb/View/TextInputs.swift",
    "Sources/ComposableWeb/View/NumberInputs.swift",
    "Sources/ComposableWeb/View/ChoiceInputs.swift",
    "Sources/ComposableWeb/View/Form.swift",
    "Sources/ComposableWeb/View/LiveStore+Binding.swift",
    "Sources/ComposableWeb/View/Bindable.swift",
    "Sources/ComposableWeb/View/Component.swift",
    "Sources/ComposableWeb/View/Navigation.swift",
    "Sources/ComposableWeb/View/LiveLayout.swift",
    "Sources/ComposableWeb/Endpoint/LiveRequest.swift",
    *sorted(str(path) for path in pathlib.Path("Sources/ComposableWebTesting").rglob("*.swift")),
]
PUBLIC = re.compile(
    r"^\s*(@[\w.]+(\([^)]*\))?\s+)*public\s+(static\s+|final\s+|mutating\s+|nonisolated\s+)*"
    r"(func|var|let|struct|class|enum|init|protocol|actor|typealias|subscript|case|extension)\b"
)
ATTRIBUTE = re.compile(r"^\s*@[\w.]+(\(.*\))?\s*$")


def problems(path: pathlib.Path):
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if not PUBLIC.match(line) or re.match(r"^\s*public\s+extension\b", line):
            continue
        # Above the declaration's attributes, the doc comment's lines.
        index = number - 2
        while index >= 0 and ATTRIBUTE.match(lines[index]):
            index -= 1
        comment = []
        while index >= 0 and lines[index].strip().startswith("///"):
            comment.insert(0, lines[index])
            index -= 1
        if not comment:
            yield f"{path}:{number}: no doc comment: {line.strip()}"
        elif not any("```swift" in text for text in comment):
            yield f"{path}:{number}: a doc comment without a ```swift example: {line.strip()}"


def main() -> int:
    found = [problem for name in FILES for problem in problems(pathlib.Path(name))]
    for problem in found:
        print(problem)
    if found:
        print(f"{len(found)} public declaration(s) need a doc comment with an example.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
