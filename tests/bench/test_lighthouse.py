"""``cardavia bench lighthouse``: what it makes of a Lighthouse report, and the command
line it runs, and the Chromium it measures a table in (issue 26). Lighthouse itself is
never run here: the reports are built by the tests, in the shape Lighthouse 12 writes
them."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from cardavia.bench import lighthouse


def audit(score: float | None, mode: str = "binary", **more: Any) -> dict[str, Any]:
    return {"score": score, "scoreDisplayMode": mode, **more}


def report(performance: float = 0.97, tasks: tuple[float, ...] = (120.0, 64.0)) -> dict[str, Any]:
    """A small report as Lighthouse writes it: four categories, their audits' references,
    and the audits the bench reads."""
    audits = {
        "total-blocking-time": audit(0.92, "numeric", numericValue=181.4),
        "largest-contentful-paint": audit(0.95, "numeric", numericValue=1712.6),
        "long-tasks": audit(
            None,
            "informative",
            details={"items": [{"url": "a.js", "duration": ms, "startTime": 1.0} for ms in tasks]},
        ),
        "uses-text-compression": audit(0, "metricSavings"),
        "unminified-css": audit(0.5, "metricSavings"),
        "dom-size": audit(0.9, "metricSavings"),
        "color-contrast": audit(1),
        "link-name": audit(0),
        "errors-in-console": audit(1),
        "document-title": audit(1),
        "manual-check": audit(None, "manual"),
        "diagnostics": audit(0, "informative"),
    }
    refs = {
        "performance": ["total-blocking-time", "largest-contentful-paint", "long-tasks",
                        "uses-text-compression", "unminified-css", "dom-size", "diagnostics"],
        "accessibility": ["color-contrast", "link-name", "manual-check"],
        "best-practices": ["errors-in-console"],
        "seo": ["document-title"],
    }  # fmt: skip
    scores = {"performance": performance, "accessibility": 0.96, "best-practices": 1, "seo": 1}
    categories = {
        name: {"score": scores[name], "auditRefs": [{"id": ref} for ref in ids]}
        for name, ids in refs.items()
    }
    return {"lighthouseVersion": "12.2.3", "categories": categories, "audits": audits}


def test_a_report_becomes_the_four_scores_the_timings_and_what_fails() -> None:
    figures = lighthouse.summarize(report())
    assert figures == {
        "performance": 97,
        "accessibility": 96,
        "best-practices": 100,
        "seo": 100,
        "tbt_ms": 181,
        "lcp_ms": 1713,
        "longest_task_ms": 120.0,
        "long_tasks": 2,
        # As the report shows them: under 0.9 fails; informative and manual never do.
        "failing": ["link-name", "unminified-css", "uses-text-compression"],
    }


def test_no_long_task_is_a_longest_task_of_zero() -> None:
    figures = lighthouse.summarize(report(tasks=()))
    assert figures["longest_task_ms"] == 0 and figures["long_tasks"] == 0


def test_a_run_lighthouse_could_not_finish_says_so() -> None:
    failed = report() | {"runtimeError": {"code": "NO_FCP", "message": "The page did not paint"}}
    assert lighthouse.summarize(failed)["error"] == "NO_FCP"


def test_of_several_runs_the_median_one_is_kept_whole() -> None:
    runs = [lighthouse.summarize(report(performance=share)) for share in (0.91, 0.99, 0.95)]
    kept = lighthouse.median_run(runs)
    assert kept["performance"] == 95 and kept["performance_runs"] == [91, 95, 99]
    assert kept["tbt_ms"] == 181  # the figures of that one run, not mixed
    assert lighthouse.median_run(runs[:1]) == runs[0]


def test_the_command_measures_a_phone_by_default_and_a_desktop_by_its_preset() -> None:
    binary, output = Path("/x/lighthouse"), Path("/tmp/r.json")
    phone = lighthouse.command(binary, "http://127.0.0.1:1/", "mobile", None, output)
    assert phone[:2] == ["/x/lighthouse", "http://127.0.0.1:1/"]
    assert "--chrome-flags=--headless=new --no-sandbox" in phone
    assert "--only-categories=performance,accessibility,best-practices,seo" in phone
    assert "--output-path=/tmp/r.json" in phone and "--output=json" in phone
    assert not [arg for arg in phone if arg.startswith(("--preset", "--extra-headers"))]
    table = "http://127.0.0.1:1/tables/a"
    desk = lighthouse.command(binary, table, "desktop", "cardavia_seat=t", output)
    assert "--preset=desktop" in desk
    headers = [arg for arg in desk if arg.startswith("--extra-headers=")]
    sent = [json.loads(arg.partition("=")[2]) for arg in headers]
    assert sent == [{"Cookie": "cardavia_seat=t"}]
    assert not [arg for arg in desk if arg.startswith("--port")]
    seated = lighthouse.command(binary, table, "mobile", "cardavia_seat=t", output, port=9333)
    assert "--port=9333" in seated


@pytest.mark.browser
def test_the_table_is_measured_in_a_chromium_whose_jar_holds_the_seat() -> None:
    """The seat's cookies are in the browser Lighthouse drives, not only in a header: the
    table's WebSocket handshake carries them (a header reached the page's requests alone,
    and the page measured had lost its seat)."""
    url = "http://127.0.0.1:1/tables/a"
    with lighthouse.seated_chromium(url, "cardavia_seat=t; cardavia_lang=it") as port:
        assert port is not None
        with connect(lighthouse._debugger_url(port), max_size=None) as devtools:
            devtools.send(json.dumps({"id": 7, "method": "Storage.getCookies"}))
            while (answer := json.loads(devtools.recv(timeout=30))).get("id") != 7:
                pass
    jar = {(c["name"], c["value"], c["domain"]) for c in answer["result"]["cookies"]}
    assert jar == {("cardavia_seat", "t", "127.0.0.1"), ("cardavia_lang", "it", "127.0.0.1")}
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=2)
    with lighthouse.seated_chromium(url, None) as none:
        assert none is None, "without a cookie Lighthouse starts its own Chromium"


def test_an_installed_lighthouse_of_the_pinned_version_is_used_as_it_is(tmp_path: Path) -> None:
    package = tmp_path / "node_modules" / "lighthouse"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"version": lighthouse.VERSION}))
    binary = tmp_path / "node_modules" / ".bin" / "lighthouse"
    binary.parent.mkdir()
    binary.write_text("")
    assert lighthouse.ensure_installed(tmp_path) == binary  # no npm run: nothing to fetch
