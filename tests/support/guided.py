"""Following a guided deal's guide at a real table (the service a server runs, on a
store of its own): what the test of the chosen deals and the search for them read
(``scripts/guided_deals.py``).

The table is dealt as ``/learn/<game>/guided`` deals it (a table of one against
``easy`` AIs, the guided deal's number), so the AIs decide exactly as they do for a
person; at each of the person's decisions the walk takes the coach's choice (the
hint's verdict) and notes the idea it meets.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardavia.ai import verdict
from cardavia.store import GameStore, TableStore, open_engine, sqlite_url, upgrade
from cardavia.web.infra.thinking import Thinker
from cardavia.web.learn.guided import LEVEL, idea
from cardavia.web.learn.positions import PERSON
from cardavia.web.services.deals import DealService
from cardavia.web.services.tables.frames import decision_key
from cardavia.web.services.tables.service import TableService


@dataclass
class Walk:
    """What following the guide through one deal met."""

    game: str
    seed: int
    decisions: list[tuple[int, str, str]] = field(default_factory=list)
    """Each of the person's decisions: its step, the coach's action, the idea."""
    rounds_won: int = 0
    """Rounds the person won (Chuo Pai)."""
    winners: tuple[int, ...] = ()
    first_step: int = 0
    """How many steps the AIs played before the person's first decision."""
    steps: int = 0

    @property
    def ideas(self) -> tuple[str, ...]:
        """The ideas met, each once, in the order first met."""
        return tuple(dict.fromkeys(found for _step, _action, found in self.decisions))

    @property
    def won(self) -> bool:
        return PERSON in self.winners


def service(folder: Path) -> TableService:
    """A table service as a server runs it (every AI decided inline) on a new store."""
    engine = open_engine(sqlite_url(folder / "guided.sqlite3"))
    upgrade(engine)
    games = GameStore(engine)
    return TableService(TableStore(games), DealService(games, thinker=Thinker()))


def walk(game: str, seed: int, folder: Path | None = None) -> Walk:
    """Follow the guide through deal ``seed`` of ``game`` at a table of one."""
    with tempfile.TemporaryDirectory() as temporary:
        tables = service(folder or Path(temporary))
        try:
            return asyncio.run(_walk(tables, game, seed))
        finally:
            tables.tables.engine.dispose()


async def _walk(tables: TableService, game: str, seed: int) -> Walk:
    moment, _token = await tables.deal_alone(game, LEVEL, seed, guided=True)
    table_id = moment.table.id
    found = Walk(game, seed)
    for _ in range(200):
        moment = tables.read(table_id)
        live: Any = moment.live
        if live.over:
            break
        state = live.deal.state
        legal = next(list(options) for seat, options in state.deciders() if seat == PERSON)
        view = state.view(PERSON)
        chosen = verdict.verdict(game, view, legal).action
        if not found.decisions:
            found.first_step = state.step
        found.decisions.append((state.step, str(chosen), idea(game, view, legal, chosen)))
        await tables.act(table_id, PERSON, str(chosen), decision_key(live))
    state = tables.read(table_id).live.deal.state  # type: ignore[union-attr]
    found.rounds_won = sum(
        1
        for event in state.history
        if event.to_json().get("type") == "round_won" and event.to_json().get("seat") == PERSON
    )
    found.winners = tuple(state.outcome.winners)
    found.steps = state.step
    return found
