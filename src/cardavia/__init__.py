"""Cardavia: traditional Chinese card games against computer opponents.

The rules live in :mod:`cardavia.games` (one pure engine per game), the game-record
format in :mod:`cardavia.records`, and the command line in :mod:`cardavia.cli`.
"""

__version__ = "0.1.0"
