"""Finding decklist files under the paths given on the command line (or in the config file).

A file found by searching a folder that plainly is no decklist — a README.txt, a repository's
mkdocs.yml or docker-compose.yml — is skipped and counted as skipped; which suffixes are
checked, and how, is the parsers' one switch (``InputFormat.walk_checked``,
``parsers.looks_like_decklist``). A file named on the command line is always read.
"""

from __future__ import annotations

from collections.abc import Sequence
import fnmatch
import os
import stat
from pathlib import Path

from .model import Source
from .parsers import DECK_SUFFIXES, WALK_CHECKED_SUFFIXES, looks_like_decklist, not_a_file_reason, read_head


# Folders a search never enters (ruff's default excludes; hidden folders are skipped anyway): installed
# packages and build output hold YAML and text files that are not decklists.
DEFAULT_EXCLUDED_FOLDERS = frozenset(("__pypackages__", "_build", "buck-out", "build", "dist", "node_modules",
                                      "site-packages", "venv"))


def _excluded(path: str, rel: str, name: str, patterns: tuple[str, ...]) -> bool:
    """Whether ``path`` matches an ``exclude`` glob: an absolute pattern (a config file's, anchored at its
    folder) against the absolute path; any other against the path relative to the searched folder and
    against the bare name."""
    absolute = None
    for p in patterns:
        if p.startswith("/"):
            if absolute is None:
                absolute = os.path.abspath(path).replace(os.sep, "/") + ("/" if rel.endswith("/") else "")
            if fnmatch.fnmatchcase(absolute, p):
                return True
        elif fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(name, p):
            return True
    return False


def _walk(top: str, patterns: tuple[str, ...], out: list[str], base: str, special: dict[str, str],
          skipped: list[str]) -> None:
    """Files of a folder by name, then its folders by name, depth first; hidden names skipped,
    symlinked folders not followed. Iterative (a stack of folders still to search), so a tree
    of any depth is searched in the same order a recursive walk would take. A file of a suffix
    whose files are checked when found (parsers.WALK_CHECKED_SUFFIXES: .txt, .yaml, .yml) that plainly
    is no decklist goes into ``skipped``."""
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
                if name not in DEFAULT_EXCLUDED_FOLDERS and not (
                        patterns and _excluded(entry.path, _relative(entry.path, base) + "/", name, patterns)):
                    folders.append(entry.path)
                continue
            if not name.lower().endswith(DECK_SUFFIXES):
                continue
            if patterns and _excluded(entry.path, _relative(entry.path, base), name, patterns):
                continue
            try:
                regular = entry.is_file()  # from the directory entry's type: no stat for plain files
            except OSError:
                regular = False
            if regular and name.lower().endswith(WALK_CHECKED_SUFFIXES) and not _is_decklist(entry.path):
                skipped.append(entry.path)
                continue
            out.append(entry.path)
            if not regular:
                reason = is_special(entry.path)
                if reason:
                    special[entry.path] = reason
        pending.extend(reversed(folders))  # the first folder is searched next


def _is_decklist(path: str) -> bool:
    """Whether a file found in a folder is a decklist by its content (a .txt may be notes or a README)."""
    try:
        return looks_like_decklist(read_head(path), path)
    except OSError:
        return True  # reading it again fails with the real reason, reported as unreadable


def _relative(path: str, base: str) -> str:
    return os.path.relpath(path, base).replace(os.sep, "/")


class Found:
    """The decklists that paths name (in report order), the paths that do not exist, and the files found in
    folders that plainly are no decklist (a README.txt: skipped). (A plain class: a dataclass would cost every
    start about half a millisecond.)"""

    __slots__ = ("sources", "missing", "skipped")

    def __init__(self, sources: list[Source], missing: list[str] | None = None, skipped: list[str] | None = None):
        self.sources = sources
        self.missing = missing if missing is not None else []
        self.skipped = skipped if skipped is not None else []


def find_decklists(paths: list[Path | str | Source], exclude: Sequence[str] = (),
                   force_exclude: bool = False) -> Found:
    """Every decklist (a :class:`Source`: its file and its path as shown), in a stable order; the paths that
    do not exist; the files skipped.

    A file named on the command line is taken whatever its suffix; a decklist given as data
    (standard input, a ydke link: a ``Source`` with its bytes) is taken as it is. Folders are searched
    recursively for the input formats' suffixes (parsers.DECK_SUFFIXES) in name order (files and folders at one level
    sorted together by name, folders entered after the files of their level), skipping hidden
    files and folders (``.github/``, ``.pre-commit-config.yaml``) and names matching an
    ``exclude`` glob (matched against the path relative to the searched folder, and against the
    bare name). Anything found that is not a regular file is still returned, to be reported as
    ``unreadable`` rather than stop the run: a broken symlink fails when read; a pipe, socket,
    device or a folder that cannot be listed must not be opened at all: its ``Source`` says why
    (``problem``). A .txt or YAML file found in a folder that is plainly not a decklist
    (parsers.looks_like_decklist) is left out and its path put into ``skipped``; named on the
    command line it is read all the same, unless ``force_exclude`` (pre-commit and other tools that
    name every changed file, as ruff's ``--force-exclude``): then a named file is taken only as a
    folder search would take it (a decklist suffix, not excluded, not plainly something else). An
    empty path names nothing (it is missing), never the current folder. The order is the report
    order of machine formats (JSON, CSV, …).
    """
    patterns = tuple(exclude)
    special: dict[str, str] = {}  # path as shown → why it must not be opened
    skipped: list[str] = []
    found: list[tuple[Path | str, str]] = []
    given: dict[str, Source] = {}
    missing: list[str] = []
    seen: set[str] = set()
    for path in paths:
        if isinstance(path, Source):
            if path.shown not in seen:
                seen.add(path.shown)
                given[path.shown] = path
                found.append((path.shown, path.shown))
            continue
        shown = str(path)
        if os.path.isdir(path):
            names: list[str] = []
            walked_skips: list[str] = []
            _walk(shown, patterns, names, shown, special, walked_skips)
            if shown in (".", "./"):  # `deckcheck check .`: decks/a.ydk, not ./decks/a.ydk
                names = [n[2:] if n.startswith("./") else n for n in names]
                walked_skips = [n[2:] if n.startswith("./") else n for n in walked_skips]
                for key in [k for k in special if k.startswith("./")]:
                    special[key[2:]] = special.pop(key)
            skipped.extend(walked_skips)
            for full in names:
                if full not in seen:
                    seen.add(full)
                    found.append((full, full))  # the path as a string: a Path per file costs a batch more than it gives
        elif shown and os.path.exists(path):
            if force_exclude and not _taken_when_named(shown, patterns):
                continue
            if shown not in seen:
                seen.add(shown)
                found.append((path, shown))
                reason = is_special(path)
                if reason:
                    special[shown] = reason
        else:
            missing.append(shown)
    sources = [given[shown] if shown in given else Source(path, shown, None, special.get(shown)) for path, shown in found]
    return Found(sources, missing, skipped)


def _taken_when_named(shown: str, patterns: tuple[str, ...]) -> bool:
    """With ``force_exclude``: whether a file named on the command line is one a folder search would take."""
    name = os.path.basename(shown)
    if name.startswith(".") or not name.lower().endswith(DECK_SUFFIXES):
        return False
    if patterns and _excluded(shown, shown.replace(os.sep, "/"), name, patterns):
        return False
    return not (os.path.isfile(shown) and name.lower().endswith(WALK_CHECKED_SUFFIXES) and not _is_decklist(shown))


def is_special(path: str | Path) -> str | None:
    """Why ``path`` must not be opened (a pipe, socket or device would block or never end), else None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # opening it fails with the real reason
    return None if stat.S_ISREG(mode) else not_a_file_reason(mode)
