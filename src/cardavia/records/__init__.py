"""The game-record format (records.md): read, write, validate and replay."""

from cardavia.records.deal import Deal
from cardavia.records.format import FORMAT, Record, parse_record
from cardavia.records.replay import ReplayResult, replay, replay_line

__all__ = ["FORMAT", "Deal", "Record", "ReplayResult", "parse_record", "replay", "replay_line"]
