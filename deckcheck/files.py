"""Finding decklist files under the paths given on the command line (or in the config file).

A file found by searching a folder that is plainly not a decklist (a repository's mkdocs.yml or
docker-compose.yml) is skipped, and counted as skipped: one sniffer per suffix says so from the
file's first bytes (``skip_unless``). A file named on the command line is always read.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from .parsers import DECK_SUFFIXES, not_a_file_reason

SNIFF_BYTES = 64 * 1024  # what a sniffer sees of a file
# suffix → why a file with it, found by searching a folder, is not a decklist (from its first bytes), or None
SNIFFERS: dict[str, Callable[[bytes], str | None]] = {}


def skip_unless(*suffixes: str):
    """Register a sniffer for files with these suffixes: ``sniffer(first_bytes) -> reason | None``."""

    def register(sniffer: Callable[[bytes], str | None]):
        for suffix in suffixes:
            SNIFFERS[suffix.lower()] = sniffer
        return sniffer

    return register


# a main, extra or side key: at the start of a line (block style) or after { or , (flow style), in any case
_YAML_DECK_KEY = re.compile(rb"""(?:^(?:---)?|[{,])[ \t]*["']?(?:main|extra|side)["']?[ \t]*:""", re.M | re.I)


@skip_unless(".yaml", ".yml")
def _yaml_without_sections(head: bytes) -> str | None:
    """A YAML file with no top-level main, extra or side key (in any case: a misspelled deck is still read)."""
    if _YAML_DECK_KEY.search(head.removeprefix(b"\xef\xbb\xbf")) or head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return None
    return "a YAML file with no main, extra or side key"


def not_a_decklist(path: str) -> str | None:
    """Why a regular file found by searching a folder is plainly not a decklist (it is skipped), or None."""
    sniffer = SNIFFERS.get(os.path.splitext(path)[1].lower())
    if sniffer is None:
        return None
    try:
        with open(path, "rb") as f:
            head = f.read(SNIFF_BYTES)
    except OSError:
        return None  # reading it fails again, with the reason, as an unreadable deck
    return sniffer(head)


def _excluded(rel: str, name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(name, p) for p in patterns)


def _walk(top: str, patterns: tuple[str, ...], out: list[str], base: str, special: dict[str, str],
          skipped: list[tuple[str, str]]) -> None:
    """Files of a folder by name, then its folders by name, depth first; hidden names skipped,
    symlinked folders not followed. Iterative (a stack of folders still to search), so a tree
    of any depth is searched in the same order a recursive walk would take."""
    pending = [top]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            # A folder that cannot be listed: reported like one bad file, never the end of the run.
            out.append(folder)
            special[folder] = f"cannot search this folder: {exc.strerror or type(exc).__name__}"
            continue
        folders = []
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                if not (patterns and _excluded(_relative(entry.path, base) + "/", name, patterns)):
                    folders.append(entry.path)
                continue
            if not name.lower().endswith(DECK_SUFFIXES):
                continue
            if patterns and _excluded(_relative(entry.path, base), name, patterns):
                continue
            try:
                regular = entry.is_file()  # from the directory entry's type: no stat for plain files
            except OSError:
                regular = False
            if regular and (why := not_a_decklist(entry.path)):
                skipped.append((entry.path, why))
                continue
            out.append(entry.path)
            if not regular:
                reason = is_special(entry.path)
                if reason:
                    special[entry.path] = reason
        pending.extend(reversed(folders))  # the first folder is searched next


def _relative(path: str, base: str) -> str:
    return os.path.relpath(path, base).replace(os.sep, "/")


def find_decklists(
    paths: list[Path], exclude: tuple[str, ...] | list[str] = (), special: dict[str, str] | None = None,
    skipped: list[tuple[str, str]] | None = None,
) -> tuple[list[tuple[Path, str]], list[Path]]:
    """(file, path as shown) for every decklist, in a stable order; and the paths that do not exist.

    A file named on the command line is taken whatever its suffix. Folders are searched
    recursively for .ydk, .yaml and .yml files in name order (files and folders at one level
    sorted together by name, folders entered after the files of their level), skipping hidden
    files and folders (``.github/``, ``.pre-commit-config.yaml``) and names matching an
    ``exclude`` glob (matched against the path relative to the searched folder, and against the
    bare name). Anything found that is not a regular file is still returned, to be reported as
    ``unreadable`` rather than stop the run: a broken symlink fails when read; a pipe, socket,
    device or a folder that cannot be listed must not be opened at all, so its path and the
    reason go into ``special`` (path as shown → reason) when a dict is given. A file found in a
    folder that is plainly not a decklist (``not_a_decklist``) is left out, and (path as shown,
    reason) goes into ``skipped`` when a list is given.
    The order is the report order of machine formats (JSON, CSV, …).
    """
    patterns = tuple(exclude)
    if special is None:
        special = {}
    if skipped is None:
        skipped = []
    found: list[tuple[Path, str]] = []
    missing: list[Path] = []
    seen: set[str] = set()
    for path in paths:
        shown = str(path)
        if os.path.isdir(path):
            names: list[str] = []
            found_skipped: list[tuple[str, str]] = []
            _walk(shown, patterns, names, shown, special, found_skipped)
            if shown in (".", "./"):  # `deckcheck check .`: decks/a.ydk, not ./decks/a.ydk
                names = [n[2:] if n.startswith("./") else n for n in names]
                found_skipped = [(n[2:] if n.startswith("./") else n, why) for n, why in found_skipped]
                for key in [k for k in special if k.startswith("./")]:
                    special[key[2:]] = special.pop(key)
            skipped.extend(found_skipped)
            for full in names:
                if full not in seen:
                    seen.add(full)
                    found.append((Path(full), full))
        elif os.path.exists(path):
            if shown not in seen:
                seen.add(shown)
                found.append((path, shown))
                reason = is_special(path)
                if reason:
                    special[shown] = reason
        else:
            missing.append(path)
    return found, missing


def is_special(path: Path) -> str | None:
    """Why ``path`` must not be opened (a pipe, socket or device would block or never end), else None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # opening it fails with the real reason
    return None if stat.S_ISREG(mode) else not_a_file_reason(mode)
