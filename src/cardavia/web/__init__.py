"""The web site and its JSON API: ``create_app(settings)`` builds the FastAPI app."""

from cardavia.web.app import create_app
from cardavia.web.settings import Settings

__all__ = ["Settings", "create_app"]
