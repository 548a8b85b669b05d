"""A fast, installable site (issue 26): compressed answers, fingerprinted static files
with long lifetimes, the manifest, the service worker and the offline page, and the
small things of *Your deals* (the chart's dates, the plural of a count)."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardavia.i18n.languages import LANGUAGES
from cardavia.testing.servers import ServerProcess
from cardavia.web.infra.assets import IMMUTABLE, REVALIDATE, STATIC, Assets, site_assets
from cardavia.web.presentation.rendering import plural_samples
from cardavia.web.routes.your_deals import machine_time, short_date, when

GZIP = {"Accept-Encoding": "gzip"}


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


# -- compression ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "text/html"),
        ("/openapi.json", "application/json"),
        ("/static/css/cardavia.css", "text/css"),
        ("/static/js/table.js", "text/javascript"),
        ("/sw.js", "text/javascript"),
    ],
)
def test_text_answers_are_gzipped_for_a_client_that_accepts_it(
    client: TestClient, path: str, kind: str
) -> None:
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    packed = client.get(path, headers=GZIP)
    assert packed.headers["content-type"].startswith(kind)
    assert packed.headers.get("content-encoding") == "gzip", path
    assert "Accept-Encoding" in packed.headers["vary"]
    assert "content-encoding" not in plain.headers
    assert packed.content == plain.content  # httpx unpacked it: the same bytes
    assert int(packed.headers["content-length"]) < len(plain.content) / 2
    # A static file leaves in chunks (a streamed answer): compressed chunk by chunk.


@pytest.mark.server
def test_the_real_server_gzips_styles_and_scripts_too(tmp_path: Path) -> None:
    # Granian hands a file to the network by its path (ASGI's pathsend), past the gzip
    # middleware, unless the site reads it through: the test client never offers that.
    server = ServerProcess({"CARDAVIA_DATA": str(tmp_path), "DATABASE_URL": ""})
    server.start()
    try:
        answers = {}
        for path in ("/static/css/cardavia.css", site_assets().url("js/board.js")):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            connection.request("GET", path, headers={"Accept-Encoding": "gzip, br"})
            answer = connection.getresponse()
            answers[path] = (answer.getheader("Content-Encoding"), answer.read())
            connection.close()
    finally:
        server.close()
    for path, (encoding, body) in answers.items():
        assert encoding == "gzip", path
        name = path.removeprefix("/static/").partition("?")[0]
        assert gzip.decompress(body) == site_assets().minified[name]


def test_small_answers_and_pictures_are_sent_as_they_are(client: TestClient) -> None:
    small = client.get("/static/favicon.svg", headers=GZIP)
    assert small.status_code == 200 and "content-encoding" not in small.headers
    png = client.get("/static/icons/icon-512.png", headers=GZIP)
    assert png.headers["content-type"] == "image/png" and "content-encoding" not in png.headers


def test_compression_keeps_the_body_limit_and_the_security_headers(client: TestClient) -> None:
    too_large = client.post("/api/tables", content=b"x" * 20_000, headers=GZIP)
    assert too_large.status_code == 413
    page = client.get("/", headers=GZIP)
    assert "content-security-policy" in page.headers
    raw = gzip.compress(b"{}")  # a gzipped request body is not unpacked: it stays 422
    sent = client.post("/api/tables", content=raw, headers={"Content-Encoding": "gzip"})
    assert sent.status_code == 422


def test_the_table_socket_is_not_touched_by_compression(client: TestClient) -> None:
    form = {"name": "Ann", "seat1": "person", "seat2": "basic"}
    table = client.post("/games/chuopai/friends", data=form, follow_redirects=False)
    table_id = table.headers["location"].rsplit("/", 1)[1]
    with client.websocket_connect(f"/api/tables/{table_id}/live", headers=GZIP) as socket:
        frame = socket.receive_json()  # text frames, as sent: gzip is for HTTP answers only
    assert frame["table"]["id"] == table_id


# -- fingerprints and lifetimes -----------------------------------------------------------


def test_pages_name_static_files_by_their_fingerprint(client: TestClient) -> None:
    urls = static_urls(client.get("/").text)
    assert urls and all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in urls), urls
    hashes = site_assets().hashes
    for url in urls:
        path, version = url.removeprefix("/static/").split("?v=")
        assert hashes[path] == version


def test_a_fingerprinted_file_is_kept_a_year_any_other_address_is_checked(
    client: TestClient,
) -> None:
    url = site_assets().url("css/cardavia.css")
    assert client.get(url).headers["cache-control"] == IMMUTABLE
    plain = client.get("/static/css/cardavia.css")
    assert plain.status_code == 200 and plain.headers["cache-control"] == REVALIDATE
    old = client.get("/static/css/cardavia.css?v=000000000000")
    assert old.status_code == 200 and old.headers["cache-control"] == REVALIDATE
    again = client.get("/static/css/cardavia.css", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == REVALIDATE
    assert client.get("/static/css/nothing.css?v=1").status_code == 404


# -- minified ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["css/cardavia.css", "js/board.js", "js/table.js"])
def test_styles_and_scripts_are_served_minified_under_their_fingerprint(
    client: TestClient, path: str
) -> None:
    assets = site_assets()
    answer = client.get(assets.url(path), headers={"Accept-Encoding": "identity"})
    source = (STATIC / path).read_bytes()
    assert answer.status_code == 200 and answer.headers["cache-control"] == IMMUTABLE
    assert answer.content == assets.minified[path]
    assert len(answer.content) < len(source) * 0.85, (len(answer.content), len(source))
    assert hashlib.sha256(answer.content).hexdigest()[:12] == assets.hashes[path]
    assert answer.headers["etag"] == f'"{assets.hashes[path]}"'
    kind = "text/css" if path.endswith(".css") else "text/javascript"
    assert answer.headers["content-type"].startswith(kind)
    # The comments go; the code stays (the browser tests play tables with these bytes).
    assert b"// " not in answer.content and b"/* " not in answer.content
    again = client.get(f"/static/{path}", headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == REVALIDATE
    head = client.head(assets.url(path), headers={"Accept-Encoding": "identity"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == str(len(answer.content))


def test_minifying_keeps_strings_and_regular_expressions_whole(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text(
        "// a comment\n"
        'const url = "https://example.org/a//b"; // another\n'
        "const re = /\\/\\/(\\w+)/g;\n"
        "const text = `two  spaces // kept ${url}`;\n"
    )
    (tmp_path / "a.css").write_text(
        '/* a comment */\n.a  {\n  background: url("//x/y.png");\n  content: "a  /* b */";\n}\n'
    )
    assets = Assets(tmp_path)
    script = assets.minified["a.js"].decode()
    assert "comment" not in script and "another" not in script
    assert '"https://example.org/a//b"' in script
    assert "/\\/\\/(\\w+)/g" in script
    assert "`two  spaces // kept ${url}`" in script
    style = assets.minified["a.css"].decode()
    assert "comment" not in style
    assert 'url("//x/y.png")' in style and '"a  /* b */"' in style
    assert assets.hashes["a.js"] == hashlib.sha256(assets.minified["a.js"]).hexdigest()[:12]


def test_the_scripts_a_table_imports_are_fingerprinted_and_kept_a_year(client: TestClient) -> None:
    """table.js imports ./board.js, ./connection.js, ./review.js, ./people.js and
    /static/js/guide.js by plain paths in its source: the bytes served name each by its
    current fingerprint, so every script a table runs is kept and none is ever stale."""
    game_id = client.post("/games/chuopai/start", data={"ai": "basic"}, follow_redirects=False)
    page = client.get(game_id.headers["location"]).text
    data = json.loads(re.search(r'id="table-data">(.*?)</script>', page, re.S)[1])  # type: ignore[index]
    assets = site_assets()
    assert data["urls"]["script"] == assets.url("js/games/chuopai.js")
    table = client.get(assets.url("js/table.js")).text
    imported = dict(re.findall(r'"(?:\./|/static/js/)(\w+)\.js\?v=([0-9a-f]{12})"', table))
    assert set(imported) == {"board", "connection", "review", "people", "guide"}, imported
    for name, version in imported.items():
        assert version == assets.hashes[f"js/{name}.js"]
        answer = client.get(f"/static/js/{name}.js?v={version}")
        assert answer.status_code == 200 and answer.headers["cache-control"] == IMMUTABLE
    assert not re.search(r'"\./\w+\.js"', table), "an import left without its fingerprint"


def test_a_changed_imported_script_gives_its_importers_new_addresses(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "board.js").write_text("export const a = 1;\n")
    (tmp_path / "js" / "table.js").write_text(
        'import { a } from "./board.js";\nconst b = await import("/static/js/board.js");\n'
    )
    (tmp_path / "js" / "other.js").write_text("export const c = 3;\n")
    before = Assets(tmp_path)
    board = before.hashes["js/board.js"]
    served = before.minified["js/table.js"].decode()
    assert f'from"./board.js?v={board}"' in served
    assert f'import("/static/js/board.js?v={board}")' in served
    (tmp_path / "js" / "board.js").write_text("export const a = 2;\n")
    after = Assets(tmp_path)
    assert after.hashes["js/board.js"] != board
    assert after.hashes["js/table.js"] != before.hashes["js/table.js"]
    assert after.hashes["js/other.js"] == before.hashes["js/other.js"]


def test_scripts_that_import_what_does_not_exist_or_each_other_in_a_circle_are_refused(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.js").write_text('import "./b.js";\n')
    with pytest.raises(ValueError, match=re.escape("imports ./b.js, which is not a static file")):
        Assets(tmp_path)
    (tmp_path / "b.js").write_text('import "./a.js";\n')
    with pytest.raises(ValueError, match="circle"):
        Assets(tmp_path)


# -- installable ----------------------------------------------------------------------------


def test_every_page_links_the_manifest_and_the_worker(client: TestClient) -> None:
    html = client.get("/?lang=zh").text
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=zh">' in html
    assert '<meta name="theme-color"' in html and 'rel="apple-touch-icon"' in html
    assert site_assets().url("js/worker.js") in html


def test_the_manifest_installs_the_site_with_icons_in_the_language(client: TestClient) -> None:
    manifest = client.get("/manifest.webmanifest?lang=it").json()
    assert manifest["name"] == manifest["short_name"] == "Cardavia"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["lang"] == "it" and "Ogni sala" in manifest["description"]
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        fetched = client.get(icon["src"])
        assert fetched.status_code == 200 and fetched.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = icon["sizes"].split("x")
            # A PNG's IHDR holds its width and height (big-endian) at bytes 16–24.
            assert fetched.content[16:24] == int(width).to_bytes(4) + int(height).to_bytes(4)


def test_the_worker_keeps_only_the_shell_and_the_offline_pages(client: TestClient) -> None:
    worker = client.get("/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == REVALIDATE
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", worker.text)[1])  # type: ignore[index]
    offline = json.loads(re.search(r"const OFFLINE = (\{.*?\});", worker.text)[1])  # type: ignore[index]
    assert site_assets().url("css/cardavia.css") in shell
    assert all(url.startswith("/static/") and "?v=" in url for url in shell)
    assert sorted(offline.values()) == sorted(f"/offline/{code}" for code in LANGUAGES)
    # Only pages (navigations, to show the offline page) and fingerprinted files are
    # answered by the worker: never the API, a deal or a table.
    assert 'url.pathname.startsWith("/static/") && url.searchParams.has("v")' in worker.text
    assert "/api/" not in worker.text and "/play/" not in worker.text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "A table needs the server"),
        ("it", "Un tavolo ha bisogno del server"),
        ("zh", "牌桌离不开服务器"),
    ],
)
def test_the_offline_page_says_so_in_its_language_and_chooses_nothing(
    client: TestClient, lang: str, words: str
) -> None:
    page = client.get(f"/offline/{lang}")
    assert page.status_code == 200 and words in page.text
    assert "set-cookie" not in page.headers  # fetched by the worker in every language
    assert client.get("/offline/xx").status_code == 404


# -- findable -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/traditions/sichuan-cards", "/games/chuopai", "/docs"])
def test_every_page_describes_itself_in_its_language(client: TestClient, path: str) -> None:
    said = set()
    for lang in ("en", "zh"):
        html = client.get(f"{path}?lang={lang}").text
        found = re.findall(r'<meta name="description" content="([^"]+)">', html)
        assert len(found) == 1 and len(found[0]) >= 20, found
        said.add(found[0])
    assert len(said) == 2, "the Chinese page's description is Chinese"


# -- Your deals' small things ------------------------------------------------------------------


def test_dates_are_the_locales_own_and_machine_times_are_valid_html() -> None:
    moment = datetime(2026, 12, 2, 12, 4, 11, 558341)
    assert machine_time(moment) == "2026-12-02T12:04:11Z"
    assert [short_date(moment, lang) for lang in ("en", "it", "zh")] == [
        "Dec 2",
        "2 dic",
        "12月2日",
    ]
    # Babel knows a site language by its locale (zh_Hant), not by its code (zh-Hant).
    assert short_date(moment, "zh-Hant") == "12月2日"
    for lang in LANGUAGES:
        assert short_date(moment, lang) and when(moment, lang)


def test_counts_get_every_plural_category_of_the_language() -> None:
    assert plural_samples("en") == {"other": 0, "one": 1}
    assert plural_samples("zh") == {"other": 0}
    assert plural_samples("zh-Hant") == {"other": 0}
