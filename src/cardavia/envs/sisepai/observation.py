"""The ``sisepai_v0`` observation: one seat's view as a vector of 889 numbers in [0, 1].

Seats are relative: block entry 0 is this seat, 1 the next seat (seat + 1), 2 the one
across, 3 the previous one, so one policy can play every seat. Card blocks have one
entry per card identity in canonical order (``rG … gS F1 … F5``), holding a count
divided by the copies in the deck (4 for each kind, 1 for each flower). The blocks, in
order (``BLOCKS``; docs/envs.md has the same table):

- ``hand`` — this seat's concealed cards;
- ``exposed`` — each seat's exposed groups (4 card blocks);
- ``dead`` — the dead pile;
- ``discarded`` — the cards each seat discarded from its hand (4 card blocks);
- ``let_go`` — the drawn cards each seat let go untaken (4 card blocks);
- ``unseen`` — copies this seat cannot see (in other hands or the stock);
- ``public`` — the public card (one-hot), ``public_from`` its drawer or discarder
  (one-hot seat), ``public_drawn`` 1 while it is a fresh draw;
- ``phase`` — claim, discard, over (one-hot); ``dealer`` (one-hot seat);
- ``hand_sizes`` — each seat's concealed cards / 20; ``stock`` — cards left / 37;
- ``recent`` — the last 8 public events, newest first, each as its type (drew,
  claimed, discarded, dead, won, stock out), its seat and its card, one-hot each.

Forced actions show here like any other: a forced take is an exposed group and a
``claimed`` event, a forced discard a ``discarded`` one.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardavia.cards.four_colour import CARDS
from cardavia.envs.blocks import count_into, offsets, recent_events
from cardavia.games.sisepai import Phase, SiSePaiView
from cardavia.games.sisepai.events import Claimed, Dead, Discarded, Drew, StockOut, Won

SEATS = 4
CARD_KINDS = len(CARDS)
COPIES = tuple(1 if card.is_flower else 4 for card in CARDS)
HAND = 20
STOCK = 117 - SEATS * HAND
RECENT = 8
EVENT_TYPES = (Drew, Claimed, Discarded, Dead, Won, StockOut)
PHASES = tuple(Phase)
EVENT_SIZE = len(EVENT_TYPES) + SEATS + CARD_KINDS

BLOCKS: tuple[tuple[str, int], ...] = (
    ("hand", CARD_KINDS),
    ("exposed", SEATS * CARD_KINDS),
    ("dead", CARD_KINDS),
    ("discarded", SEATS * CARD_KINDS),
    ("let_go", SEATS * CARD_KINDS),
    ("unseen", CARD_KINDS),
    ("public", CARD_KINDS),
    ("public_from", SEATS),
    ("public_drawn", 1),
    ("phase", len(PHASES)),
    ("dealer", SEATS),
    ("hand_sizes", SEATS),
    ("stock", 1),
    ("recent", RECENT * EVENT_SIZE),
)
"""``(name, length)`` of each block, in order."""
SIZE = sum(length for _, length in BLOCKS)
_START = offsets(BLOCKS)
_COPIES = np.array(COPIES, dtype=np.float32)
_SCALE = 1 / _COPIES
# Rows of the card array, the card blocks of BLOCKS in order: 0 hand, 1–4 exposed,
# 5 dead, 6–9 discarded, 10–13 let go, 14 unseen, 15 public.
_CARD_BLOCKS = 16


def encode(view: SiSePaiView) -> npt.NDArray[np.float32]:
    """The observation of the seat whose view this is."""
    me = view.seat
    rows = [[0] * CARD_KINDS for _ in range(_CARD_BLOCKS)]
    count_into(rows[0], view.hand)
    for seat, groups in enumerate(view.exposed):
        row = rows[1 + (seat - me) % SEATS]
        for group in groups:
            count_into(row, group)
    count_into(rows[5], view.dead)
    for event in view.history:
        if type(event) is Discarded:
            rows[(10 if event.drawn else 6) + (event.seat - me) % SEATS][event.card] += 1
    if view.public_card is not None:
        rows[15][view.public_card] = 1
    cards = np.array(rows, dtype=np.float32)
    cards[14] = _COPIES - cards[0] - cards[1:6].sum(axis=0) - cards[15]
    cards *= _SCALE
    out = np.zeros(SIZE, dtype=np.float32)
    out[: _START["public_from"]] = cards.reshape(-1)
    if view.public_from is not None:
        out[_START["public_from"] + (view.public_from - me) % SEATS] = 1
    out[_START["public_drawn"]] = view.public_drawn
    out[_START["phase"] + PHASES.index(view.phase)] = 1
    out[_START["dealer"] + (view.dealer - me) % SEATS] = 1
    at = _START["hand_sizes"]
    for seat, size in enumerate(view.hand_sizes):
        out[at + (seat - me) % SEATS] = size / HAND
    out[_START["stock"]] = view.stock_left / STOCK
    recent = view.history[-RECENT:]
    recent_events(out[_START["recent"] :], recent, me, SEATS, EVENT_TYPES, _card, EVENT_SIZE)
    return out


def _card(event: object) -> int | None:
    card = getattr(event, "card", None)
    return None if card is None else int(card)
