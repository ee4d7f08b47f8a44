"""Speed devices: optional, faster ways to do what the plain code beside them does.

Each device is a module of this folder that one place of the core imports, and does without when the import
fails or the device is turned off (``turned_off``): delete the folder (or one module of it) and deckcheck gives
the same output, more slowly. A test proves each one gives what the plain path gives (tests/test_fast.py), and each says in
its docstring what it buys on the benchmark of distinct decklists (``bench/bench.py devices``); a device
that does not earn its lines there is deleted, not kept.

- ``json_lines``: the JSON report's deck lines and summary entries written from templates (report/json_report.py);
- ``collector``: the cyclic garbage collector paused while a batch is checked (batch.py);
- ``pool``: a batch's decklists shared among forked processes, one a core (batch.py).

Measured and deleted (bench/README.md): an earlier pool of worker processes (785 lines: its own pipe protocol,
report pieces made in the workers, copies of a file grouped by their bytes), a cache of verdicts by a file's bytes, a
reader of plain YDK files beside the general one, and a report written to standard output by ``os.writev``.

``DECKCHECK_NO_FAST=1`` turns every device off (``DECKCHECK_NO_FAST=json_lines``: those named), for tests and
for measuring what each one buys.
"""

from __future__ import annotations

import os

DEVICES = ("json_lines", "collector", "pool")


def turned_off(name: str) -> bool:
    """Whether the speed device ``name`` is turned off (``DECKCHECK_NO_FAST``): the plain path is taken."""
    off = os.environ.get("DECKCHECK_NO_FAST", "")
    return bool(off) and (off == "1" or name in off.split(","))
