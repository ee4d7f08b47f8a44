"""Finding decklist files under the paths given on the command line."""

from __future__ import annotations

import os
from pathlib import Path

from .parsers import DECK_SUFFIXES


def find_decklists(paths: list[Path]) -> tuple[list[tuple[Path, str]], list[Path]]:
    """(file, path as shown) for every decklist, in a stable order; and the paths that do not exist.

    A file named on the command line is taken whatever its suffix; folders are searched
    recursively for .ydk, .yaml and .yml files, skipping hidden folders.
    """
    found: list[tuple[Path, str]] = []
    missing: list[Path] = []
    seen: set[str] = set()
    for path in paths:
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if name.lower().endswith(DECK_SUFFIXES):
                        full = os.path.join(root, name)
                        if full not in seen:
                            seen.add(full)
                            found.append((Path(full), full))
        elif path.exists():
            if str(path) not in seen:
                seen.add(str(path))
                found.append((path, str(path)))
        else:
            missing.append(path)
    return found, missing
