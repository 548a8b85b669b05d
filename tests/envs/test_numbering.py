"""The fixed numbering: number ↔ notation round-trips, agrees with the engine's legal
actions at every decision, and is exactly the list docs/envs.md publishes."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from env_walks import decisions

from cardavia.core.errors import NotationError

DOCS = Path(__file__).parents[2] / "docs" / "envs.md"


def test_numbers_and_texts_round_trip(module: ModuleType) -> None:
    env = module.raw_env()
    assert env.action_space(env.possible_agents[0]).n == len(module.ACTIONS)
    for number, text in enumerate(module.ACTIONS):
        assert module.action_text(number) == text
        assert module.action_number(text) == number
        assert env.action_number(env.game.parse_action(text)) == number
        assert str(env.game.parse_action(text)) == text


def test_cards_may_be_written_in_any_order() -> None:
    from cardavia.envs import chuopai_v0, sisepai_v0

    assert sisepai_v0.action_number("take  yC yC   yC") == sisepai_v0.ACTIONS.index("take yC yC yC")
    assert sisepai_v0.action_number("take rE rG rA") == sisepai_v0.ACTIONS.index("take rG rA rE")
    assert chuopai_v0.action_number("play 45 66") == chuopai_v0.ACTIONS.index("play 45 66")
    assert chuopai_v0.action_number("play 66 45") == chuopai_v0.ACTIONS.index("play 45 66")


def test_bad_numbers_and_texts_are_refused_in_words(module: ModuleType) -> None:
    for number in (-1, len(module.ACTIONS)):
        with pytest.raises(ValueError, match="action numbers run from 0 to"):
            module.action_text(number)
    with pytest.raises(NotationError):
        module.action_number("shout")
    with pytest.raises(NotationError, match="not an action of this game"):
        # Well-formed notation that no rule ever allows.
        module.action_number("take rA rA" if "take rG" in module.ACTIONS else "play 12 13")


def test_the_mask_is_the_engine_legal_actions_at_every_decision(module: ModuleType) -> None:
    env = module.raw_env()
    asked = 0
    for _ in decisions(env, range(40)):
        state = env.deal.state
        mask = env.observe(env.agent_selection)["action_mask"]
        numbers = [int(n) for n in np.flatnonzero(mask)]
        legal = [str(action) for action in state.legal_actions()]
        assert sorted(env.action_text(n) for n in numbers) == sorted(legal)
        assert len(numbers) >= 2  # forced actions never reach an agent
        for other in env.possible_agents:
            if other != env.agent_selection:
                assert not env.observe(other)["action_mask"].any()
        asked += 1
    assert asked > 500


def _documented(name: str) -> list[str]:
    found = re.search(rf"### `{name}` action numbers\n\n```text\n(.*?)```", DOCS.read_text(), re.S)
    assert found, f"docs/envs.md lists the {name} numbering"
    rows = [line.split(maxsplit=1) for line in found.group(1).splitlines()]
    assert [int(number) for number, _ in rows] == list(range(len(rows)))
    return [text for _, text in rows]


def test_the_numbering_is_the_documented_one(module: ModuleType) -> None:
    name = module.__name__.rsplit(".", 1)[1]
    assert list(module.ACTIONS) == _documented(name)
