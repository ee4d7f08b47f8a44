"""Speed devices: optional, faster ways to do what the plain code beside them does.

Each device is a module of this folder that one place of the core asks for by name (``device``) and does
without when it is missing: delete the folder (or one module of it) and deckcheck gives the same output,
more slowly. A test proves each one gives what the plain path gives (tests/test_fast.py), and each says in
its docstring what it buys on the benchmark of distinct decklists (``bench/bench.py devices``); a device
that does not earn its lines there is deleted, not kept.

- ``collector``: the cyclic garbage collector paused while a batch is checked (batch.py);
- ``json_lines``: the JSON report's problems and summary entries written from templates (report/json_report.py);
- ``writev``: a report on a pipe or file written as UTF-8 to the descriptor, many pieces a call (report/output.py).

``DECKCHECK_NO_FAST=1`` turns every device off (``DECKCHECK_NO_FAST=writev,json_lines``: those named), for
tests and for measuring what each one buys.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

DEVICES = ("collector", "json_lines", "writev")


def device(name: str) -> ModuleType | None:
    """The module of the speed device ``name``, or None where it is turned off (``DECKCHECK_NO_FAST``) or missing."""
    off = os.environ.get("DECKCHECK_NO_FAST", "")
    if off and (off == "1" or name in off.split(",")):
        return None
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":  # that device was deleted: the plain path
            return None
        raise
