"""The web site and its JSON API: ``cardavia.web.app.create_app(settings)`` builds it.

Its folders say what they hold (docs/web.md, *How it is built*; the ``web-layers``
import contract keeps them in this order): ``routes/`` (one thin router per resource),
``dependencies``, ``errors`` and ``schemas/`` (what routes take, answer and send),
``services/`` (what owns behaviour and state), ``presentation/`` (what a seat's view
shows, and how pages draw it), ``games/`` (each game's web part), ``words/`` and
``infra/`` (settings, security, the worker pool, cookies, assets).

Nothing is imported here, so that importing one part of the site (its texts, its
presenters) does not build the whole app.
"""
