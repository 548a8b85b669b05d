"""Every page of the site is valid HTML, in English and Chinese (issue 26): the Nu HTML
Checker (``vnu.jar``, the W3C's validator) finds no error in any of them.

The checker is a Java program that takes seconds to start, so every page is rendered
first (through the app, on SQLite), written to a folder, and checked in one run.
``scripts/test-system.sh`` installs it from npm's ``vnu-jar`` into ``.tools/vnu``
(git-ignored); ``$CARDAVIA_VNU_JAR`` names another copy.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings
from cardavia.web.learn.catalog import PATHS

from .conftest import random_players
from .routes.test_your_deals import finish, start, table_of

ROOT = Path(__file__).resolve().parents[2]
VNU_JAR = ROOT / ".tools" / "vnu" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
LANGS = ("en", "zh", "zh-Hant")
"""The languages every page is checked in: the site's source and its two Chinese scripts
(the only pages whose ``lang`` tags are more than a language's code)."""


@pytest.fixture(scope="module")
def nu_checker() -> list[str]:
    """The command that runs the Nu HTML Checker (skipped without it, except in CI)."""
    jar = Path(os.environ.get("CARDAVIA_VNU_JAR", VNU_JAR))
    java = shutil.which("java")
    if not jar.is_file() or java is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the HTML checker: {jar} or java is missing")
        pytest.skip("the Nu HTML Checker is not installed (scripts/test-system.sh installs it)")
    return [java, "-Xss16m", "-jar", str(jar)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("valid") / "cardavia.sqlite3")
    with TestClient(create_app(settings, players=random_players)) as client:
        yield client


def _pages(site: TestClient) -> dict[str, str]:
    """A name → the address of every kind of page, with the deals and tables they need."""
    pages = {
        "index": "/",
        "tradition": "/traditions/four-colour-cards",
        "tradition-sichuan": "/traditions/sichuan-cards",
        "game-sisepai": "/games/sisepai",
        "game-chuopai": "/games/chuopai",
        "rules-sisepai": "/games/sisepai?tab=rules",
        "rules-chuopai": "/games/chuopai?tab=rules",
        "api": "/docs",
        "replay-open": "/replay",
        "offline": "/offline/en",
        "not-found": "/no-such-page",
        "learn": "/learn",
        "learn-sisepai": "/learn/sisepai",
        "learn-chuopai": "/learn/chuopai",
        "practice": "/practice",
        "practice-sisepai": "/practice/sisepai",
        "practice-chuopai": "/practice/chuopai",
        "practice-sisepai-1": "/practice/sisepai/1",
        "practice-chuopai-1": "/practice/chuopai/1",
    }
    for game, lessons in PATHS.items():
        for lesson in lessons:
            pages[f"lesson-{game}-{lesson.slug}"] = f"/learn/{game}/{lesson.slug}"
    # A deal started with the form is a table of one person (issue 24).
    running = table_of(site, start(site, "sisepai", seed=3))
    deal = site.get(f"/api/tables/{running}").json()["deal"]
    body = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
    assert site.post(f"/api/tables/{running}/actions", json=body).status_code == 200
    pages["table-mid-deal-sisepai"] = f"/tables/{running}"
    pages["table-mid-deal-chuopai"] = f"/tables/{table_of(site, start(site, 'chuopai', seed=4))}"
    ended = start(site, "chuopai", seed=5)
    finish(site, ended)
    pages["table-end"] = f"/tables/{table_of(site, ended)}"
    # The guided first deal (issue 25): its page, and its table with the guide's data.
    pages["guided-chuopai"] = "/learn/chuopai/guided"
    guided = site.post("/learn/sisepai/guided", follow_redirects=False)
    assert guided.status_code == 303, guided.text
    pages["guided-table"] = guided.headers["location"]
    pages["replay"] = f"/replay/{ended}"
    site.post(f"/deals/{ended}/share")
    shared = re.search(r"/shared/[A-Za-z0-9_-]+", site.get("/deals").text)
    assert shared, "the shared deal's link is on Your deals"
    pages["shared-replay"] = shared[0]
    pages["your-deals"] = "/deals"
    form = {"name": "Ann", "seat1": "person", "seat2": "basic"}
    made = site.post("/games/chuopai/friends", data=form, follow_redirects=False)
    assert made.status_code == 303, made.text
    table = made.headers["location"]
    pages["friends-table"] = table
    invite = re.search(r'"invite": ?"[^"]*(\?invite=[^"]+)"', site.get(table).text)
    assert invite, "the host's page carries the invitation"
    pages["friends-join"] = table + invite[1]
    return pages


def _check(command: list[str], folder: Path) -> list[dict[str, object]]:
    """The checker's messages on every file in ``folder`` (one run: one JVM start)."""
    files = sorted(str(path) for path in folder.glob("*.html"))
    run = subprocess.run(
        [*command, "--format", "json", "--exit-zero-always", *files],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    messages: list[dict[str, object]] = json.loads(run.stderr)["messages"]
    return messages


@pytest.mark.slow
def test_every_page_in_english_and_chinese_is_valid_html(
    site: TestClient, nu_checker: list[str], tmp_path: Path
) -> None:
    pages = _pages(site)
    for lang in LANGS:
        for name, path in pages.items():
            address = path.replace("/offline/en", f"/offline/{lang}")
            # The join page is another person's: without the host's cookies.
            client = site if name != "friends-join" else TestClient(site.app)
            joined = f"{address}{'&' if '?' in address else '?'}lang={lang}"
            response = client.get(joined)
            assert response.status_code == (404 if name == "not-found" else 200), name
            assert response.headers["content-type"].startswith("text/html"), name
            (tmp_path / f"{lang}-{name}.html").write_text(response.text, encoding="utf-8")
    messages = _check(nu_checker, tmp_path)
    errors = [m for m in messages if m.get("type") in ("error", "non-document-error")]
    said = "\n".join(
        f"{Path(str(m.get('url', ''))).name}:{m.get('lastLine', '?')}: {m.get('message')}"
        f"  [{str(m.get('extract', '')).strip()[:80]}]"
        for m in errors
    )
    assert not errors, f"{len(errors)} errors from the Nu HTML Checker:\n{said}"
