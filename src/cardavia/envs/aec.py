"""One PettingZoo AEC environment for every game: a deal, seats as agents, views out.

The environment drives :class:`cardavia.records.deal.Deal`, the loop the arena and the
site share, so forced actions are played for the agents exactly as at the table and the
deal's record always replays. What an agent receives is built from its seat's view and
its legal actions only (:meth:`CardaviaEnv.observe`, :meth:`CardaviaEnv._info`): the
engine state never reaches an encoder.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardavia.envs.rewards import deal_rewards
from cardavia.envs.spec import EnvSpec
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.records.format import Record

Observation = dict[str, Any]
"""``{"observation": float32 vector, "action_mask": int8 vector}``."""


def agent_name(seat: int) -> str:
    """The agent playing ``seat``: ``player_<seat>``, with the engine's seat number."""
    return f"player_{seat}"


class CardaviaEnv(AECEnv[str, Observation, Any]):
    """A deal of one game as an AEC environment (docs/envs.md).

    ``reset(seed=s)`` deals ``game.shuffle(random.Random(s))``, the site's deal for seed
    ``s``; a reset without a seed deals from a generator seeded by the last seed given
    (or by the operating system when none was). Only seats with a choice of two or more
    actions are ever asked; the rewards come at the end of the deal.
    """

    def __init__(self, spec: EnvSpec, render_mode: str | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # PettingZoo's is unannotated
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.spec = spec
        self.game: Any = get_game(spec.game)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(self.game.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(spec.numbering)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (spec.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.deal_seed: int | None = None
        """The seed of the running deal: for the trainer's logs, never an agent's input."""
        self.deal: Deal[Any, Any, Any] | None = None
        self._seen: dict[str, int] = {}
        # The views of the current state by seat: info and observation share one.
        self._views: tuple[object, dict[int, Any]] = (None, {})
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}

    # --- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Observation]:
        """``{"observation": Box(0, 1, (n,), float32), "action_mask": Box(0, 1, (a,), int8)}``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(a)``: the numbering of docs/envs.md."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal (``options`` are accepted and ignored)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            self.deal_seed = seed
        else:
            self.deal_seed = self._seeds.getrandbits(64)
        deck, first = self.game.shuffle(random.Random(self.deal_seed))
        self.deal = Deal(self.game, deck, first, {"env": self.spec.name, "seed": self.deal_seed})
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._seen = dict.fromkeys(self.agents, 0)
        self.agent_selection = self.possible_agents[first]
        self._next_turn()

    def step(self, action: int | None) -> None:
        """Play action number ``action`` for :attr:`agent_selection`, then every forced action.

        An illegal number raises ``IllegalActionError`` and changes nothing (``env()``
        wraps this in PettingZoo's ``TerminateIllegalWrapper``, which ends the deal with
        −1 for the offender instead).
        """
        deal = self._running()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action number, not None")
        numbering = self.spec.numbering
        number = int(action)
        numbering.text(number)  # a clear error for a number out of range
        chosen = numbering.actions[number]
        seen = len(deal.state.history)
        deal.act(chosen)
        self._seen[agent] = seen
        self._cumulative_rewards[agent] = 0.0
        self._next_turn()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation vector and action mask, from its seat's view alone."""
        state = self._running().state
        seat = self._seats[agent]
        legal = state.legal_actions() if state.to_act == seat else ()
        return {
            "observation": self.spec.encode(self._view(seat)),
            "action_mask": self.spec.numbering.mask(legal),
        }

    def render(self) -> str | None:
        """The table as text in the card notation (``render_mode="ansi"``): a spectator's
        picture with every hand shown, for the person training, never for an agent."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        state = self._running().state
        return self.spec.table([state.view(seat) for seat in range(self.game.players)])

    def close(self) -> None:
        """Nothing to release: an environment holds no files, windows or processes."""

    # --- for trainers -------------------------------------------------------------------

    def record(self) -> Record:
        """The running deal's record (records.md): replay it with ``cardavia replay``.

        It holds the deck: for logs after the deal, never an agent's input.
        """
        return self._running().record()

    def action_text(self, number: int) -> str:
        """The notation of action ``number``."""
        return self.spec.numbering.text(number)

    def action_number(self, action: object) -> int:
        """The number of an action (an engine action, or its text in any spelling)."""
        return self.spec.numbering.number(action)

    # --- inside -------------------------------------------------------------------------

    def _running(self) -> Deal[Any, Any, Any]:
        if self.deal is None:
            raise RuntimeError("call reset() before using the environment")
        return self.deal

    def _view(self, seat: int) -> Any:
        """``seat``'s view of the current state (made once per state and seat)."""
        state = self._running().state
        cached_state, views = self._views
        if cached_state is not state:
            views = {}
            self._views = (state, views)
        view = views.get(seat)
        if view is None:
            view = views[seat] = state.view(seat)
        return view

    def _next_turn(self) -> None:
        """After a reset or a decision: name the next agent, or end the deal."""
        state = self._running().state
        self.infos = {agent: {} for agent in self.agents}
        if state.to_act is not None:
            self.agent_selection = agent_name(state.to_act)
            self.infos[self.agent_selection] = self._info(self.agent_selection)
            return
        outcome = state.outcome
        for agent, reward in zip(
            self.possible_agents, deal_rewards(outcome.winners, self.game.players), strict=True
        ):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent] = self._info(agent)
        self._accumulate_rewards()

    def _info(self, agent: str) -> dict[str, Any]:
        """The public events since ``agent`` last acted (forced actions included), and
        the outcome once the deal is over: read from its seat's view."""
        view = self._view(self._seats[agent])
        info: dict[str, Any] = {
            "events": [event.to_json() for event in view.history[self._seen[agent] :]]
        }
        if view.outcome is not None:
            info["outcome"] = view.outcome.to_json()
        return info


class GameEnv(CardaviaEnv, EzPickle):
    """The environment of one game, as a class (PettingZoo's ``raw_env``): a subclass
    names its game's ``SPEC``; it pickles by its constructor's arguments."""

    SPEC: ClassVar[EnvSpec]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A class attribute, as PettingZoo's classic games have it.
        cls.metadata = {"render_modes": ["ansi"], "name": cls.SPEC.name, "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None) -> None:
        EzPickle.__init__(self, render_mode)
        super().__init__(self.SPEC, render_mode)


def wrap(env: CardaviaEnv) -> Any:
    """``env`` in the wrappers of PettingZoo's classic games: an illegal action ends the
    deal with reward −1 for the offender, numbers out of range and calls out of order
    are refused with an error."""
    illegal_ends = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(illegal_ends))
