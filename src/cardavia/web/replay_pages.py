"""The replay viewer's pages (filled in below)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(include_in_schema=False)
