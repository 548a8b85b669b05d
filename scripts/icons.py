"""Render the site's PNG icons from its favicon (issue 26: an installable site).

Browsers ask a web app manifest for PNG icons of 192 and 512 px (an SVG alone does not
install everywhere), iOS for a 180 px ``apple-touch-icon``, and Android for a "maskable"
icon whose artwork stays inside the middle 80 % (the launcher cuts it to a circle or a
squircle). All of them are drawn here from ``static/favicon.svg`` by Debian's Chromium,
with the fonts the tests use (the seal's 牌 is a serif CJK glyph), so that the PNGs are
the SVG and nothing else. Run it after changing the favicon, and commit the PNGs:

    .venv/bin/python scripts/icons.py
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

from cardavia.testing.browser import CHROMIUM_ARGS, chromium_path

STATIC = Path(__file__).resolve().parents[1] / "src" / "cardavia" / "web" / "static"
PAPER = "#f4eee3"
"""The page's paper colour (``--paper``), behind the maskable icon's seal."""

ICONS = {
    # name: (size in px, share of the square the favicon takes, background)
    "icon-192.png": (192, 1.0, None),
    "icon-512.png": (512, 1.0, None),
    "apple-touch-icon.png": (180, 0.86, PAPER),  # iOS shows no transparency: paper behind
    "maskable-512.png": (512, 0.72, PAPER),  # the seal inside the 80 % safe zone
}


def main() -> None:
    """Write every icon of :data:`ICONS` into ``static/icons/``."""
    svg = (STATIC / "favicon.svg").read_bytes()
    source = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, (size, share, background) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            side = round(size * share)
            page.set_content(
                f"<body style='margin:0;width:{size}px;height:{size}px;display:grid;"
                f"place-items:center;background:{background or 'transparent'}'>"
                f"<img src='{source}' width='{side}' height='{side}' alt=''></body>"
            )
            page.wait_for_load_state("load")
            page.screenshot(path=str(out / name), omit_background=background is None)
            page.close()
            print(f"{out / name}: {size}×{size}")
        browser.close()


if __name__ == "__main__":
    main()
