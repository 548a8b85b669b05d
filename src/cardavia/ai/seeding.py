"""Reproducible randomness for AI decisions.

A decision's generator depends only on the deal's seed, the seat and the step, hashed
with BLAKE2 (Python's own ``hash`` of strings changes between processes), so the same
position gives the same decision in any process and after any restart.
"""

from __future__ import annotations

import hashlib
import random


def decision_rng(seed: int, seat: int, step: int) -> random.Random:
    """The generator for ``seat``'s decision at ``step`` of the deal with ``seed``."""
    digest = hashlib.blake2b(f"cardavia:{seed}:{seat}:{step}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))
