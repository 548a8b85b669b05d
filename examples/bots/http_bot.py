#!/usr/bin/env python3
"""A bot that plays one deal on a Cardavia site, through its JSON API (the /docs page).

    python3 examples/bots/http_bot.py --url http://127.0.0.1:8000 --game sisepai

Every deal is played at a table. The bot makes a table whose other seats are AIs and
has it dealt at once (``"start": true``), then answers each frame in which it must
decide with one of the frame's ``options``, sending back the frame's decision ``key``.
When a frame asks nothing of it (strong AIs still thinking), it waits for the next
frame with ``mark`` and ``wait``. At the end it prints the result and downloads the
record, which ``cardavia replay`` replays to the same result.

It chooses as ``simple_bot.py`` does (the same function, from the frame's ``view``);
plain Python, no package needed.
"""

import argparse
import json
import random
import sys
import urllib.error
import urllib.request

from simple_bot import choose

WAIT = 25
"""The longest the server holds a read that waits for a new frame, in seconds."""


def call(url, method="GET", body=None, token=None):
    """One request to the API: its JSON answer; an error's words on failure."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=WAIT + 30) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        said = json.loads(error.read() or b"{}").get("error", error.reason)
        sys.exit(f"{method} {url}: {error.code} {said}")


def play(site, game, ai, seed, name):
    """Play one deal of ``game`` against AIs of level ``ai``; its last frame and record."""
    seats = {"sisepai": 3, "chuopai": 2}[game]
    body = {"game": game, "name": name, "seats": [ai] * seats, "start": True}
    if seed is not None:
        body["seed"] = seed
    frame = call(f"{site}/api/tables", "POST", body)
    token, table = frame["token"], f"{site}/api/tables/{frame['table']['id']}"
    rng = random.Random(seed)
    while frame["deal"]["result"] is None:
        deal = frame["deal"]
        if not deal["options"]:
            # Nothing for us to decide yet: wait for the next frame.
            frame = call(f"{table}?mark={frame['mark']}&wait={WAIT}", token=token)
            continue
        action = choose(game, deal["view"], deal["options"], rng)
        command = {"type": "act", "action": action, "key": deal["key"]}
        frame = call(f"{table}/actions", "POST", command, token)
    return frame, call(f"{table}/record", token=token)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the site")
    parser.add_argument("--game", choices=("sisepai", "chuopai"), default="sisepai")
    parser.add_argument("--ai", choices=("easy", "basic", "strong"), default="basic")
    parser.add_argument("--seed", type=int, default=None, help="a deal number")
    parser.add_argument("--name", default="http_bot", help="the bot's name at the table")
    parser.add_argument("--record", help="where to write the deal's record (JSON)")
    args = parser.parse_args()
    frame, record = play(args.url.rstrip("/"), args.game, args.ai, args.seed, args.name)
    print(json.dumps({"deal": frame["deal"]["id"], "result": frame["deal"]["result"]}))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as out:
            json.dump(record, out, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
