"""Where the data comes from: the bundled card index and lists, or the ones `deckcheck update` installed.

The single place commands get data from. The rule: the downloaded card index when it is
present, intact and at least as new as the bundled one, else the bundled index; downloaded
list files are an extra root ahead of the bundled lists (a downloaded file wins over a
bundled one of the same format and date; the dated history of both is kept).

Start-up cost when nothing was downloaded: one failed ``open`` of ``state.json`` in the data
directory. Nothing here imports requests or parses anything bigger than ``state.json``
beyond the index that is actually used.

Data directory: ``DECKCHECK_DATA_DIR``, else the platform's user data directory
(``$XDG_DATA_HOME/deckcheck`` or ``~/.local/share/deckcheck`` on Linux).
"""

from __future__ import annotations

import json
import os
import sys
import weakref
from datetime import date
from pathlib import Path

from .banlists import Banlist, BanlistStore, bundled_banlists_dir
from .carddb import MAIN_INDEX, OTHER_INDEX, CardIndex, DataError

STATE_FILE = "state.json"
LISTS_DIR = "banlists"
STALE_CARDS_DAYS = 60  # new cards arrive every few weeks
STALE_LIST_DAYS = 100  # OCG lists every 3 months, TCG lists every 3-5 months

_origins: "weakref.WeakKeyDictionary[CardIndex, dict]" = weakref.WeakKeyDictionary()
_state_cache: dict[Path, dict | None] = {}
_warned: set[str] = set()


def data_dir() -> Path:
    """Where `deckcheck update` installs data (created only by the update)."""
    override = os.environ.get("DECKCHECK_DATA_DIR")
    if override:
        return Path(override).expanduser()
    from .cache import user_dir

    return user_dir("data")


def read_state(root: Path | None = None) -> dict | None:
    """The update's record of what it installed (``state.json``), or None when nothing was."""
    root = root or data_dir()
    if root in _state_cache:
        return _state_cache[root]
    try:
        state = json.loads((root / STATE_FILE).read_bytes())
        if not isinstance(state, dict):
            state = None
    except FileNotFoundError:
        state = None
    except (OSError, ValueError):
        state = {"damaged": True}
    _state_cache[root] = state
    return state


def forget_state() -> None:
    """Drop the per-process memo of ``state.json`` (after an update installed new data)."""
    _state_cache.clear()


def _warn(message: str) -> None:
    if message in _warned:
        return
    _warned.add(message)
    print(f"deckcheck: warning: {message}", file=sys.stderr)


def bundled_date(cards: CardIndex) -> str | None:
    dates = [s.get("date") for s in cards.sources if s.get("date")]
    return max(dates) if dates else None


def _bundled_stamp() -> list[int] | None:
    try:
        st = MAIN_INDEX.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _downloaded_choice(root: Path, state: dict) -> tuple[Path | None, str | None]:
    """The downloaded index file if it is present and intact, else None and why not."""
    cards = state.get("cards")
    if not isinstance(cards, dict) or not cards.get("file"):
        return None, None
    path = root / str(cards["file"])
    if path.parent != root:
        return None, f"{root / STATE_FILE} names a card file outside the data directory"
    try:
        size = path.stat().st_size
    except OSError:
        return None, f"downloaded card data {path} is missing"
    if size != cards.get("size"):
        return None, f"downloaded card data {path} is damaged ({size} bytes, expected {cards.get('size')})"
    return path, None


def load_cards() -> CardIndex:
    """The card index to judge with: downloaded if present, intact and not older than the bundled one."""
    root = data_dir()
    state = read_state(root)
    if state is None:
        return _remember(CardIndex.load(), {"origin": "bundled"})
    if state.get("damaged"):
        _warn(f"{root / STATE_FILE} is unreadable; using the bundled data (run 'deckcheck update' to repair)")
        return _remember(CardIndex.load(), {"origin": "bundled", "note": f"{root / STATE_FILE} is unreadable"})
    path, problem = _downloaded_choice(root, state)
    if path is None:
        if problem:
            _warn(f"{problem}; using the bundled card data (run 'deckcheck update' to repair)")
        return _remember(CardIndex.load(), {"origin": "bundled", **({"note": problem} if problem else {})})
    record = state["cards"]
    downloaded_date = record.get("date") or ""
    known = record.get("bundled") or {}
    bundled = None
    if known.get("stamp") == _bundled_stamp() and known.get("date"):
        newer_bundled = known["date"] > downloaded_date
    else:  # deckcheck was upgraded since the update: compare with the new bundled data
        bundled = CardIndex.load()
        newer_bundled = (bundled_date(bundled) or "") > downloaded_date
    if newer_bundled:
        note = f"the bundled card data is newer than the downloaded data of {downloaded_date}"
        return _remember(bundled or CardIndex.load(), {"origin": "bundled", "note": note})
    try:
        index = CardIndex(path, OTHER_INDEX)
    except DataError as exc:
        _warn(f"{exc}; using the bundled card data (run 'deckcheck update' to repair)")
        return _remember(bundled or CardIndex.load(), {"origin": "bundled", "note": str(exc)})
    info = {
        "origin": record.get("origin") or "downloaded",
        "path": str(path),
        "date": downloaded_date,
        "installed": record.get("installed"),
        "source": record.get("source") or {},
    }
    return _remember(index, info)


def _remember(index: CardIndex, info: dict) -> CardIndex:
    _origins[index] = info
    return index


def load_store() -> BanlistStore:
    """Every list: downloaded ones (if an update installed any) ahead of the bundled ones."""
    root = data_dir()
    state = read_state(root)
    if state and isinstance(state.get("lists"), dict):
        return BanlistStore([root / LISTS_DIR, bundled_banlists_dir()])
    return BanlistStore()


def list_origin(banlist: Banlist) -> str:
    state = read_state()
    if state and isinstance(state.get("lists"), dict):
        try:
            banlist.path.relative_to(data_dir() / LISTS_DIR)
            return "downloaded"
        except ValueError:
            pass
    return "bundled"


def cards_info(cards: CardIndex) -> dict:
    info = _origins.get(cards) or {"origin": "bundled"}
    built = bundled_date(cards)
    out = {"origin": info["origin"], "built": built, "cards": len(cards), "sources": cards.sources}
    for key in ("date", "installed", "path", "source", "note"):
        if info.get(key):
            out[key] = info[key]
    if info["origin"] != "bundled" and info.get("date"):
        out["built"] = info["date"]
    return out


def run_data_info(cards: CardIndex, banlist: Banlist | None) -> dict:
    return {
        "cards": cards_info(cards),
        "banlist": {"name": banlist.name, "path": str(banlist.path), "source": banlist.source,
                    "origin": list_origin(banlist)} if banlist else None,
    }


def _age(day: str | None, today: date) -> int | None:
    try:
        return (today - date.fromisoformat(str(day)[:10])).days
    except ValueError:
        return None


def describe(cards: CardIndex, store: BanlistStore, today: date) -> dict:
    """What `deckcheck data` reports: the card data and lists in use, their ages, and whether to update."""
    lists = store.all()
    newest: dict[str, Banlist] = {}
    in_force: dict[str, Banlist] = {}
    for b in sorted(lists, key=lambda b: b.effective):
        newest[b.format] = b
        if b.effective <= today:
            in_force[b.format] = b
    info = cards_info(cards)
    info["age_days"] = _age(info.get("built"), today)
    root = data_dir()
    state = read_state(root) or {}
    hints = []
    if info["age_days"] is not None and info["age_days"] > STALE_CARDS_DAYS:
        hints.append(f"the card data is {info['age_days']} days old")
    for fmt, b in sorted(newest.items()):
        age = (today - b.effective).days
        if age > STALE_LIST_DAYS:
            hints.append(f"the newest {fmt.upper()} list took effect {age} days ago")
    last_check = (state.get("lists") or {}).get("checked") or (state.get("cards") or {}).get("checked")
    return {
        "cards": info,
        "banlists": {
            "roots": [str(r) for r in store.roots],
            "count": len(lists),
            "in_force": sorted(b.name for b in in_force.values()),
            "newest": {
                f: {"name": b.name, "effective": b.effective.isoformat(), "age_days": (today - b.effective).days,
                    "origin": list_origin(b), "path": str(b.path)}
                for f, b in sorted(newest.items())
            },
        },
        "update": {
            "data_dir": str(root),
            "installed": bool(state.get("cards") or state.get("lists")),
            "last_update": state.get("updated"),
            "last_check": last_check,
            "lists_source": (state.get("lists") or {}).get("source"),
            "hint": f"run 'deckcheck update' for newer data: {', '.join(hints)}" if hints else None,
        },
    }
