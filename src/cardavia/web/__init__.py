"""The web site and its JSON API: ``cardavia.web.app.create_app(settings)`` builds it.

Nothing is imported here, so that importing one part of the site (its texts, its
presenters) does not build the whole app.
"""
