#!/usr/bin/env python3
"""A small bot for Cardavia's arena, in plain Python (docs/bots.md).

    cardavia arena --game chuopai --seats "cmd:python3 examples/bots/simple_bot.py",basic,basic

It reads one JSON message per line on standard input and answers each ``decide`` with
one ``action`` line on standard output (flushed at once). Logs go to standard error:
standard output carries only answers. It wins when it can; otherwise, in Sì Sè Pái it
takes any group it may and discards a card it holds only once, and in Chuo Pai it
plays as many cards as it can. Ties are broken with the ``seed`` of the decision, so
the bot decides the same way every time it sees the same messages.
"""

import json
import random
import sys

VERSION = 1


def send(message):
    print(json.dumps(message), flush=True)


def choose(game, view, legal, rng):
    """One of the legal action texts."""
    if "win" in legal:
        return "win"
    if game == "sisepai":
        takes = [action for action in legal if action.startswith("take ")]
        if takes:
            return max(takes, key=lambda action: len(action.split()))
        discards = [action for action in legal if action.startswith("discard ")]
        if discards:
            lonely = [a for a in discards if view["hand"].count(a.split()[1]) == 1]
            return rng.choice(lonely or discards)
        return "pass"
    most = max(len(action.split()) for action in legal)
    return rng.choice([action for action in legal if len(action.split()) == most])


def main():
    game = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if VERSION not in message["versions"]:
                print(f"this bot speaks version {VERSION} only", file=sys.stderr)
                return
            send({"type": "hello", "version": VERSION, "name": "simple_bot"})
        elif kind == "start":
            game = message["game"]
            send({"type": "ready"})
        elif kind == "decide":
            rng = random.Random(message["seed"])
            action = choose(game, message["view"], message["legal"], rng)
            send({"type": "action", "action": action})
        elif kind == "result":
            print(f"deal over: {message['outcome']}", file=sys.stderr)
        elif kind == "bye":
            return


if __name__ == "__main__":
    main()
