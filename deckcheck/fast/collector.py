"""Speed device: no cyclic garbage collection while a batch is checked (batch.py).

The objects a check makes hold no reference cycles, and a collection walks every object alive (the card
index, the results so far) again and again. What was loaded before is frozen (never examined again) while the
batch runs; after it, the collector runs as it did, with nothing left frozen that was not frozen before (a
program that uses deckcheck, a bot, keeps a collector that frees what it drops; one that froze objects itself
keeps them frozen). Without it the batch is the same, with the collector running.

What it buys on ../shared/bench/decks (2,000 distinct decklists, ``-o json --format tcg``): 3% fewer instructions in
all (3,426 M instead of 3,536 M, cachegrind) and about 4% less CPU for the decks and the report (363 ms instead of
377, medians of 15 alternating runs; bench/README.md, 2026-12-02); with the collector given back unfrozen after
the batch, the whole command's CPU time 0.98× of the same without the device (medians of 7 alternating runs).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    was_enabled, was_frozen = gc.isenabled(), gc.get_freeze_count()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if not was_frozen:
            gc.unfreeze()
        if was_enabled:
            gc.enable()
