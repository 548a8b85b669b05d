"""An observation holds only what its seat may see: reshuffling the cards a seat cannot
see (other hands, the stock) changes neither its observation, nor its mask, nor its info."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
from env_walks import decisions

from cardavia.envs.aec import CardaviaEnv


def _seen_by(env: CardaviaEnv, agent: str) -> tuple[bytes, bytes, object]:
    observation = env.observe(agent)
    return (
        observation["observation"].tobytes(),
        observation["action_mask"].tobytes(),
        env._info(agent),
    )


def test_reshuffling_unseen_cards_changes_no_observation(module: ModuleType) -> None:
    env = module.raw_env()
    shuffler = random.Random(3)
    checked = moved = 0
    for _ in decisions(env, range(12)):
        if shuffler.random() < 0.5:
            continue
        state = env.deal.state
        for seat, agent in enumerate(env.possible_agents):
            before = _seen_by(env, agent)
            other = state.shuffle_unseen(seat, shuffler)
            moved += other != state
            env.deal.state = other
            try:
                assert _seen_by(env, agent) == before, f"{agent} at step {state.step}"
            finally:
                env.deal.state = state
            checked += 1
    assert checked > 600
    assert moved > 0.9 * checked  # the reshuffle really moved hidden cards


def test_observations_fit_their_space_at_every_decision(module: ModuleType) -> None:
    env = module.raw_env()
    for _ in decisions(env, range(5)):
        for agent in env.possible_agents:
            observation = env.observe(agent)
            assert env.observation_space(agent).contains(observation)
            assert observation["observation"].any()


def test_seats_are_relative_so_every_seat_sees_its_own_hand_first(module: ModuleType) -> None:
    env = module.raw_env()
    env.reset(seed=5)
    state = env.deal.state
    for seat, agent in enumerate(env.possible_agents):
        hand = state.view(seat).hand
        cards = list(dict.fromkeys(env.game.full_deck()))
        row = env.observe(agent)["observation"][: len(cards)]
        copies = np.array([env.game.full_deck().count(card) for card in cards])
        counts = np.rint(row * copies).astype(int)
        assert [int(counts[int(card)]) for card in sorted(set(hand))] == [
            hand.count(card) for card in sorted(set(hand))
        ]
        assert counts.sum() == len(hand)
