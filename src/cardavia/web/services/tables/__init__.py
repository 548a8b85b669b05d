"""Tables of people: friends and AIs at one deal, live, across server processes.

- :mod:`.model`    the table's rules that are not the game's: seats, names, settings, who
                   decides a seat's move (the person, or an AI for them), the timers
- :mod:`.frames`   what one seat receives: its view, its log, its options, the table
- :mod:`.service`  create, join, start, act, remove, play again; timeouts and absences;
                   every change committed at the version read, whichever process
- :mod:`.hub`      this process's connections, and pushing each its seat's frame
- :mod:`.tasks`    the timers and leases every process watches; PostgreSQL's LISTEN
- :mod:`.forms`    the *Play with friends* form and the table it makes
- :mod:`.lookalikes` names that look alike (UTS #39 skeletons)

Their routes are :mod:`cardavia.web.routes.tables` (the JSON API, the WebSocket, the
long-polling fallback) and :mod:`cardavia.web.routes.table_pages` (the pages).

docs/web.md (*Tables of people*) and docs/operations.md (*Several processes*) explain the
choices.
"""
