"""Where deckcheck's data is: the files that ship with it, and the folder ``deckcheck update`` installs into.

Each reader names its own file under these (``carddb.MAIN_INDEX``, ``pools.POOLS_DIR`` …); which of the
shipped and the installed data a check uses is ``datastore``'s choice.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"  # the data that ships with deckcheck (python -m tools.build_data)


def data_dir() -> Path:
    """Where `deckcheck update` installs data (created only by the update): ``DECKCHECK_DATA_DIR``, else the
    platform's user data directory."""
    override = os.environ.get("DECKCHECK_DATA_DIR")
    if override:
        return Path(override).expanduser()
    from .cache import user_dir

    return user_dir("data")
