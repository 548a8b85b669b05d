"""The ``chuopai_v0`` observation: one seat's view as a vector of 1,499 numbers in [0, 1].

Seats are relative: block entry 0 is this seat, 1 the next seat (seat + 1), 2 the one
after. Card blocks have one entry per code in canonical order (``11 12 … 66``), holding
a count divided by the 4 copies of each code. Plays are numbered as actions are
(:mod:`cardavia.envs.chuopai.actions`). The blocks, in order (``BLOCKS``; docs/envs.md
has the same table):

- ``hand`` — this seat's cards; ``piles`` — each seat's score pile (3 card blocks);
- ``gone`` — cards of earlier rounds that left the deal; ``table`` — cards played in
  this round so far; ``unseen`` — the cards of the two other hands, together;
- ``top`` — the current highest play (one-hot over the 140 plays; zero before the
  lead), ``top_owner`` its seat, ``leader`` the round's leader (one-hot seats);
- ``hand_sizes`` — each seat's cards / 28; ``scores`` — each seat's score / 84;
- ``recent`` — the last 8 events, newest first, each as its type (bonus, lead, beat,
  pass, round won, deal over), its seat and its action (one-hot over the 141 actions).

Forced actions show here like any other: a lone beat or pass is a ``beat`` or ``pass``
event and changes the table.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardavia.cards.dominoes import COPIES, DOMINOES
from cardavia.envs.blocks import count_into, offsets, recent_events
from cardavia.envs.chuopai.actions import NUMBERING
from cardavia.games.chuopai import ChuoPaiView
from cardavia.games.chuopai.events import Beat, Bonus, DealOver, Lead, Pass, RoundWon

SEATS = 3
CODES = len(DOMINOES)
HAND = 28
DECK = CODES * COPIES
PLAYS = len(NUMBERING) - 1
RECENT = 8
EVENT_TYPES = (Bonus, Lead, Beat, Pass, RoundWon, DealOver)
EVENT_SIZE = len(EVENT_TYPES) + SEATS + len(NUMBERING)
_PASS = NUMBERING.number("pass")

BLOCKS: tuple[tuple[str, int], ...] = (
    ("hand", CODES),
    ("piles", SEATS * CODES),
    ("gone", CODES),
    ("table", CODES),
    ("unseen", CODES),
    ("top", PLAYS),
    ("top_owner", SEATS),
    ("leader", SEATS),
    ("hand_sizes", SEATS),
    ("scores", SEATS),
    ("recent", RECENT * EVENT_SIZE),
)
"""``(name, length)`` of each block, in order."""
SIZE = sum(length for _, length in BLOCKS)
_START = offsets(BLOCKS)
_CARD_ROWS = 7
"""Rows of the card array: hand, piles ×3, gone, table, unseen (the card blocks in order)."""


def encode(view: ChuoPaiView) -> npt.NDArray[np.float32]:
    """The observation of the seat whose view this is."""
    me = view.seat
    rows = [[0] * CODES for _ in range(_CARD_ROWS)]
    count_into(rows[0], view.hand)
    for seat, pile in enumerate(view.piles):
        count_into(rows[1 + (seat - me) % SEATS], pile)
    count_into(rows[4], view.gone)
    for _, action in view.round_plays:
        count_into(rows[5], action.cards)
    cards = np.array(rows, dtype=np.float32)
    cards[6] = COPIES - cards[:6].sum(axis=0)
    out = np.zeros(SIZE, dtype=np.float32)
    out[: _START["top"]] = cards.reshape(-1) / COPIES
    if view.top is not None:
        owner, play = view.top
        out[_START["top"] + NUMBERING.number(play)] = 1
        out[_START["top_owner"] + (owner - me) % SEATS] = 1
    out[_START["leader"] + (view.leader - me) % SEATS] = 1
    for seat in range(SEATS):
        out[_START["hand_sizes"] + (seat - me) % SEATS] = view.hand_sizes[seat] / HAND
        out[_START["scores"] + (seat - me) % SEATS] = len(view.piles[seat]) / DECK
    recent = view.history[-RECENT:]
    recent_events(out[_START["recent"] :], recent, me, SEATS, EVENT_TYPES, _action, EVENT_SIZE)
    return out


def _action(event: object) -> int | None:
    if type(event) is Pass:
        return _PASS
    if isinstance(event, Lead | Beat | RoundWon):
        return NUMBERING.number(event.action)
    return None
