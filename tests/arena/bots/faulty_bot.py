"""A bot that plays the first legal action, then misbehaves as told (for the tests).

    python faulty_bot.py MODE AT [TOKEN]

MODE is how it fails at its decision number AT (0 = its first decision of a process):
``crash``, ``hang``, ``illegal``, ``garbage``, ``badtext``, ``chatty`` (answers twice),
``spawn`` (starts a child, then hangs), ``deep`` (answers a line of 200,000 ``[``),
``noisy`` (writes 20 MB to its standard error, then crashes), ``daemon`` (starts two
processes that leave its session with ``setsid()``, one of them orphaned, then plays
on), ``quit`` (exits after the first result),
``version`` (asks for protocol version 99), ``mute`` (never says hello), ``stubborn``
(plays well but will not exit: it ignores ``bye`` and the end of its input), ``record``
(never fails, and appends every line it reads to the file TOKEN). Otherwise TOKEN only
marks the process, so that a test can look for leftovers.
"""

import json
import subprocess
import sys
import time

ILLEGAL = {"sisepai": "discard rG", "chuopai": "play 12 13"}
DAEMON = """
import os, sys, time
os.setsid()
if sys.argv[1] == "orphan" and os.fork():
    os._exit(0)  # the grandchild's child is left to init, in a session of its own
time.sleep(3600)
"""


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    mode, at = sys.argv[1], int(sys.argv[2])
    game, decisions = None, 0
    for line in sys.stdin:
        if mode == "record":
            with open(sys.argv[3], "a", encoding="utf-8") as log:
                log.write(line)
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if mode == "mute":
                time.sleep(3600)
            send({"type": "hello", "version": 99 if mode == "version" else 1})
        elif kind == "start":
            game = message["game"]
            send({"type": "ready"})
        elif kind == "result" and mode == "quit":
            sys.exit(0)
        elif kind == "bye":
            break
        elif kind == "decide":
            answer = message["legal"][0]
            if decisions == at:
                if mode == "crash":
                    print("boom: a bug in the bot", file=sys.stderr)
                    sys.exit(3)
                if mode == "hang":
                    time.sleep(3600)
                if mode == "spawn":
                    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
                    time.sleep(3600)
                if mode == "daemon":
                    for how in ("setsid", "orphan"):
                        token = sys.argv[3] if len(sys.argv) > 3 else ""
                        subprocess.Popen([sys.executable, "-c", DAEMON, how, token])
                if mode == "deep":
                    sys.stdout.write("[" * 200_000 + "\n")
                    sys.stdout.flush()
                    decisions += 1
                    continue
                if mode == "noisy":
                    for _ in range(20):
                        sys.stderr.write(("x" * 1023 + "\n") * 1024)
                    print("boom: the last words", file=sys.stderr)
                    sys.exit(3)
                if mode == "garbage":
                    sys.stdout.write("<<< not json >>>\n")
                    sys.stdout.flush()
                    decisions += 1
                    continue
                if mode == "illegal":
                    answer = ILLEGAL[game]
                if mode == "badtext":
                    answer = "jump over"
                if mode == "chatty":  # two answers in one write: they arrive together
                    sys.stdout.write(2 * (json.dumps({"type": "action", "action": answer}) + "\n"))
                    sys.stdout.flush()
                    decisions += 1
                    continue
            send({"type": "action", "action": answer})
            decisions += 1
    if mode == "stubborn":
        time.sleep(3600)


if __name__ == "__main__":
    main()
