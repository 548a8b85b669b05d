"""The review of a finished deal (``ai.review``): computed off the request path, its
progress readable while it runs, the result kept with the deal.

The deal is over, so its record may be used: the person's decisions come from
``records.replay.seat_decisions``, each is judged in the AI workers (or on a thread), one
job per decision so that a page can show how far it is. Each judgement is the coach's
verdict on that position (``ai.verdict``: the hint's own opinion, from the person's view
at that moment, never the deal's hidden cards), so a hint the person followed is never
listed; only a significant verdict is a finding (``ai.review.Finding.of``). The
findings, costliest first (``ai.review.ranked``), are stored with the deal (``review``,
as plain facts): a reload, another process or a restarted server finds them. A review
under way lives in this process only; a restart begins it again.

A stored review says which rule made it (``rule``: :data:`RULE`). One kept before the
rule (issue 27: findings rated below the choice made, ties at 100 %, no interval) is
not shown: it is judged again under the rule, and the new one replaces it.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from cardavia.ai.review import Finding, ranked
from cardavia.ai.verdict import SIGMAS, VERDICT_WORLDS
from cardavia.records.replay import seat_decisions
from cardavia.store import VersionConflictError
from cardavia.web.games import WEB_GAMES
from cardavia.web.infra.fair_share import FairShare
from cardavia.web.presentation.presenters import PERSON
from cardavia.web.services.deals import ConflictError, DealService, LiveDeal
from cardavia.web.words.text import Gettext, Ngettext

log = logging.getLogger("cardavia.web")

SHOWN = 3
"""The costliest findings whose position (hand, public card) the review keeps."""
RULE = f"paired {SIGMAS:g} sigmas, {VERDICT_WORLDS} worlds"
"""What a stored review was judged by (``ai.verdict``: the paired test's threshold and
the worlds it is played out in). A stored review under another rule, or none, is judged
again."""


def current(review: dict[str, Any] | None) -> bool:
    """True when ``review`` (as stored with a deal) was made under :data:`RULE`."""
    return review is not None and review.get("rule") == RULE


@dataclass
class Running:
    """A review under way: how many of the person's decisions are judged so far."""

    total: int
    done: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Reviews:
    """Starts, follows and keeps the reviews of finished deals."""

    def __init__(self, service: DealService) -> None:
        self.service = service
        self._running: dict[tuple[str, int], Running] = {}
        # One judgement at a time, whatever the number of reviews: the other workers stay
        # free for the AIs' moves, which have a time cap. The clients whose reviews wait
        # take turns, one judgement each: behind one address's thirty reviews, another
        # person's review waits for one judgement at a time, not for all of theirs.
        self._one = FairShare(1, 1)

    def read(self, live: LiveDeal, client: str = "local", seat: int = PERSON) -> dict[str, Any]:
        """The review of ``seat``'s decisions in ``live`` as far as it goes: ``{"status":
        "ready", "decisions", "findings"}`` once stored, else ``{"status": "running",
        "done", "total"}``, starting it (for ``client``, whose turn its judgements take)
        if nobody has. :class:`ConflictError` while the deal runs."""
        if not live.over:
            raise ConflictError("the review is ready once the deal is over")
        kept = self._kept(live, seat)
        if kept is not None and current(kept):
            return {"status": "ready", **kept}
        key = (live.stored.id, seat)
        running = self._running.get(key)
        if running is None:
            decisions = seat_decisions(live.deal.record(), seat)
            running = self._running[key] = Running(len(decisions))
            running.task = asyncio.create_task(self._review(live, seat, decisions, running, client))
        return {"status": "running", "done": running.done, "total": running.total}

    def _kept(self, live: LiveDeal, seat: int) -> dict[str, Any] | None:
        """The review stored for ``seat``: a table's deal keeps one per person
        (``deal_people``), a deal against the AIs its person's with the deal."""
        if live.stored.meta is None:
            return live.stored.review
        return self.service.store.seat_review(live.stored.id, seat)

    async def close(self) -> None:
        """Stop the reviews under way (the server is stopping; they start again later)."""
        for running in list(self._running.values()):
            if running.task is not None:
                running.task.cancel()
        self._running.clear()

    async def _review(
        self, live: LiveDeal, seat: int, decisions: list[Any], running: Running, client: str
    ) -> None:
        stored = live.stored
        thinker = self.service.thinker

        async def judged(index: int, decision: Any) -> Finding | None:
            judge = thinker.judge
            found = await self._one.run(client, lambda: judge(stored.game, decision, client))
            running.done += 1
            view, _, chosen = decision
            return Finding.of(index, view, chosen, found)

        try:
            verdicts = await asyncio.gather(*(judged(i, d) for i, d in enumerate(decisions)))
            findings = ranked(v for v in verdicts if v is not None)
            presenter = live.presenter
            facts = []
            for rank, found in enumerate(findings):
                data = found.to_json()
                if rank < SHOWN:
                    data["scene"] = presenter.scene(found.view)
                facts.append(data)
            review = {"decisions": len(decisions), "findings": facts, "rule": RULE}
            if stored.meta is None:
                self._keep(stored.id, review)
            else:
                # A review kept under an older rule is judged again (read) and replaced.
                stale = self._kept(live, seat) is not None
                self.service.store.keep_seat_review(stored.id, seat, review, stale=stale)
        except Exception:  # pragma: no cover - logged; the next read starts it again
            log.exception("the review of deal %s failed", stored.id)
        finally:
            self._running.pop((stored.id, seat), None)

    def _keep(self, game_id: str, review: dict[str, Any]) -> None:
        """Store a deal against the AIs' review over the deal as it now is (a hint or
        another process may have moved its version on), over one kept under an older
        rule."""
        store = self.service.store
        for _ in range(3):
            stored = store.get(game_id)
            if stored is None or current(stored.review):
                return
            try:
                # The cache finds the new version and takes it over without a replay.
                store.annotate(stored, review=review)
            except VersionConflictError:
                continue
            return


def worded(found: dict[str, Any], game: str, _: Gettext, ngettext: Ngettext) -> dict[str, Any]:
    """A review as :meth:`Reviews.read` gives it, each finding with its reason said in
    the page's language (``text``) once it is ready."""
    if found["status"] != "ready":
        return found
    web = WEB_GAMES[game]
    return found | {
        "findings": [
            finding
            | {"text": web.hint_sentence(finding["suggested"], finding["reason"], _, ngettext)}
            for finding in found["findings"]
        ]
    }
