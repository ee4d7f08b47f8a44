"""The output formats of ``deckcheck check`` by name: each one's module is imported when it is asked for
(this package's ``__init__`` imports none of them, and they import it: no circle)."""

from __future__ import annotations

import importlib

from . import OUTPUT_FORMATS, ReportFormat


def output_format(name: str) -> ReportFormat:
    """The output format of that name (one of ``OUTPUT_FORMATS``)."""
    module, cls = OUTPUT_FORMATS[name]
    return getattr(importlib.import_module(f".{module}", __package__), cls)()
