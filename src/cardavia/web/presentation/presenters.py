"""What the API and the page show of a deal: a seat's view, its events, the result.

Each game's web part (``cardavia.web.games``) presents its views. This module decides,
for every game alike, which events a seat may see (seat 0 against the AIs, each person's
seat at a table of people) and what each carries: the ``forced`` mark on the seat's own
actions, the explanations the game adds, and ``after``, what changed in that seat's
view, so that a page can draw the table after each event without working out a rule
itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.games.registry import get_game
from cardavia.web.games import WEB_GAMES, WebGame

PERSON = 0
"""The person always sits at seat 0 (against the AIs; a table of people has several)."""

Presenter = WebGame
"""How one game's deals are shown (the presenting half of its web part)."""

PRESENTERS: dict[str, Presenter] = dict(WEB_GAMES)


@dataclass(frozen=True, slots=True)
class Replayed:
    """One event of a decision's, with the action it belongs to, replayed: the state in
    which that action was taken (``prior``, ``None`` before the first action) and the
    state once it was done (``state``). The same for every seat, so worked out once."""

    event: Any
    group: int
    """Which action of the decision's the event belongs to (-1: before the first)."""
    prior: Any
    action: str
    state: Any


def replayed(presenter: Presenter, events: Iterable[Any], before: Any) -> list[Replayed]:
    """``events`` with the states :func:`visible_events` needs, by applying each action
    again to ``before`` one at a time, as the engine's own ``apply`` does (the slow path,
    equal to the deal's forced path). With ``before`` ``None``, no states."""
    game = get_game(presenter.name)
    state, prior, action, group = before, None, "", -1
    steps = []
    for event in events:
        text = presenter.action_of(event)
        if text is not None and state is not None:
            group += 1
            prior, action = state, text
            state, _ = state.apply(game.parse_action(text))
        steps.append(Replayed(event, group, prior, action, state))
    return steps


def visible_events(
    presenter: Presenter,
    events: Iterable[Any],
    decider: int | None,
    before: Any = None,
    seat: int = PERSON,
    steps: Sequence[Replayed] | None = None,
) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as JSON.

    ``events`` are what one decision caused (the engine lists the decision's own event
    first, then everything that followed, forced actions included); ``decider`` is the
    seat that decided, or ``None`` for the events of the deal before any decision.
    Sealed events of other seats (Sì Sè Pái claim answers) are dropped here, the one
    place events leave for a client.

    Only the seat's own actions say whether they were forced: it knows its own hand.
    Whether another seat had a single legal action depends on its concealed cards (a
    Chuo Pai beat with no other beater, a Sì Sè Pái discard from a hand of Generals and
    flowers), so no event of another seat carries the flag at all.

    With ``before``, the state the events started from, each action is applied again to
    it (:func:`replayed`; ``steps`` when the caller already did, for several seats): the
    last visible event of each action then carries ``after``, the parts of ``seat``'s
    view that changed since the previous ``after`` (``to_act`` always), and the game may
    add what explains the event (:meth:`WebGame.explain`).
    """
    if steps is None:
        steps = replayed(presenter, events, before)
    shown: list[dict[str, Any]] = []
    drawn = presenter.scene(before.view(seat)) if before is not None else {}
    group, state = -1, before
    step: list[dict[str, Any]] = []

    def close_step() -> None:
        # What the seat sees once the action is done: only the changes, to keep each
        # answer (and the deals the server keeps in memory) small. An action that showed
        # nothing (another seat's sealed answer) adds nothing anywhere: whether it came in
        # this call (forced) or a call of its own (decided) depends on that seat's hand.
        nonlocal drawn
        if state is None or not step:
            return
        scene = presenter.scene(state.view(seat))
        step[-1]["after"] = {
            key: value for key, value in scene.items() if key == "to_act" or drawn.get(key) != value
        }
        drawn = scene

    for index, replay in enumerate(steps):
        if replay.group != group:
            close_step()
            step = []
            group, state = replay.group, replay.state
        event = replay.event
        seats = event.seats
        if seats is not None and seat not in seats:
            continue
        data: dict[str, Any] = event.to_json()
        if presenter.is_action(data):
            if data["seat"] == seat:
                # The engine's own flag wins where it has one (Sì Sè Pái answers).
                data.setdefault("forced", decider is None or index > 0)
            else:
                data.pop("forced", None)
        presenter.annotate(data)
        if replay.prior is not None:
            presenter.explain(data, replay.prior, replay.action, seat)
        shown.append(data)
        step.append(data)
    close_step()
    return shown
