"""What the browser tests share: the site served on a loopback port, and Debian's Chromium.

Needs ``apt-get install -y chromium fonts-noto-cjk`` (``.ci/run`` installs them); never
``playwright install`` (TOOLCHAIN.md).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, Page, sync_playwright

from cardavia.testing.browser import CHROMIUM_ARGS, chromium_path

INSTALL = "apt-get install -y chromium fonts-noto-cjk"

WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
"""An init script that records every Content-Security-Policy violation of a page."""


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serve(app: FastAPI) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free loopback port; yields its URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, driven by Playwright."""
    path = chromium_path()
    assert Path(path).exists(), f"Chromium is missing at {path}: {INSTALL}"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def csp_violations(page: Page) -> list[str]:
    """The CSP violations the page reported (needs :data:`WATCH_CSP` as an init script)."""
    found: list[str] = page.evaluate("window.__cspViolations ?? []")
    return found
