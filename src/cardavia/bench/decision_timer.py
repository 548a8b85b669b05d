"""One side of ``cardavia bench versus``: a process that times one player's decisions.

Run as a script (``python decision_timer.py GAME PLAYER SEED DEALS``) with the version
under test first on ``PYTHONPATH``, so that every ``cardavia`` import below is that
version's: it uses only the long-standing API (``get_game``, ``get_player``, ``Deal``),
which every version being compared has. It plays ``DEALS`` deals with ``basic`` in every
seat from ``SEED``, keeps every position with a choice, prints their number and the
``src`` folder it imported, then for each position index read from standard input
answers with the CPU seconds of the player's decision there and the decision itself,
one line each.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]  # run as a script: this folder's modules are not top-level ones


def positions(game_name: str, seed: int, deals: int) -> list[tuple[object, list[object]]]:
    """``(view, legal actions)`` at every decision with a choice in ``basic`` deals."""
    from cardavia.ai.registry import get_player
    from cardavia.games.registry import get_game
    from cardavia.records.deal import Deal

    game = get_game(game_name)
    mover = get_player(game_name, "basic")
    found: list[tuple[object, list[object]]] = []
    for index in range(deals):
        deal = Deal(game, *game.shuffle(random.Random(seed + index)))
        rng = random.Random(seed + index)
        while not deal.over:
            state = deal.state
            legal = list(state.legal_actions())
            view = state.view(state.to_act)
            if len(legal) > 1:
                found.append((view, legal))
            deal.act(mover.choose(view, legal, rng))
    return found


def main(argv: list[str]) -> None:
    """Serve timing requests on standard input until it closes."""
    import cardavia
    from cardavia.ai.registry import get_player

    game_name, player_name, seed, deals = argv[0], argv[1], int(argv[2]), int(argv[3])
    player = get_player(game_name, player_name)
    found = positions(game_name, seed, deals)
    print("positions", len(found), Path(cardavia.__file__).resolve().parent.parent, flush=True)
    for line in sys.stdin:
        view, legal = found[int(line)]
        start = time.process_time()
        chosen = player.choose(view, legal, random.Random(seed))
        spent = time.process_time() - start
        print(f"{spent:.6f} {chosen}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
