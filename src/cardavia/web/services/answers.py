"""A form's answer to a lesson's exercise or to a practice position, as its page.

Both are answered the same way: the engine judges the choice in the page's language,
what the browser answered is kept as its progress, and the page is drawn again with the
verdict. The judge, the store and the page's data are synchronous (the engine, SQL), so
each runs off the event loop; a choice that is no action of the position raises
:class:`~cardavia.web.learn.judge.UnknownChoiceError`, answered 422 by
:data:`cardavia.web.errors.ANSWERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from cardavia.web.infra import browsers
from cardavia.web.infra.settings import Settings
from cardavia.web.presentation.rendering import gettext_for, ngettext_for, render_page
from cardavia.web.words.text import Gettext, Ngettext

Verdict = TypeVar("Verdict")


async def answer_page(
    request: Request,
    settings: Settings,
    judge: Callable[[Gettext, Ngettext], Verdict],
    keep: Callable[[str, Verdict], None],
    page: Callable[[Verdict], tuple[str, dict[str, Any]]],
) -> Response:
    """The page answering a form's choice: ``judge`` gives the verdict in the page's
    language, ``keep`` keeps it for the browser (given the browser's hash), ``page``
    names the template and its data with the verdict; the browser's id is remembered
    (its first answer may be its first visit)."""
    _, ngettext = gettext_for(request), ngettext_for(request)
    verdict = await run_in_threadpool(judge, _, ngettext)
    browser = browsers.id_for(request)
    await run_in_threadpool(keep, browsers.hash_browser(browser), verdict)
    template, context = await run_in_threadpool(page, verdict)
    response = render_page(request, template, context)
    browsers.remember(response, browser, settings.secure_cookies)
    return response
