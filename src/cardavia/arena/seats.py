"""Who sits at an arena seat: one of our AI players, or an external program (``cmd:``).

An external program speaks the bot protocol (docs/bots.md, :mod:`.protocol`). It is
started once per arena process and kept for every deal that process plays, so its
start-up (an interpreter, a model) is paid once. When it fails — it crashes, hangs,
or answers something unreadable or illegal — the fault is kept for the report, the
program is killed, and ``basic`` plays its seat for the rest of that deal with the
random generators it would have had there; the next deal starts the program again.
A fault changes one deal's play from the faulty decision on, so a deterministic
program gives the same results in any number of workers.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardavia.ai.base import AnyPlayer, Omniscient
from cardavia.arena import protocol
from cardavia.arena.child import Child, ChildFault
from cardavia.arena.protocol import ProtocolError
from cardavia.core.errors import CardaviaError

BOT_PREFIX = "cmd:"
FALLBACK = "basic"
"""The AI that takes over a failed program's seat."""
DECISION_TIMEOUT = 1.0
"""Seconds a program has for each decision (``--bot-timeout``)."""
START_TIMEOUT = 10.0
"""Seconds a program has to start and answer ``hello`` (``--bot-start-timeout``)."""


class BotError(CardaviaError):
    """A ``cmd:`` seat that cannot play at all (found before the arena starts)."""


def is_bot(name: str) -> bool:
    """True for a seat name that runs an external program: ``cmd:python mybot.py``."""
    return name.startswith(BOT_PREFIX)


@dataclass(frozen=True)
class Fault:
    """A program's failure at one seating."""

    name: str
    deal: int
    rotation: int
    seat: int
    step: int | None
    """The engine step of the decision at fault; ``None`` before the deal's first one."""
    kind: str
    """``crash``, ``hang``, ``malformed``, ``illegal`` or ``protocol``."""
    message: str

    def to_json(self) -> dict[str, Any]:
        """The fault as the arena's ``--json`` lists it."""
        return {
            "name": self.name,
            "deal": self.deal,
            "rotation": self.rotation,
            "seat": self.seat,
            "step": self.step,
            "kind": self.kind,
            "message": self.message,
        }

    def describe(self) -> str:
        """One line for people."""
        where = f"deal {self.deal} rotation {self.rotation} seat {self.seat}"
        when = "before its first decision" if self.step is None else f"at step {self.step}"
        return f"{self.name}: {self.kind} ({where}, {when}): {self.message}"


class Seat(Protocol):
    """What the arena's game loop needs of whoever sits at a seat for one deal."""

    name: str

    def begin(self, game: str, seat: int, players: int) -> None:
        """The deal begins."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``."""

    def end(self, view: Any) -> None:
        """The deal is over; ``view`` is the seat's last view."""

    def faults(self) -> list[tuple[int | None, str, str]]:
        """``(step, kind, message)`` of each failure in this deal (AIs never fail)."""


class AISeat:
    """One of our players at a seat."""

    def __init__(self, player: AnyPlayer) -> None:
        self.player = player
        self.name = player.name

    def begin(self, game: str, seat: int, players: int) -> None:
        """Nothing to say: a player keeps no state."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The player's choice."""
        return self.player.choose(view, legal, rng)

    def end(self, view: Any) -> None:
        """Nothing to say."""

    def faults(self) -> list[tuple[int | None, str, str]]:
        """None: an AI cannot crash or hang on the arena."""
        return []


class SeeingSeat:
    """An arena diagnostic (:class:`~cardavia.ai.base.Omniscient`) at a seat: the loop
    gives it the engine state too (:meth:`choose_seeing`)."""

    def __init__(self, player: Omniscient[Any, Any]) -> None:
        self.player = player
        self.name = player.name

    def begin(self, game: str, seat: int, players: int) -> None:
        """Nothing to say: a diagnostic keeps no state."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Never called: the loop asks :meth:`choose_seeing`."""
        raise TypeError(f"{self.name} decides with the state: call choose_seeing")

    def choose_seeing(self, view: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The diagnostic's choice, given the engine state as well as the view."""
        return self.player.choose_seeing(view, state, legal, rng)

    def end(self, view: Any) -> None:
        """Nothing to say."""

    def faults(self) -> list[tuple[int | None, str, str]]:
        """None: a diagnostic cannot crash or hang on the arena."""
        return []


class Bot:
    """An external program kept for every deal of one arena process."""

    def __init__(self, command: str, start_timeout: float = START_TIMEOUT) -> None:
        self.command = command
        self.start_timeout = start_timeout
        self._child: Child | None = None

    def running(self) -> Child:
        """The program, started (and greeted) if it is not running."""
        child = self._child
        if child is None:
            child = Child(self.command)
            try:
                deadline = time.monotonic() + self.start_timeout
                child.send(protocol.encode(protocol.hello()), deadline)
                protocol.read_hello(child.receive(deadline))
            except ChildFault as fault:
                child.kill()
                if fault.kind == "hang":
                    timeout = f"{self.start_timeout:g} s"
                    raise ChildFault("hang", f"no hello answer within {timeout}") from None
                raise
            except ProtocolError:
                child.kill()
                raise
            self._child = child
        return child

    @property
    def started(self) -> bool:
        """True while a started program is kept (it may have ended since)."""
        return self._child is not None

    def drop(self) -> None:
        """Kill the program (after a fault): the next deal starts it again."""
        if self._child is not None:
            self._child.kill()
            self._child = None

    def close(self) -> None:
        """Say ``bye``, let the program exit, kill what is left (also if interrupted)."""
        child = self._child
        if child is None:
            return
        try:
            with contextlib.suppress(ChildFault):
                child.send(protocol.encode(protocol.bye()), time.monotonic() + 0.5)
            child.close()
        finally:
            child.kill()
            self._child = None


class BotSeat:
    """An external program at one seat for one deal, ``basic`` behind it."""

    def __init__(
        self, name: str, bot: Bot, game: Any, fallback: AnyPlayer, timeout: float = DECISION_TIMEOUT
    ) -> None:
        self.name = name
        self.bot = bot
        self.game = game
        self.fallback = fallback
        self.timeout = timeout
        self._faults: list[tuple[int | None, str, str]] = []
        self._child: Child | None = None

    def begin(self, game: str, seat: int, players: int) -> None:
        """Start the program if need be and tell it the deal begins.

        A kept program that ended since its last deal cannot answer ``start``, whenever
        it ended (so the deal's play never depends on timing): that is reported, and the
        program is started again for this deal.
        """
        message = protocol.encode(protocol.start(game, seat, players))
        kept = self.bot.started
        try:
            self._child = self._greet(message)
            return
        except (ChildFault, ProtocolError) as fault:
            if not kept or fault.kind != "crash":
                self._fail(None, fault)
                return
            self._fail(None, fault, " after its last deal; started again")
        try:
            self._child = self._greet(message)
        except (ChildFault, ProtocolError) as fault:
            self._fail(None, fault)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The program's answer; ``basic``'s once the program has failed."""
        child = self._child
        if child is not None:
            # The program's seed is drawn from a copy: ``basic`` taking over this very
            # decision gets the generator untouched, as if it had sat here all along.
            copy = random.Random()
            copy.setstate(rng.getstate())
            try:
                return self._ask(child, view, legal, copy.getrandbits(64))
            except (ChildFault, ProtocolError) as fault:
                self._fail(view.step, fault)
        return self.fallback.choose(view, legal, rng)

    def end(self, view: Any) -> None:
        """Tell the program the result (a program that fails to listen is only dropped)."""
        child = self._child
        if child is None:
            return
        try:
            message = protocol.result(view.to_json())
            child.send(protocol.encode(message), time.monotonic() + self.timeout)
        except ChildFault as fault:
            self._fail(view.step, fault)

    def faults(self) -> list[tuple[int | None, str, str]]:
        """This deal's faults of the program."""
        return list(self._faults)

    def _greet(self, start: bytes) -> Child:
        """The running program, told ``start`` and ``ready`` for it."""
        child = self.bot.running()
        child.send(start, time.monotonic() + self.timeout)
        protocol.read_ready(child.receive(time.monotonic() + self.timeout))
        return child

    def _ask(self, child: Child, view: Any, legal: Sequence[Any], seed: int) -> Any:
        unasked = child.unasked()
        if unasked:
            raise ProtocolError(
                "malformed", f"wrote {protocol.quote(unasked)} before it was asked anything"
            )
        deadline = time.monotonic() + self.timeout
        message = protocol.decide(view.to_json(), [str(action) for action in legal], seed)
        child.send(protocol.encode(message), deadline)
        try:
            line = child.receive(deadline)
        except ChildFault as fault:
            if fault.kind == "hang":
                raise ChildFault("hang", f"no answer within {self.timeout:g} s") from None
            raise
        action = protocol.read_action(line, self.game, legal)
        if child.pending:
            raise ProtocolError(
                "malformed", f"wrote {protocol.quote(child.pending)} after its answer"
            )
        return action

    def _fail(self, step: int | None, fault: ChildFault | ProtocolError, more: str = "") -> None:
        """Keep the fault; kill the program (``basic`` plays on, the next deal restarts it)."""
        self._faults.append((step, fault.kind, f"{fault}{more}"))
        self._child = None
        self.bot.drop()


def check_bot(command: str, start_timeout: float = START_TIMEOUT) -> None:
    """Start ``command`` and greet it once; ``BotError`` saying why it cannot play."""
    bot = Bot(command, start_timeout)
    try:
        bot.running()
    except (ChildFault, ProtocolError) as fault:
        raise BotError(f"{BOT_PREFIX}{command}: {fault}") from None
    finally:
        bot.close()
