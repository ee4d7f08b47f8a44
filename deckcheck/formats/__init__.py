"""Formats as data: what a format is, and the one loader of format files.

A format is a YAML file: a title, a one-line description, its sources, and the options of the
rules it applies (``rules: {ID: {option: value}}``; ``false`` turns a rule off). A format may
``extends:`` another and change only what differs — a house format is three lines::

    title: Genesys, 50 points
    extends: genesys
    rules: {points-cap: {cap: 50}}

Format files come from three places: the built-in ones (``deckcheck/formats/builtin/``), the
user's (``formats/`` in the user data directory, see ``deckcheck data``), and a path given as
``--format PATH.yaml``. The id of a format is its file name without ``.yaml``. A user format
may not take the id of a built-in one. The published schema of a format file is
``schemas/format.schema.json`` (generated from the rules' option declarations).

This is the one place that knows which formats exist; the command line, the YAML decklist's
``format:`` key, ``deckcheck.toml`` and the reports all ask a :class:`FormatStore`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from types import MappingProxyType
from collections.abc import Mapping

from ..errors import FormatError
from ..limits import quoted

BUILTIN_DIR = Path(__file__).parent / "builtin"
SUFFIXES = (".yaml", ".yml")
DEFAULT_FORMAT = "tcg"
MAX_EXTENDS = 16


@dataclass(frozen=True)
class Format:
    """One format, resolved: its own keys, what it inherits, and every rule's options (None: off)."""

    id: str
    title: str
    description: str
    path: str  # where the definition lives
    origin: str  # "built-in" | "user" | "file"
    extends: tuple[str, ...]  # the formats it builds on, nearest first
    region: str | None  # the region whose dates its lists' `effective` gives (--region picks another)
    sources: tuple[str, ...]
    notes: tuple[str, ...]
    rules: Mapping[str, Mapping | None]  # rule ID → options, or None when the rule is off
    # the deck rules of earlier days: (from, until, rule options over `rules`, source), each [from, until)
    eras: tuple[tuple[date | None, date | None, Mapping, str], ...] = ()

    def on(self, day: date) -> Format:
        """The format as it was on ``day``: the rules of every era that covers the day, over its own."""
        from .loader import resolve_rules

        rules = self.rules
        for _, _, options, _ in self.eras_on(day):
            rules = resolve_rules(options, rules, Path(self.path), {})
        return self if rules is self.rules else replace(self, rules=MappingProxyType(rules))

    def eras_on(self, day: date) -> list[tuple[date | None, date | None, Mapping, str]]:
        return [era for era in self.eras if (era[0] is None or era[0] <= day) and (era[1] is None or day < era[1])]

    def options(self, rule_id: str) -> Mapping | None:
        return self.rules.get(rule_id)

    def enabled(self, rule_id: str) -> bool:
        return self.rules.get(rule_id) is not None

    def with_options(self, rule_id: str, options: Mapping, where: str = "the command line") -> Format:
        """This format with some of a rule's options changed (``--points-cap``, ``--side-rule``)."""
        from .loader import resolve_rules

        rules = resolve_rules({rule_id: dict(options)}, self.rules, Path(where), {})
        return replace(self, rules=MappingProxyType(rules))

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "path": self.path,
            "origin": self.origin,
            "extends": list(self.extends),
            "region": self.region,
            "sources": list(self.sources),
            "notes": list(self.notes),
            "rules": {rule: jsonable(options) for rule, options in self.rules.items()},
        }


def jsonable(value):
    """A value of a format's options as JSON has it (dates as ISO text, tuples as lists)."""
    if isinstance(value, Mapping):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def is_format_path(value: str) -> bool:
    """``--format`` names a file (rather than an id) when it ends in .yaml/.yml or has a path separator."""
    return value.lower().endswith(SUFFIXES) or os.sep in value or "/" in value


def _files_in(folder: Path | None) -> dict[str, Path]:
    """The format files of a folder by id (the file's name in lower case, without .yaml/.yml): regular
    files only (a dangling link, a pipe or a folder so named is no format file), the first of a name."""
    if folder is None:
        return {}
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return {}
    found: dict[str, Path] = {}
    for name in names:
        if name.lower().endswith(SUFFIXES) and not name.startswith("."):
            path = folder / name
            if os.path.isfile(path):
                found.setdefault(name.rsplit(".", 1)[0].lower(), path)
    return found


class FormatStore:
    """The built-in formats and the user's; loads and resolves each once."""

    def __init__(self, user_dir: Path | None = None, builtin_dir: Path = BUILTIN_DIR):
        self.builtin_dir = builtin_dir
        self.user_dir = user_dir
        self._loaded: dict[str, Format] = {}
        self._listed: dict[Path, tuple[tuple, dict[str, Path]]] = {}  # folder -> (its stamp, _files_in)

    def _files(self, folder: Path | None) -> dict[str, Path]:
        """``_files_in(folder)``, listed again only when the folder changed (a file added, removed or renamed):
        every id looked up listed and stat'ed the whole folder, so `deckcheck formats` over 5,000 user format
        files took 8 minutes (quadratic)."""
        if folder is None:
            return {}
        try:
            st = os.stat(folder)
            stamp: tuple = (st.st_ino, st.st_mtime_ns, st.st_ctime_ns)
        except OSError:
            stamp = ()
        known = self._listed.get(folder)
        if known is not None and known[0] == stamp and stamp:
            return known[1]
        found = _files_in(folder)
        self._listed[folder] = (stamp, found)
        return found

    @classmethod
    def default(cls) -> FormatStore:
        """Built-in formats and those in the user data directory's ``formats/`` folder."""
        from ..paths import data_dir

        return cls(data_dir() / "formats")

    def builtin_ids(self) -> list[str]:
        return sorted(self._files(self.builtin_dir))

    def user_ids(self) -> list[str]:
        builtin = set(self.builtin_ids())
        return [i for i in sorted(self._files(self.user_dir)) if i not in builtin]

    def ids(self) -> list[str]:
        """Every format id: the built-in ones, then the user's."""
        return self.builtin_ids() + self.user_ids()

    def knows(self, format_id: str) -> bool:
        return format_id in self.ids()

    def _file_of(self, format_id: str) -> tuple[Path, str] | None:
        shadow = self._files(self.user_dir).get(format_id)
        if shadow is not None and format_id in self._files(self.builtin_dir):  # the README: an error, never ignored
            raise FormatError(f"{shadow}: a user format cannot take the id of the built-in format "
                              f"{quoted(format_id)}; rename the file")
        for folder, origin in ((self.builtin_dir, "built-in"), (self.user_dir, "user")):
            path = self._files(folder).get(format_id)
            if path is not None:
                return path, origin
        return None

    def get(self, format_id: str) -> Format:
        """A format by id (case-insensitive); FormatError naming the known ids when there is none."""
        key = format_id.strip().lower()
        if key in self._loaded:
            return self._loaded[key]
        found = self._file_of(key)
        if found is None:
            raise FormatError(f"unknown format {quoted(format_id)}; choose one of: {', '.join(self.ids())}"
                              " (or give a format file: --format PATH.yaml; see: deckcheck formats)")
        fmt = self._load(found[0], found[1], key, ())
        self._loaded[key] = fmt
        return fmt

    def load_path(self, path: Path) -> Format:
        """A format file named on the command line."""
        path = Path(path)
        key = f"file:{os.path.abspath(path)}"
        if key in self._loaded:
            return self._loaded[key]
        if not os.path.isfile(path):
            raise FormatError(f"{path}: no such format file")
        fmt = self._load(path, "file", path.name.rsplit(".", 1)[0].lower(), ())
        self._loaded[key] = fmt
        return fmt

    def resolve(self, value: str) -> Format:
        """``--format`` / ``format:`` / ``format =``: an id, or a path to a format file."""
        return self.load_path(Path(value)) if is_format_path(value) else self.get(value)

    def all(self) -> list[Format]:
        return [self.get(i) for i in self.ids()]

    def lists_region(self, folder: str) -> str | None:
        """The region whose dates a folder of lists keeps (the region of the built-in format that is judged by
        them: ``jp`` for ``ocg``); None for a folder no such format names."""
        formats = sorted((self.get(i) for i in self.builtin_ids()), key=lambda fmt: bool(fmt.extends))  # roots first
        for fmt in formats:
            named = ((fmt.options("banlist") or {}).get("lists"), (fmt.options("points-cap") or {}).get("lists"),
                     (fmt.options("card-pool") or {}).get("whitelist"))
            if fmt.region and folder in named:
                return fmt.region
        return None

    def _load(self, path: Path, origin: str, format_id: str, seen: tuple[str, ...]) -> Format:
        from .loader import read_format_file, resolve_rules

        if str(path) in seen:
            chain = " → ".join(Path(p).name for p in seen + (str(path),))
            raise FormatError(f"{seen[-1]}: extends: the formats extend each other in a circle ({chain})")
        if len(seen) > MAX_EXTENDS:
            raise FormatError(f"{seen[0]}: extends: a chain of more than {MAX_EXTENDS} formats, each extending the "
                              f"next ({Path(seen[0]).name} → … → {path.name}); extend a format nearer the root")
        if not path.name.lower().endswith(SUFFIXES):  # a file that is no format file is never read: its first
            raise FormatError(f"{path}: a format file is a .yaml or .yml file")  # line was echoed
        raw, lines = read_format_file(path)
        parent: Format | None = None
        if "extends" in raw:
            base = raw["extends"]
            if is_format_path(base):
                base_path = (path.parent / base).resolve()
                if not os.path.isfile(base_path):
                    raise FormatError(f"{path}:{lines.get('extends', '?')}: extends: no such file {base_path}")
                parent = self._load(base_path, "file", base_path.name.rsplit(".", 1)[0].lower(), seen + (str(path),))
            else:
                found = self._file_of(base.strip().lower())
                if found is None:
                    raise FormatError(f"{path}:{lines.get('extends', '?')}: extends: unknown format {quoted(base)}; "
                                      f"choose one of: {', '.join(self.ids())}")
                parent = self._load(found[0], found[1], base.strip().lower(), seen + (str(path),))
        rules = resolve_rules(raw.get("rules") or {}, parent.rules if parent else None, path, lines)
        eras = parent.eras if parent and "eras" not in raw else tuple(
            (_day(era.get("from")), _day(era.get("until")), MappingProxyType(dict(era["rules"])), era["source"])
            for era in raw.get("eras") or ())
        for _, _, options, _ in eras:  # every era's options are checked when the file is read
            resolve_rules(options, rules, path, {k.replace("eras/", "", 1): v for k, v in lines.items()})
        return Format(
            id=format_id,
            title=raw.get("title") or format_id,
            description=raw.get("description") or (f"{parent.description} (changed by {path.name})" if parent else ""),
            path=str(path),
            origin=origin,
            extends=((parent.id,) + parent.extends) if parent else (),
            region=raw.get("region") or (parent.region if parent else None),
            sources=tuple(parent.sources if parent else ()) + tuple(raw.get("sources") or ()),
            notes=tuple(parent.notes if parent else ()) + tuple(raw.get("notes") or ()),
            rules=MappingProxyType(rules),
            eras=eras,
        )
