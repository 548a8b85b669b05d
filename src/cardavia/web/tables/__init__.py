"""Tables of people: friends and AIs at one deal, live, across server processes.

- :mod:`.model`    the table's rules that are not the game's: seats, names, settings, who
                   decides a seat's move (the person, or an AI for them), the timers
- :mod:`.frames`   what one seat receives: its view, its log, its options, the table
- :mod:`.service`  create, join, start, act, remove, play again; timeouts and absences;
                   every change committed at the version read, whichever process
- :mod:`.hub`      this process's connections, and pushing each its seat's frame
- :mod:`.tasks`    the timers and leases every process watches; PostgreSQL's LISTEN
- :mod:`.routes`   the pages, the WebSocket, and the long-polling fallback

docs/web.md (*Tables of people*) and docs/operations.md (*Several processes*) explain the
choices.
"""
