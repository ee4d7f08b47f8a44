"""Fresh data without a new release: `deckcheck update` (see updater.py for the order of work).

Modules: ``http`` (careful GETs), ``ygoprodeck`` (the card API and its conversion), ``cdb``
(EDOPro card databases), ``lists`` (list sources), ``index_file`` (deckcheck's index format),
``install`` (lock and atomic installs), ``config`` (the config file), ``updater`` (the run).
Nothing here is imported by the checking commands.
"""

from __future__ import annotations

from .updater import DEFAULT_CARDS_URL, DEFAULT_LISTS_URL, UI, Options, Result, UpdateError, run

__all__ = ["DEFAULT_CARDS_URL", "DEFAULT_LISTS_URL", "UI", "Options", "Result", "UpdateError", "run"]
