"""What a trainer relies on: seeded deals, forced actions played for the agents (and
told to them), rewards at the end, records that replay, a readable table."""

from __future__ import annotations

import pickle
import random
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from env_walks import decisions

from cardavia.core.errors import IllegalActionError
from cardavia.envs import sisepai_v0
from cardavia.games.registry import get_game
from cardavia.records.format import parse_record
from cardavia.records.replay import replay


def test_reset_with_a_seed_deals_the_shuffle_of_that_seed(module: ModuleType) -> None:
    env = module.raw_env()
    env.reset(seed=2024)
    deck, first = env.game.shuffle(random.Random(2024))
    assert env.deal.deck == deck and env.deal.first == first
    assert env.deal.state.to_act == env.possible_agents.index(env.agent_selection)


def test_resets_without_a_seed_continue_from_the_last_seed(module: ModuleType) -> None:
    one, two = module.raw_env(), module.raw_env()
    decks = []
    for env in (one, two):
        env.reset(seed=8)
        env.reset()
        decks.append(env.deal.deck)
        env.reset()
        decks.append(env.deal.deck)
    assert decks[:2] == decks[2:]
    assert decks[0] != decks[1]


def test_the_record_of_a_played_deal_replays_to_its_end(module: ModuleType) -> None:
    env = module.raw_env()
    for seed in range(5):
        for _ in decisions(env, range(seed, seed + 1)):
            pass
        record = parse_record(env.record().dumps())
        assert replay(record).state == env.deal.state
        assert record.meta["seed"] == seed


def test_rewards_come_at_the_end_and_add_up_to_zero(module: ModuleType) -> None:
    env = module.raw_env()
    sole_wins = 0
    for seed in range(40):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            assert not truncated
            if terminated:
                winners = env.deal.state.outcome.winners
                seat = env.possible_agents.index(agent)
                players = len(env.possible_agents)
                if len(winners) == 1:
                    assert reward == (1.0 if seat in winners else -1 / (players - 1))
                assert info["outcome"] == env.deal.state.outcome.to_json()
                env.step(None)
                continue
            assert reward == 0
            legal = np.flatnonzero(observation["action_mask"])
            wins = [n for n in legal if env.action_text(n) == "win"]
            env.step(int(wins[0] if wins else rng.choice(legal)))
        sole_wins += len(env.deal.state.outcome.winners) == 1
        assert env.agents == []
    assert sole_wins >= 2  # (random Sì Sè Pái deals are mostly drawn: 3 of these 40)


def test_deal_rewards_share_a_win_and_a_loss() -> None:
    from cardavia.envs.rewards import deal_rewards

    assert deal_rewards((2,), 4) == (-1 / 3, -1 / 3, 1.0, -1 / 3)
    assert deal_rewards((), 4) == (0.0,) * 4
    assert deal_rewards((0, 2), 3) == (0.5, -1.0, 0.5)
    assert deal_rewards((0, 1, 2), 3) == (0.0,) * 3


def test_every_public_event_reaches_every_agent_once_forced_ones_included(
    module: ModuleType,
) -> None:
    env = module.raw_env()
    forced_told = 0
    for seed in range(6):
        told: dict[str, list[Any]] = {agent: [] for agent in env.possible_agents}
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            observation, _, terminated, _, info = env.last()
            told[agent] += info["events"]
            if terminated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        history = [event.to_json() for event in env.deal.state.history]
        for events in told.values():
            assert events == history
        # Events of a seat's own action outnumber the decisions that could have caused
        # them: the rest come from forced actions, and every agent was told of them.
        own = ("lead", "beat", "pass", "claimed", "discarded")
        acted = sum(1 for e in history if e["type"] in own and not e.get("drawn", False))
        verbs = ("play", "pass") if module is not sisepai_v0 else ("take", "discard")
        chosen = sum(1 for _, text in env.deal.decisions if text.split()[0] in verbs)
        forced_told += acted - chosen
    assert forced_told > 0  # some told events come from actions no agent chose


def test_an_illegal_number_is_refused_and_changes_nothing(module: ModuleType) -> None:
    env = module.raw_env()
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.deal.state
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError, match="action numbers run from 0"):
        env.step(len(mask))
    assert env.deal.state == before and env.deal.decisions == []


def test_the_wrapped_environment_ends_the_deal_on_an_illegal_number(module: ModuleType) -> None:
    env = module.env()
    env.reset(seed=3)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1


def test_a_deal_won_by_a_forced_action_ends_at_reset() -> None:
    game = get_game("sisepai")
    # Six identical triples and two flowers: complete, and a drawn General makes 21.
    dealt = [code for code in ("rA", "rE", "rR", "rH", "rC", "rS") for _ in range(3)]
    dealt += ["F1", "F2"]
    rest = list(game.full_deck())
    for code in [*dealt, "rG"]:
        rest.remove(game.parse_card(code))
    random.Random(0).shuffle(rest)  # (no other seat's dealt hand is complete with rG)
    cards = [game.parse_card(code) for code in dealt]
    deck = tuple(cards + rest[:60] + [game.parse_card("rG")] + rest[60:])

    class FixedDeck:
        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def shuffle(self, rng: random.Random) -> tuple[tuple[Any, ...], int]:
            return deck, 0

    env = sisepai_v0.raw_env()
    env.game = FixedDeck()
    env.reset(seed=1)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 1.0, **dict.fromkeys(env.possible_agents[1:], -1 / 3)}
    for _ in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_ansi_render_draws_the_table_in_card_notation(module: ModuleType) -> None:
    env = module.raw_env(render_mode="ansi")
    env.reset(seed=11)
    text = env.render()
    state = env.deal.state
    for seat in range(len(env.possible_agents)):
        hand = " ".join(str(card) for card in state.view(seat).hand)
        assert f"seat {seat}  hand {hand}" in text
    assert f"> seat {state.to_act}" in text
    for _ in decisions(env, range(11, 12)):
        pass
    assert "result:" in env.render()


def test_a_step_before_reset_says_so(module: ModuleType) -> None:
    env = module.raw_env(render_mode="ansi")
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.render):
        with pytest.raises(RuntimeError, match=r"call reset\(\) before"):
            call()


def test_render_modes(module: ModuleType) -> None:
    env = module.raw_env()
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode='ansi'"):
        assert env.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        module.raw_env(render_mode="human")


def test_an_environment_pickles_through_its_arguments(module: ModuleType) -> None:
    env = pickle.loads(pickle.dumps(module.raw_env(render_mode="ansi")))
    env.reset(seed=4)
    assert env.render_mode == "ansi" and env.agent_selection in env.possible_agents
