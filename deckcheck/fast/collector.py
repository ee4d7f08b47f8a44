"""Speed device: no cyclic garbage collection while a batch is checked (batch.py).

The objects a check makes hold no reference cycles, and a collection walks every object alive (the card
index, the results so far) again and again. What was loaded before is frozen (never examined again), and so
are the results at the end (the first collection after would walk them all); then the collector runs as it
did. Without it the batch is the same, with the collector running.

FIGURE
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
