"""The Babel extraction method for the API reference's texts (``babel.cfg``).

It sits apart from :mod:`.presentation.apidocs` because it builds the whole app to ask for its
OpenAPI schema, and the app itself renders ``/docs`` with :mod:`.presentation.apidocs`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from cardavia.web.app import create_app
from cardavia.web.presentation.apidocs import describe, messages


def babel_extract(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: dict[str, str]
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method: the texts of the API's OpenAPI schema.

    ``babel.cfg`` maps it to ``web/routes/ai_seat.py`` (the file that declares the endpoints); the
    file itself is not read: the app is built (nothing connects) and its schema asked.
    """
    app = create_app()
    for message in messages(describe(app.openapi())):
        yield 1, "_", message, ["The JSON API's reference (/docs), from the OpenAPI schema."]
