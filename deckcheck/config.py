"""A deck repository's defaults for ``deckcheck check``: ``deckcheck.toml`` or ``[tool.deckcheck]``.

    # deckcheck.toml                      # or, in pyproject.toml: [tool.deckcheck]
    format = "tcg"                        # a format id (deckcheck formats) or a format file
    banlist = "2026.05 TCG"               # a list by name …
    as-of = 2026-06-01                    # … or the list in force on a date (TOML date or "YYYY-MM-DD")
    region = "amer"
    points-cap = 100                      # a points format's cap (Genesys), as --points-cap
    paths = ["decks/"]                    # what `deckcheck check` with no paths checks
    exclude = ["decks/drafts/*", "*.bak.ydk"]   # globs skipped when searching folders: with a /,
                                          # relative to this file's folder; without, a name anywhere
    output-format = "github"              # text | json | junit | sarif | github | csv | html

    [decklist]                            # deckcheck decklist: the registration sheet's fields
    player = "Jane Doe"                   # or first-name / last-name; "Last, First" works too
    konami-id = "0301234567"              # a string: its leading zeros are kept
    country = "Germany"
    event = "Regional Qualifier, Berlin"
    date = 2026-06-14
    lang = "de"                           # card names in this language
    font = "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"   # for names the shipped font lacks

Found by looking in the current folder, then each parent folder up to the root: the first
folder with a ``deckcheck.toml``, or a ``pyproject.toml`` that has a ``[tool.deckcheck]``
table, wins (``deckcheck.toml`` first in the same folder). ``--config FILE`` names one;
``--no-config`` ignores them. Paths in the file are relative to the file's folder.
Options on the command line win over the file, key by key; ``--banlist`` or ``--as-of`` on the
command line replaces both ``banlist`` and ``as-of`` of the file (they are two ways to pick a list).
Unknown keys are an error (exit 2), so a typo never passes silently. Keys may be spelt with
``-`` or ``_``.
"""

from __future__ import annotations

import os
import re
import sys
from datetime import date
from pathlib import Path

from .errors import ConfigError
from .limits import quoted
from .report import OUTPUT_FORMATS

CONFIG_NAME = "deckcheck.toml"


class Config:
    """What a configuration file sets: None or empty where it sets nothing. (A plain class: a dataclass would
    cost every start about 2.5 M instructions.)"""

    __slots__ = ("source", "format", "banlist", "as_of", "region", "paths", "exclude", "output_format", "points_cap",
                 "decklist")

    def __init__(self, source: Path | None = None):
        self.source = source  # the file it came from; None: no file
        self.format: str | None = None
        self.banlist: str | None = None
        self.as_of: date | None = None
        self.region: str | None = None
        self.paths: list[Path] = []
        self.exclude: list[str] = []
        self.output_format: str | None = None
        self.points_cap: int | None = None  # a points format's cap (Genesys), as --points-cap
        self.decklist: dict = {}  # the [decklist] table: registration fields, lang, font


DECKLIST_KEYS = ("player", "first_name", "last_name", "konami_id", "country", "event", "date", "lang", "font")


MAX_CONFIG_BYTES = 1024 * 1024  # a configuration file is a few lines (a pyproject.toml a few hundred)


def _load_toml(path: Path) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib

    from .reading import Unreadable, read_file

    try:
        return tomllib.loads(read_file(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except Unreadable as exc:
        raise ConfigError(f"{path}: cannot read the file: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: not UTF-8 text (byte offset {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML: nested too deeply") from None


def find_config(start: Path | None = None) -> tuple[Path, dict] | None:
    """The nearest configuration file from ``start`` (the current folder) upwards, and its table."""
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        own = candidate / CONFIG_NAME
        if os.path.lexists(own) and not own.is_dir():  # a pipe or a broken link named so is an error, not ignored
            return own, _load_toml(own)
        pyproject = candidate / "pyproject.toml"
        if os.path.isfile(pyproject) and _has_deckcheck_table(pyproject):
            table = _pyproject_table(pyproject)
            if table is not None:
                return pyproject, table
    return None


# a [tool.deckcheck] table (or a dotted tool.deckcheck key) in a file that is not valid TOML; compiled when one is met
_DECKCHECK_TABLE = rb"^[ \t]*\[[ \t]*tool[ \t]*\.[ \t]*deckcheck[ \t]*[\].]|^[ \t]*tool[ \t]*\.[ \t]*deckcheck[ \t]*[.=]"


def _pyproject_table(path: Path) -> dict | None:
    """The ``[tool.deckcheck]`` table of a pyproject.toml; None when it has none. A file that cannot be read
    is someone else's to judge, unless it holds deckcheck's table: then ignoring it would judge the decks
    by the wrong settings (an OCG repository as TCG), so it is an error."""
    try:
        table = _load_toml(path).get("tool", {}).get("deckcheck")
    except ConfigError as exc:
        try:
            ours = re.search(_DECKCHECK_TABLE, path.read_bytes(), re.MULTILINE) is not None
        except OSError:
            ours = False
        if ours:
            raise ConfigError(f"{exc} (it has a [tool.deckcheck] table, so deckcheck cannot ignore it)") from None
        return None
    return table if isinstance(table, dict) else None


def _has_deckcheck_table(path: Path) -> bool:
    """Whether a pyproject.toml has a ``[tool.deckcheck]`` table, remembered in the cache while the file is
    unchanged: most projects' files have none, and need not be parsed on every start."""
    from .cache import memoized

    found = memoized("pyproject", path, lambda: {"table": _pyproject_table(path) is not None},
                     valid=lambda value: isinstance(value, dict) and isinstance(value.get("table"), bool))
    return found["table"]


def load_config(path: Path) -> tuple[Path, dict]:
    """An explicitly named file: deckcheck.toml-style, or a pyproject.toml's [tool.deckcheck]."""
    table = _load_toml(path)
    if path.name == "pyproject.toml" or ("tool" in table and "deckcheck" in table.get("tool", {})):
        table = table.get("tool", {}).get("deckcheck")
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: no [tool.deckcheck] table")
    return path, table


def _string(source: Path, key: str, value) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{source}: {key} must be a non-empty string, not {quoted(value)}")
    return value.strip()


def _strings(source: Path, key: str, value) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{source}: {key} must be a list of strings")
    return list(value)


def parse_config(source: Path, table: dict) -> Config:
    config = Config(source=source)
    base = source.parent
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key == "format":
            config.format = _format(source, raw_key, _string(source, raw_key, value))
        elif key == "banlist":
            config.banlist = _string(source, raw_key, value)
        elif key == "as_of":
            if isinstance(value, date) and not hasattr(value, "hour"):
                config.as_of = value
            else:
                text = _string(source, raw_key, value)
                try:
                    config.as_of = date.fromisoformat(text)
                except ValueError:
                    raise ConfigError(f"{source}: {raw_key} {quoted(text)} is not a date (YYYY-MM-DD)") from None
        elif key == "region":
            config.region = _string(source, raw_key, value)
        elif key == "paths":
            config.paths = [_relative(base / p) for p in _strings(source, raw_key, value)]
        elif key == "exclude":
            config.exclude = [_anchored(source, pattern) for pattern in _strings(source, raw_key, value)]
        elif key == "output_format":
            value = _string(source, raw_key, value).lower()
            if value not in OUTPUT_FORMATS:
                raise ConfigError(f"{source}: {raw_key} must be one of {', '.join(OUTPUT_FORMATS)}, not {quoted(value)}")
            config.output_format = value
        elif key == "points_cap":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"{source}: {raw_key} must be a whole number of points, 0 or more, not {quoted(value)}")
            config.points_cap = value
        elif key == "decklist":
            config.decklist = _decklist(source, raw_key, value)
        else:
            known = "format, banlist, as-of, region, points-cap, paths, exclude, output-format, [decklist]"
            raise ConfigError(f"{source}: unknown key {quoted(raw_key)} (known: {known})")
    return config


def _decklist(source: Path, key: str, table) -> dict:
    """The [decklist] table: text values, the date a TOML date or ISO text, the font a path from the file's folder."""
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: {key} must be a table ([decklist])")
    found = {}
    for raw_key, value in table.items():
        name = raw_key.replace("-", "_")
        where = f"{key}.{raw_key}"
        if name not in DECKLIST_KEYS:
            known = ", ".join(k.replace("_", "-") for k in DECKLIST_KEYS)
            raise ConfigError(f"{source}: unknown key {quoted(where)} (known: {known})")
        if name == "date" and isinstance(value, date) and not hasattr(value, "hour"):
            found[name] = value.isoformat()
            continue
        if name == "konami_id" and isinstance(value, int) and not isinstance(value, bool):
            raise ConfigError(f"{source}: {where} must be a string (konami-id = \"0301234567\"), so that its "
                              "leading zeros are kept")
        text = " ".join(_string(source, where, value).split())
        if name == "date":
            try:
                text = date.fromisoformat(text).isoformat()
            except ValueError:
                raise ConfigError(f"{source}: {where} {quoted(text)} is not a date (YYYY-MM-DD)") from None
        elif name == "konami_id" and not (text.isascii() and text.isdigit() and len(text) <= 10):
            raise ConfigError(f"{source}: {where} {quoted(text)} is not a KONAMI ID (up to 10 digits)")
        elif name == "font":
            text = str(_relative(source.parent / Path(text).expanduser()))
        found[name] = text
    return found


def _format(source: Path, key: str, value: str) -> str:
    """A format id the format store knows, or a format file (relative to the config file)."""
    from .formats import FormatStore, is_format_path

    if is_format_path(value):
        path = _relative(source.parent / value)
        if not os.path.isfile(path):
            raise ConfigError(f"{source}: {key}: no such format file {path}")
        return str(path)
    store = FormatStore.default()
    if not store.knows(value.lower()):
        raise ConfigError(f"{source}: {key} must be one of {', '.join(store.ids())} (or a format file), not {quoted(value)}")
    return value.lower()


def _anchored(source: Path, pattern: str) -> str:
    """An ``exclude`` glob of a config file: with a ``/``, relative to the file's folder (as ruff and pytest
    take them), made absolute; without one, a file or folder name anywhere ("*.bak.ydk", "drafts")."""
    pattern = pattern.replace("\\", "/")
    if "/" not in pattern.rstrip("/"):
        return pattern.rstrip("/")
    while pattern.startswith(("./", "/")):
        pattern = pattern[2:] if pattern.startswith("./") else pattern[1:]
    return f"{source.parent.resolve().as_posix().rstrip('/')}/{pattern}"


def _relative(path: Path) -> Path:
    """A path as short as the user would write it: relative to the current folder when inside it."""
    try:
        return Path(os.path.relpath(path))
    except ValueError:  # another drive (Windows)
        return path


def resolve_config(explicit: Path | None = None, disabled: bool = False, start: Path | None = None) -> Config:
    if disabled:
        return Config()
    if explicit is not None:
        return parse_config(*load_config(explicit))
    found = find_config(start)
    return parse_config(*found) if found else Config()
