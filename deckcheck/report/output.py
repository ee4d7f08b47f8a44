"""Where a report goes: standard output, or a file replaced in one step.

``--output FILE`` writes to a temporary file in the same folder, flushes it to disk and
renames it over FILE (``deckcheck.cache.write_atomically``), so a CI job or a
watcher never reads half a report, and a failed run leaves the previous report intact.
The new file gets the permissions an ordinary new file would (the umask), or keeps those of
the file it replaces.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path


def _mode_for(target: Path) -> int:
    try:
        return os.stat(target).st_mode & 0o777  # never setuid, setgid or sticky: a report is no program
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomically(target: Path, chunks: Iterable[str]) -> None:
    """Write ``chunks`` (text, UTF-8) to ``target`` through a temporary file and a rename."""
    write_bytes(target, "".join(chunks).encode("utf-8"))


def write_bytes(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a temporary file and a rename (a PDF, say)."""
    from ..cache import write_atomically as write

    target = Path(target)
    write(target, data, _mode_for(target))


def emit(chunks: Iterable[str], target: Path | None = None) -> None:
    """Send a report to ``target`` (atomically), or to standard output when it is None or ``-``."""
    if target is None or str(target) == "-":
        out = sys.stdout
        for chunk in chunks:
            out.write(chunk)
        out.flush()
        return
    write_atomically(target, chunks)
