"""docs/envs.md says what the code does: its examples run, its block tables are the
observations' layout (the numbering lists are checked in test_numbering.py)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

from cardavia.envs.blocks import offsets

DOCS = Path(__file__).parents[2] / "docs" / "envs.md"


def test_the_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), {})


def test_the_block_tables_are_the_observation_layout(module: ModuleType) -> None:
    name = module.__name__.rsplit(".", 1)[1]
    table = re.search(rf"### `{name}` observation blocks\n\n(.*?)\n\n", DOCS.read_text(), re.S)
    assert table, f"docs/envs.md describes the {name} observation"
    rows = re.findall(r"^\| `(\w+)` \| (\d+)–(\d+) \|", table.group(1), flags=re.M)
    spec = module.SPEC
    encoder = importlib.import_module(f"cardavia.envs.{spec.game}.observation")
    starts = offsets(encoder.BLOCKS)
    assert [(n, int(a), int(b)) for n, a, b in rows] == [
        (block, starts[block], starts[block] + length - 1) for block, length in encoder.BLOCKS
    ]
    assert int(rows[-1][2]) + 1 == spec.observation_size
