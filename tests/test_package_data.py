"""An installed Cardavia (a wheel, not this checkout) carries every file the site reads:
each template, style, script, icon and catalog under ``src/cardavia`` that is not Python
is named by ``pyproject.toml``'s package data (a game's table template and script were
not, and a wheel's table page would have failed)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src" / "cardavia"
SHIPPED = ("web/templates", "web/static", "i18n", "examples")
"""The folders whose files the site or the command read at run time."""


def test_every_file_the_site_reads_is_in_the_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["cardavia"]
    missing = [
        str(path.relative_to(PACKAGE))
        for folder in SHIPPED
        for path in sorted((PACKAGE / folder).rglob("*"))
        if path.is_file()
        and path.suffix not in {".py", ".pyc", ".mo"}
        and "__pycache__" not in path.parts
        and not any(path.relative_to(PACKAGE).match(pattern) for pattern in patterns)
    ]
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"
