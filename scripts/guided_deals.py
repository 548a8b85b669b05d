#!/usr/bin/env python
"""Search deal numbers for a game's guided first deal (docs/learn.md): run offline, paste
the result into ``cardavia/web/learn/guided.py``.

    PYTHONPATH=src .venv/bin/python scripts/guided_deals.py GAME [FIRST] [COUNT]

Follows the guide (the coach's choice at each of the person's decisions) through deals
FIRST, FIRST+1... at a real table of one against easy AIs (tests/support/guided.py) and
prints, for each deal the person wins, the ideas met, the decisions, the rounds won and
how many steps the AIs played before the person's first decision.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from guided import walk


def main() -> None:
    game = sys.argv[1]
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    for seed in range(first, first + count):
        found = walk(game, seed)
        if not found.won:
            continue
        print(
            seed,
            "ideas=" + ",".join(found.ideas),
            f"decisions={len(found.decisions)}",
            f"rounds={found.rounds_won}",
            f"first={found.first_step}",
            f"steps={found.steps}",
            flush=True,
        )


if __name__ == "__main__":
    main()
