"""The README's examples run as written (a README that lies is worse than none)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_python_examples_in_the_readme_run(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks, "the README shows how to use an engine"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_the_readme_opens_with_a_paragraph_then_exactly_two_commands() -> None:
    text = README.read_text()
    first_block = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert first_block is not None
    commands = [line for line in first_block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[0].startswith("./scripts/run") and commands[1].startswith("./scripts/test")
    for command in commands:
        assert (README.parent / command.split()[0]).exists()
