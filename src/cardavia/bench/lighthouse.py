"""``cardavia bench lighthouse``: Lighthouse's four scores of three pages, phone and desktop.

A ``cardavia serve`` process (a fresh SQLite store in a temporary folder) serves the
site on a loopback port; a Sì Sè Pái deal against ``basic`` AIs is started through the
JSON API and played a few actions in, so that its table is mid-deal. Google's Lighthouse
(the npm package, pinned to :data:`VERSION` and installed once into
``.tools/lighthouse``, which git ignores) then loads each page of :data:`PAGES` in
Debian's Chromium, headless, in its two modes: ``mobile`` (its default: a phone's
screen, a slow 4G network and a CPU four times slower, all simulated) and ``desktop``
(``--preset=desktop``). The table's page is opened with the cookies of the browser that
started its deal with the *Start game* form (its seat among them): they are put into the
jar of a Chromium the bench starts itself (through the DevTools protocol), which
Lighthouse then drives (``--port``), so that the table's WebSocket carries the seat as
the page's requests do. A request header (``--extra-headers``) reaches the page's
requests but not its WebSocket's handshake, and the page measured was then told that its
seat had been given to an AI, and redrew itself.

Printed (one JSON object), per page and mode: the four category scores (0–100),
``tbt_ms`` (Total Blocking Time) and ``lcp_ms`` (Largest Contentful Paint), the longest
main-thread task and how many took 50 ms or more (from the ``long-tasks`` audit, so
under the mode's CPU throttling: 0 when none did), and ``failing``, the ids of the audits
Lighthouse's report would not show as passed (a score under 0.9). Also the machine's
load before and after. The targets (issue 26, docs/web.md): performance ≥ 95 and 100 for
accessibility, best practices and SEO, on every page in both modes, and no task of 50 ms
or more while a table settles on a phone.

Needs Node and npm on the ``PATH`` (the first run installs Lighthouse) and Chromium at
``/usr/bin/chromium`` (``CARDAVIA_CHROMIUM`` names another). Lighthouse's scores move
with the machine's load: ``--runs`` takes each page's median run.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from cardavia.bench import web
from cardavia.testing.browser import chromium_path
from cardavia.testing.postgres import free_port
from cardavia.testing.servers import ServerProcess, source_env

VERSION = "12.2.3"
"""The Lighthouse pinned (13 needs Node 22; the project's machines have Node 20)."""
TOOLS = Path(__file__).resolve().parents[3] / ".tools" / "lighthouse"
"""Where Lighthouse is installed: the checkout's git-ignored tools folder."""
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
MODES = ("mobile", "desktop")
PAGES = ("index", "game", "table")
"""The pages measured: the home page, a game's page and a table mid-deal."""
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
LONG_TASK_MS = 50.0
"""A main-thread task this long or longer blocks a tap (Lighthouse's long task)."""
PASSED = 0.9
"""The score from which Lighthouse's report shows an audit as passed."""
GAME = "sisepai"
ACTIONS_IN = 6
"""Actions the person plays before the table is measured (AIs' turns between them)."""
CHROME_FLAGS = "--headless=new --no-sandbox"
RUN_TIMEOUT = 300.0
"""Seconds one Lighthouse run may take on a loaded machine before it counts as failed."""
ATTEMPTS = 3
"""Tries of one run before the bench gives up."""


class LighthouseError(RuntimeError):
    """Lighthouse could not be installed, or a run gave no report."""


def run(
    seed: int = 1,
    runs: int = 1,
    reports: Path | None = None,
    source: str | None = None,
    pages: Sequence[str] = PAGES,
    modes: Sequence[str] = MODES,
) -> dict[str, Any]:
    """Start a server and a deal, run Lighthouse ``runs`` times on each page in each mode;
    the median run's figures of each (``seed`` chooses the deal and the person's moves).
    With ``reports``, every run's whole report is also saved there, as
    ``PAGE-MODE-RUN.json`` (Lighthouse's viewer opens them). ``source`` runs the server
    (its pages and static files) from another checkout's ``src``: an older version,
    measured the same way at the same machine's load. ``pages`` and ``modes`` narrow the
    runs (the table as a phone alone, to compare two versions in turn in minutes)."""
    binary = ensure_installed()
    folder = Path(tempfile.mkdtemp(prefix="cardavia-bench-lighthouse-"))
    env = {"CARDAVIA_DATA": str(folder), "DATABASE_URL": "", "CARDAVIA_NEW_GAMES_PER_MINUTE": "0"}
    server = ServerProcess(env | source_env(source))
    server.start()
    load_before = os.getloadavg()
    results: dict[str, dict[str, Any]] = {page: {} for page in PAGES if page in pages}
    try:
        table, seat_cookies = start_deal(server.port, seed)
        urls = {
            "index": (f"{server.url}/", None),
            "game": (f"{server.url}/games/{GAME}", None),
            "table": (f"{server.url}{table}", seat_cookies),
        }
        for page, (url, cookie) in urls.items():
            if page not in pages:
                continue
            for mode in (mode for mode in MODES if mode in modes):
                summaries = []
                for number in range(1, runs + 1):
                    report = _attempts(binary, url, mode, cookie, folder)
                    if reports is not None:
                        reports.mkdir(parents=True, exist_ok=True)
                        name = f"{page}-{mode}-{number}.json"
                        (reports / name).write_text(json.dumps(report))
                    summaries.append(summarize(report))
                results[page][mode] = median_run(summaries)
    finally:
        server.close()
        shutil.rmtree(folder, ignore_errors=True)
    load_after = os.getloadavg()
    return {
        "lighthouse": VERSION,
        "game": GAME,
        "runs": runs,
        "server_src": source,
        "pages": results,
        "targets": TARGETS | {"longest_task_ms": LONG_TASK_MS},
        "machine": {
            "cores": os.cpu_count(),
            "load_avg_1m_before": round(load_before[0], 2),
            "load_avg_1m_after": round(load_after[0], 2),
        },
    }


def ensure_installed(tools: Path = TOOLS) -> Path:
    """The Lighthouse command, installed with npm into ``tools`` first if it is missing
    or another version."""
    binary = tools / "node_modules" / ".bin" / "lighthouse"
    manifest = tools / "node_modules" / "lighthouse" / "package.json"
    installed = json.loads(manifest.read_text()).get("version") if manifest.exists() else None
    if binary.exists() and installed == VERSION:
        return binary
    npm = shutil.which("npm")
    if npm is None:
        raise LighthouseError("cardavia bench lighthouse needs Node and npm on the PATH")
    tools.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--prefix", str(tools), "--save-exact", "--no-audit", "--no-fund",
         "--loglevel=error", f"lighthouse@{VERSION}"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0 or not binary.exists():
        raise LighthouseError(f"npm could not install lighthouse@{VERSION}: {done.stderr[-2000:]}")
    return binary


def start_deal(port: int, seed: int) -> tuple[str, str]:
    """A table of one person against ``basic`` AIs (the *Start game* form's, as the site
    deals it) whose deal of :data:`GAME` still runs after the person's first
    :data:`ACTIONS_IN` actions (random legal ones, from ``seed``); the table's path and
    the browser's cookies (its seat among them)."""
    rng = random.Random(seed)
    for attempt in range(20):
        client = web.Client(port)
        try:
            steps = web.VIA["table"](client, GAME, seed + attempt, rng)
            for _ in zip(range(ACTIONS_IN + 1), steps, strict=False):
                pass
            path = client.location
            table = path.rsplit("/", 1)[-1]
            status, frame, _ = client.call("GET", f"/api/tables/{table}")
        finally:
            client.connection.close()
        if status == 200 and frame["deal"]["result"] is None:
            cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
            return path, cookie
    raise LighthouseError(f"no deal of {GAME} lasted {ACTIONS_IN} actions")


def command(
    binary: Path, url: str, mode: str, cookie: str | None, output: Path, port: int | None = None
) -> list[str]:
    """The Lighthouse command line measuring ``url`` in ``mode``, its report to ``output``;
    with ``port``, in the Chromium already listening there (:func:`seated_chromium`)."""
    args = [
        str(binary),
        url,
        "--output=json",
        f"--output-path={output}",
        "--quiet",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
    ]
    if mode == "desktop":
        args.append("--preset=desktop")
    if port is not None:
        args.append(f"--port={port}")
    if cookie is not None:
        args.append(f"--extra-headers={json.dumps({'Cookie': cookie})}")
    return args


def _attempts(binary: Path, url: str, mode: str, cookie: str | None, folder: Path) -> Any:
    """One run's report; a run that failed is tried again, up to :data:`ATTEMPTS` in all
    (on a loaded machine Chromium's trace of a load is now and then lost: NO_NAVSTART)."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return _lighthouse(binary, url, mode, cookie, folder)
        except LighthouseError:
            if attempt == ATTEMPTS:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _lighthouse(binary: Path, url: str, mode: str, cookie: str | None, folder: Path) -> Any:
    output = folder / "report.json"
    output.unlink(missing_ok=True)
    env = {**os.environ, "CHROME_PATH": chromium_path()}
    try:
        with seated_chromium(url, cookie) as port:
            done = subprocess.run(
                command(binary, url, mode, cookie, output, port),
                env=env, capture_output=True, text=True, check=False, timeout=RUN_TIMEOUT,
            )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        raise LighthouseError(f"Lighthouse took over {RUN_TIMEOUT:.0f} s on {url}") from exc
    if done.returncode != 0 or not output.exists():
        raise LighthouseError(f"Lighthouse failed on {url} ({mode}): {done.stderr[-2000:]}")
    return json.loads(output.read_text())


@contextmanager
def seated_chromium(url: str, cookie: str | None) -> Iterator[int | None]:
    """A headless Chromium of its own (a fresh profile) with ``cookie`` (``name=value;
    …``) in its jar for ``url``'s site, listening for Lighthouse; its DevTools port. None
    without a cookie: Lighthouse then starts its own Chromium."""
    if cookie is None:
        yield None
        return
    port = free_port()
    profile = Path(tempfile.mkdtemp(prefix="cardavia-lighthouse-chromium-"))
    browser = subprocess.Popen(
        [chromium_path(), *CHROME_FLAGS.split(), f"--remote-debugging-port={port}",
         f"--user-data-dir={profile}", "--no-first-run", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        pairs = (part.strip().partition("=") for part in cookie.split(";") if part.strip())
        cookies = [{"name": name, "value": value, "url": url} for name, _, value in pairs]
        with connect(_debugger_url(port), max_size=None) as devtools:
            devtools.send(json.dumps({"id": 1, "method": "Storage.setCookies",
                                      "params": {"cookies": cookies}}))  # fmt: skip
            while (answer := json.loads(devtools.recv(timeout=30))).get("id") != 1:
                pass
        if "error" in answer:
            raise LighthouseError(f"Chromium refused the seat's cookies: {answer['error']}")
        yield port
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()
        shutil.rmtree(profile, ignore_errors=True)


def _debugger_url(port: int, wait: float = 30.0) -> str:
    """The browser's DevTools WebSocket address, once Chromium listens on ``port``."""
    deadline = time.monotonic() + wait
    while True:
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/json/version", timeout=2
            ) as reply:
                return str(json.loads(reply.read())["webSocketDebuggerUrl"])
        except OSError:
            if time.monotonic() > deadline:
                raise LighthouseError(f"Chromium did not listen on port {port}") from None
            time.sleep(0.1)


def summarize(report: Any) -> dict[str, Any]:
    """One Lighthouse report (its JSON, parsed) as the bench's figures: the category
    scores out of 100, TBT, LCP, the long tasks and the failing audits' ids."""
    audits: dict[str, Any] = report["audits"]
    categories: dict[str, Any] = report["categories"]
    scores = {
        name: None if categories[name]["score"] is None else round(categories[name]["score"] * 100)
        for name in CATEGORIES
        if name in categories
    }
    tasks = [
        float(item["duration"])
        for item in (audits.get("long-tasks", {}).get("details") or {}).get("items", [])
        if float(item.get("duration", 0)) >= LONG_TASK_MS
    ]
    failing = sorted(
        {
            ref["id"]
            for category in categories.values()
            for ref in category.get("auditRefs", [])
            if _fails(audits.get(ref["id"], {}))
        }
    )
    figures: dict[str, Any] = {
        **scores,
        "tbt_ms": _numeric(audits, "total-blocking-time"),
        "lcp_ms": _numeric(audits, "largest-contentful-paint"),
        "longest_task_ms": round(max(tasks), 1) if tasks else 0,
        "long_tasks": len(tasks),
        "failing": failing,
    }
    if report.get("runtimeError"):
        figures["error"] = report["runtimeError"].get("code", "error")
    return figures


def _fails(audit: dict[str, Any]) -> bool:
    # Informative, manual and not-applicable audits have no score and cannot fail.
    score = audit.get("score")
    return score is not None and audit.get("scoreDisplayMode") != "informative" and score < PASSED


def _numeric(audits: dict[str, Any], name: str) -> float | None:
    value = audits.get(name, {}).get("numericValue")
    return None if value is None else round(float(value))


def median_run(summaries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The run whose performance score is the median of ``summaries`` (the lower middle
    of an even count), so that one slow moment of a shared machine does not decide."""
    ordered = sorted(summaries, key=lambda summary: summary.get("performance") or 0)
    middle = ordered[(len(ordered) - 1) // 2]
    if len(ordered) > 1:
        return middle | {"performance_runs": [summary.get("performance") for summary in ordered]}
    return middle
