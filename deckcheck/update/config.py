"""The user's config file for `deckcheck update` (TOML).

Location: ``DECKCHECK_CONFIG`` if set, else ``config.toml`` in the platform's user config
directory (``$XDG_CONFIG_HOME/deckcheck/config.toml``, usually ``~/.config/deckcheck/config.toml``
on Linux; ``~/Library/Application Support/deckcheck/config.toml`` on macOS;
``%LOCALAPPDATA%\\deckcheck\\config.toml`` on Windows)::

    [update]
    cards_url = "https://db.ygoprodeck.com/api/v7/"      # YGOPRODeck API v7 or a mirror of it
    lists_url = "https://raw.githubusercontent.com/DawnbrandBots/yaml-yugi-limit-regulation/master/data/"
    timeout = 30      # seconds, per connection attempt and per read; a whole download may take 30 times this
    retries = 3       # extra attempts after a failure that may pass (timeouts, HTTP 429/5xx)

Command-line options win over the file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..limits import quoted

MIN_TIMEOUT, MAX_TIMEOUT = 0.1, 3600.0
MAX_RETRIES = 10


def timeout_problem(value) -> str | None:
    """Why ``value`` is no timeout in seconds (inf, nan, 0, -1, an hour and more), or None."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value != value:
        return f"must be a number of seconds, not {quoted(value)}"
    if not MIN_TIMEOUT <= value <= MAX_TIMEOUT:
        return f"must be from {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g} seconds, not {quoted(value)}"
    return None


KEYS: dict[str, type | tuple[type, ...]] = {"cards_url": str, "lists_url": str, "timeout": (int, float), "retries": int}


class ConfigError(ValueError):
    pass


def config_path() -> Path:
    override = os.environ.get("DECKCHECK_CONFIG")
    if override:
        return Path(override).expanduser()
    from ..cache import user_dir

    return user_dir("config") / "config.toml"


def load_config(path: Path | None = None) -> tuple[dict, Path]:
    """The ``[update]`` settings of the config file (empty when there is no file)."""
    path = path or config_path()
    from ..reading import Unreadable, read_file

    try:
        data = read_file(path, 1024 * 1024)
    except Unreadable as exc:
        if exc.missing:
            return {}, path
        raise ConfigError(f"{path}: cannot read the config file: {exc}") from None
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not a valid TOML config file: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not a valid TOML config file: nested too deeply") from None
    section = doc.get("update", {})
    if not isinstance(section, dict):
        raise ConfigError(f"{path}: [update] must be a table")
    out = {}
    for key, value in section.items():
        name = key.replace("-", "_")
        if name not in KEYS:
            raise ConfigError(f"{path}: unknown key {quoted(key)} in [update] (known: {', '.join(KEYS)})")
        if not isinstance(value, KEYS[name]) or isinstance(value, bool):
            raise ConfigError(f"{path}: [update] {key} has the wrong type")
        if name == "timeout" and timeout_problem(value):
            raise ConfigError(f"{path}: [update] timeout: {timeout_problem(value)}")
        if name == "retries" and isinstance(value, int) and not 0 <= value <= MAX_RETRIES:
            raise ConfigError(f"{path}: [update] retries must be from 0 to {MAX_RETRIES}, not {value}")
        out[name] = value
    return out, path
