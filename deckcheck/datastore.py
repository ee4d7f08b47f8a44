"""Where the data comes from: the bundled card index and lists, or the ones `deckcheck update` installed.

The single place commands get data from. An update installs one *generation*: a folder
``generations/<n>/`` holding the card index (``cards.jsonl``) and the downloaded lists
(``banlists/<format>/<date>.yaml``), complete before ``state.json`` names it. Only what
``state.json`` names is ever read, so the data in use is always one update's whole set, or the
one before it, never a mix. The rule: the downloaded card index when it is present, intact
(its size and sha256 as recorded) and at least as new as the bundled one, else the bundled
index; the generation's lists are an extra root ahead of the bundled lists (a downloaded file
wins over a bundled one of the same format and date; the dated history of both is kept).

``state.json`` is checked on every read (its schema, the types of every field, dates not in the
future, text that can be shown); anything wrong means the bundled data, with one warning (in
``LoadedData.warnings``: nothing here prints). The
card file's sha256 is checked once per change of the file: ``state.json`` records the file's
stamp (size, modification and change times, inode) as installed, and a file with another stamp
is hashed once and the verdict memoized in the cache (see cache.py) under the new stamp.

Start-up cost when nothing was downloaded: one failed ``open`` of ``state.json`` in the data
directory. Nothing here imports requests or parses anything bigger than ``state.json``
beyond the index that is actually used.

Data directory: ``DECKCHECK_DATA_DIR``, else the platform's user data directory
(``$XDG_DATA_HOME/deckcheck`` or ``~/.local/share/deckcheck`` on Linux).
"""

from __future__ import annotations

import json
import os
import re
import weakref
from datetime import date, timedelta
from pathlib import Path

from .banlists import Banlist, BanlistStore, bundled_banlists_dir, folder_title, in_force, staleness
from .cache import file_stamp
from .carddb import MAIN_INDEX, OTHER_INDEX, CardIndex
from .errors import DataError
from .paths import data_dir
from .rushdb import RUSH_INDEX, RushIndex

STATE_FILE = "state.json"
SCHEMA = 2
GENERATIONS = "generations"
CARDS_FILE = "cards.jsonl"
LISTS_DIR = "banlists"
STALE_CARDS_DAYS = 60  # new cards arrive every few weeks
MAX_STATE_BYTES = 1024 * 1024
MAX_CARDS_FACTOR = 4  # a downloaded index more than 4 times the size of the bundled one is not read
MAX_TEXT = 1000

LOADED_MEMO = 4  # card indexes kept per process (one per data directory in use, as a rule)

_origins: weakref.WeakKeyDictionary[CardIndex, dict] = weakref.WeakKeyDictionary()
_state_cache: dict[Path, dict | None] = {}
_card_verdicts: dict[Path, tuple[tuple[int, ...] | None, tuple[Path | None, str | None]]] = {}  # root -> (card file stamp, verdict)
_seen: dict[Path, tuple] = {}  # data directory -> the stamp its state and verdict memos were made under
_loaded: dict[tuple, tuple[CardIndex, tuple[str, ...]]] = {}  # (data dir, cards stamp) -> the index chosen, its warnings
_data: dict[Path, LoadedData] = {}  # data directory -> what load_data gave last


# ------------------------------------------------------------------------------------------- state.json

# patterns compiled on first use (re.fullmatch): only a state.json an update wrote is checked with them
_TIMESTAMP = r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"
_DAY = r"\d{4}-\d{2}-\d{2}"
_SHA256 = r"[0-9a-f]{64}"
LIST_FILE = re.compile(r"[a-z0-9_-]{1,20}/\d{4}-\d{2}-\d{2}\.yaml")  # a list's path inside a generation


def _int(value, low: int = 0, high: int = 2**63) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def _day(value, latest: date) -> bool:
    if not isinstance(value, str) or not re.fullmatch(_DAY, value):
        return False
    try:
        return date.fromisoformat(value) <= latest
    except ValueError:
        return False


def _flat(value) -> bool:
    """A source record: text keys, and values that are short printable text, numbers, booleans or null."""
    return isinstance(value, dict) and len(value) <= 20 and all(
        isinstance(k, str) and (v is None or isinstance(v, (bool, float)) or _int(v, -2**63)
                                or isinstance(v, str) and len(v) <= MAX_TEXT)
        for k, v in value.items())


def _text_ok(value, depth: int = 0) -> bool:
    """Every piece of text in ``value`` can be shown as it is (printable, bounded), nesting shallow."""
    if isinstance(value, str):
        return len(value) <= MAX_TEXT and value.isprintable()
    if depth > 4:
        return False
    if isinstance(value, dict):
        return all(_text_ok(k, depth + 1) and _text_ok(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_text_ok(v, depth + 1) for v in value)
    return True


def state_problem(state, today: date | None = None) -> str | None:
    """Why ``state`` (a parsed ``state.json``) cannot be trusted, or None when it can."""
    from . import clock

    latest = (today or clock.today()) + timedelta(days=1)
    if not isinstance(state, dict):
        return "it is not a JSON object"
    if state.get("schema") != SCHEMA:
        return "it was written by another version of deckcheck"
    if not _text_ok(state):
        return "it has text that cannot be shown, or is nested too deeply"
    generation = state.get("generation")
    if generation is not None and not _int(generation, 1, 10**9):
        return "generation is not a positive integer"
    if state.get("updated") is not None and not (isinstance(state["updated"], str) and re.fullmatch(_TIMESTAMP, state["updated"])):
        return "updated is not a time stamp"
    cards, lists = state.get("cards"), state.get("lists")
    if (cards is not None or lists is not None) and generation is None:
        return "it names no generation"
    if cards is not None:
        if not isinstance(cards, dict):
            return "cards is not an object"
        stamp = cards.get("stamp")
        bundled = cards.get("bundled")
        checks = [
            (_int(cards.get("size"), 1), "cards.size is not a positive integer"),
            (isinstance(cards.get("sha256"), str) and re.fullmatch(_SHA256, cards["sha256"]), "cards.sha256 is not a sha256"),
            (stamp is None or isinstance(stamp, list) and len(stamp) == 4 and all(_int(v, -2**63) for v in stamp),
             "cards.stamp is not four integers"),
            (_int(cards.get("count")), "cards.count is not a number of cards"),
            (_day(cards.get("date"), latest), "cards.date is not a date, or is in the future"),
            (cards.get("origin") in ("downloaded", "imported"), "cards.origin is neither downloaded nor imported"),
            (all(cards.get(k) is None or isinstance(cards[k], str) and re.fullmatch(_TIMESTAMP, cards[k])
                 for k in ("installed", "checked")), "cards.installed or cards.checked is not a time stamp"),
            (_flat(cards.get("source")), "cards.source is not a source record"),
            (isinstance(bundled, dict) and (bundled.get("date") is None or _day(bundled["date"], latest))
             and (bundled.get("stamp") is None or isinstance(bundled["stamp"], list) and len(bundled["stamp"]) == 2
                  and all(_int(v, -2**63) for v in bundled["stamp"])), "cards.bundled is not a record of the bundled data"),
        ]
        for ok, problem in checks:
            if not ok:
                return problem
    if lists is not None:
        if not isinstance(lists, dict):
            return "lists is not an object"
        derived = lists.get("derived")
        if not _flat(lists.get("source")):
            return "lists.source is not a source record"
        if lists.get("checked") is not None and not (isinstance(lists["checked"], str) and re.fullmatch(_TIMESTAMP, lists["checked"])):
            return "lists.checked is not a time stamp"
        if not (isinstance(derived, list) and len(derived) <= 100
                and all(isinstance(p, str) and LIST_FILE.fullmatch(p) for p in derived)):
            return "lists.derived is not a list of list files (<format>/<date>.yaml)"
    return None


def read_state(root: Path | None = None) -> dict | None:
    """The update's record of what it installed (``state.json``), checked; None when nothing was
    installed, ``{"damaged": reason}`` when it cannot be trusted."""
    root = root or data_dir()
    if root in _state_cache:
        return _state_cache[root]
    state: dict | None
    from .reading import Unreadable, read_file

    try:
        data = read_file(root / STATE_FILE, MAX_STATE_BYTES)  # a FIFO or /dev/zero there never blocks a check
    except Unreadable as exc:
        if exc.missing:
            state = None
        elif "larger than" in str(exc):
            state = {"damaged": "it is implausibly large"}
        else:
            state = {"damaged": f"it cannot be read ({exc})"}
    else:
        try:
            state = json.loads(data)
        except (ValueError, RecursionError):
            state = {"damaged": "it is not valid JSON"}
        else:
            problem = state_problem(state)
            if problem:
                schema = state.get("schema") if isinstance(state, dict) else None
                state = {"damaged": problem, "schema": schema if _int(schema) else None}
    _state_cache[root] = state
    return state


def forget_state() -> None:
    """Drop the per-process memos of ``state.json`` and of the data loaded (after an update installed new data)."""
    _state_cache.clear()
    _card_verdicts.clear()
    _seen.clear()
    _loaded.clear()
    _data.clear()


def _stamp(path: Path | None) -> tuple[int, ...] | None:
    if path is None:
        return None
    try:
        return tuple(file_stamp(path.stat()))
    except OSError:
        return None


def _cards_stamp(root: Path) -> tuple:
    """What :func:`load_cards` depends on, found with three ``stat`` calls: ``state.json``, the card file it
    names and the bundled index. When ``state.json`` or the bundled index changed since ``root``'s memos
    were made (an update, in this process or another), the memos of ``root`` are dropped."""
    seen = (_stamp(root / STATE_FILE), _stamp(MAIN_INDEX))
    if _seen.get(root) != seen:
        _state_cache.pop(root, None)
        _card_verdicts.pop(root, None)
        _seen[root] = seen
    cards, _lists = installed_paths(root)
    return (*seen, _stamp(cards))


def data_stamp(root: Path | None = None) -> tuple:
    """A value that changes whenever the data :func:`load_cards` and :func:`load_store` give can have
    changed: ``state.json``, the card files, and every list folder (a list added or removed). A list
    edited in place is read again by :func:`~deckcheck.banlists.load_banlist` on its own stamp."""
    root = root or data_dir()
    cards = _cards_stamp(root)
    folders = []
    for lists in (_lists_root(root, read_state(root)), bundled_banlists_dir()):
        if lists is None:
            continue
        folders.append((str(lists), _stamp(lists)))
        try:
            folders.extend((entry.path, _stamp(Path(entry.path))) for entry in sorted(os.scandir(lists), key=lambda e: e.name)
                           if entry.is_dir())
        except OSError:
            pass
    return (*cards, tuple(folders))


def generation_dir(root: Path, state: dict | None) -> Path | None:
    """The folder of the generation a trusted ``state`` names (None when it names none)."""
    if not state or state.get("damaged") or state.get("generation") is None:
        return None
    return root / GENERATIONS / str(state["generation"])


def installed_paths(root: Path | None = None) -> tuple[Path | None, Path | None]:
    """The card file and the list folder ``state.json`` names (None for what it does not name)."""
    root = root or data_dir()
    state = read_state(root)
    folder = generation_dir(root, state)
    if folder is None or state is None:
        return None, None
    return (folder / CARDS_FILE if state.get("cards") else None), (folder / LISTS_DIR if state.get("lists") else None)


def _warn(warnings: list[str], message: str) -> None:
    if message not in warnings:
        warnings.append(message)


def _damaged_state(root: Path, state: dict, warnings: list[str]) -> str:
    problem = f"{root / STATE_FILE} cannot be trusted: {state['damaged']}"
    _warn(warnings, f"{problem}; using the bundled data (run 'deckcheck update' to repair)")
    return problem


# ------------------------------------------------------------------------------------------- cards


def open_cards(path: Path = MAIN_INDEX, other_path: Path | None = OTHER_INDEX) -> CardIndex:
    """A card index as a check reads it (the bundled one by default): with the Rush Duel index over it, opened
    on first use where it is installed (``CardIndex.rush``)."""
    return CardIndex(path, other_path, open_rush=_open_rush)


def _open_rush(cards: CardIndex) -> RushIndex | None:
    return RushIndex(cards) if RUSH_INDEX.exists() else None


def bundled_date(cards: CardIndex) -> str | None:
    dates = [s["date"] for s in cards.sources if s.get("date")]
    return max(dates) if dates else None


def _bundled_stamp() -> list[int] | None:
    try:
        st = MAIN_INDEX.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def file_sha256(path: Path) -> str:
    import hashlib

    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _installed_cards(root: Path, state: dict) -> tuple[Path | None, str | None]:
    """:func:`verified_cards`, once per process and stamp of the card file."""
    folder = generation_dir(root, state)
    stamp = _stamp(folder / CARDS_FILE) if folder is not None else None
    known = _card_verdicts.get(root)
    if known is None or known[0] != stamp:
        known = _card_verdicts[root] = (stamp, verified_cards(root, state))
    return known[1]


def _damaged_cards(problem: str, warnings: list[str]) -> None:
    _warn(warnings, f"{problem}; using the bundled card data and lists (run 'deckcheck update' to repair)")


def verified_cards(root: Path, state: dict) -> tuple[Path | None, str | None]:
    """The downloaded index file if it is present and intact, else None and why not."""
    folder = generation_dir(root, state)
    record = state.get("cards")
    if folder is None or not record:
        return None, None
    path = folder / CARDS_FILE
    try:
        st = path.stat()
    except OSError:
        return None, f"downloaded card data {path} is missing"
    if st.st_size != record["size"]:
        return None, f"downloaded card data {path} is damaged ({st.st_size} bytes, expected {record['size']})"
    bundled = _bundled_stamp()
    if bundled and st.st_size > MAX_CARDS_FACTOR * bundled[0]:
        return None, f"downloaded card data {path} is implausibly large ({st.st_size:,} bytes)"
    stamp = file_stamp(st)
    if stamp != record.get("stamp"):
        from .cache import memoized

        try:
            digest = memoized("verified", path, lambda: {"sha256": file_sha256(path)},
                              valid=lambda v: isinstance(v, dict) and isinstance(v.get("sha256"), str))["sha256"]
        except OSError:
            return None, f"downloaded card data {path} cannot be read"
        if digest != record["sha256"]:
            return None, f"downloaded card data {path} is damaged (its sha256 differs from the one recorded)"
    return path, None


class LoadedData:
    """The card index and every list to judge with, what the user should be told about them (an update
    that cannot be trusted: the bundled data is used), and the data directory and stamp they came from.
    (A plain class: a frozen dataclass would cost every start about a millisecond.)"""

    __slots__ = ("cards", "store", "warnings", "root", "stamp")

    def __init__(self, cards: CardIndex, store: BanlistStore, warnings: tuple[str, ...], root: Path, stamp: tuple):
        self.cards = cards
        self.store = store
        self.warnings = warnings
        self.root = root
        self.stamp = stamp


def load_data(root: Path | None = None) -> LoadedData:
    """The card index (:func:`load_cards`) and the lists (:func:`load_store`) of data directory ``root``, kept
    per process under the data stamp: data an update installs (here or in another process) or a list file
    added is seen by the next call, and nothing is loaded twice otherwise."""
    root = root or data_dir()
    stamp = data_stamp(root)
    known = _data.get(root)
    if known is not None and known.stamp == stamp:
        return known
    cards, warnings = _cards_of(root)
    found = list(warnings)
    store = _load_store(root, found)
    _data[root] = loaded = LoadedData(cards, store, tuple(found), root, stamp)
    return loaded


def load_cards() -> CardIndex:
    """The card index to judge with: downloaded if present, intact and not older than the bundled one."""
    return load_data().cards


def load_store() -> BanlistStore:
    """Every list: the installed generation's (if an update installed any) ahead of the bundled ones."""
    return load_data().store


def _cards_of(root: Path) -> tuple[CardIndex, tuple[str, ...]]:
    """The card index chosen, and its warnings; memoized per process under the data directory and the stamp
    of what the choice depends on, so a second call costs a few ``stat`` calls."""
    key = (root, _cards_stamp(root))
    known = _loaded.get(key)
    if known is None:
        warnings: list[str] = []
        index = _choose_cards(root, warnings)
        while len(_loaded) >= LOADED_MEMO:
            del _loaded[next(iter(_loaded))]
        known = _loaded[key] = (index, tuple(warnings))
    return known


def _choose_cards(root: Path, warnings: list[str]) -> CardIndex:
    state = read_state(root)
    if state is None:
        return _remember(open_cards(), {"origin": "bundled"})
    if state.get("damaged"):
        return _remember(open_cards(), {"origin": "bundled", "note": _damaged_state(root, state, warnings)})
    path, problem = _installed_cards(root, state)
    if path is None:
        if problem:
            _damaged_cards(problem, warnings)
        return _remember(open_cards(), {"origin": "bundled", **({"note": problem} if problem else {})})
    record = state["cards"]
    downloaded_date = record["date"]
    known = record["bundled"]
    bundled = None
    if known.get("stamp") == _bundled_stamp() and known.get("date"):
        newer_bundled = known["date"] > downloaded_date
    else:  # deckcheck was upgraded since the update: compare with the new bundled data
        bundled = open_cards()
        newer_bundled = (bundled_date(bundled) or "") > downloaded_date
    if newer_bundled:
        note = f"the bundled card data is newer than the downloaded data of {downloaded_date}"
        return _remember(bundled or open_cards(), {"origin": "bundled", "note": note})
    try:
        index = open_cards(path)
    except (DataError, RecursionError) as exc:
        _warn(warnings, f"{exc}; using the bundled card data (run 'deckcheck update' to repair)")
        return _remember(bundled or open_cards(), {"origin": "bundled", "note": str(exc)})
    info = {
        "origin": record["origin"],
        "path": str(path),
        "date": downloaded_date,
        "installed": record.get("installed"),
        "source": record["source"],
    }
    return _remember(index, info)


def _remember(index: CardIndex, info: dict) -> CardIndex:
    _origins[index] = info
    return index


# ------------------------------------------------------------------------------------------- lists


def _lists_root(root: Path, state: dict | None) -> Path | None:
    folder = generation_dir(root, state)
    return folder / LISTS_DIR if folder is not None and state and state.get("lists") else None


def _load_store(root: Path, warnings: list[str]) -> BanlistStore:
    """Every list: the installed generation's (if an update installed any) ahead of the bundled ones.
    A generation whose card file is damaged is not used at all: its lists were checked against it."""
    state = read_state(root)
    if state and state.get("damaged"):
        _damaged_state(root, state, warnings)
    lists = _lists_root(root, state)
    if lists is None:
        return BanlistStore()
    if state and state.get("cards"):
        path, problem = _installed_cards(root, state)
        if path is None:
            if problem:
                _damaged_cards(problem, warnings)
            return BanlistStore()
    return BanlistStore([lists, bundled_banlists_dir()])


def list_origin(banlist: Banlist, root: Path | None = None) -> str:
    root = root or data_dir()
    lists = _lists_root(root, read_state(root))
    if lists is not None:
        try:
            banlist.path.relative_to(lists)
            return "downloaded"
        except ValueError:
            pass
    return "bundled"


# ------------------------------------------------------------------------------------------- reports


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


def run_data_info(cards: CardIndex, banlist: Banlist | None, root: Path | None = None) -> dict:
    return {
        "cards": cards_info(cards),
        "banlist": {"name": banlist.name, "path": str(banlist.path), "source": banlist.source,
                    "origin": list_origin(banlist, root)} if banlist else None,
    }


def _age(day: str | None, today: date) -> int | None:
    try:
        return (today - date.fromisoformat(str(day)[:10])).days
    except ValueError:
        return None


def describe(cards: CardIndex, store: BanlistStore, today: date, today_of=None, root: Path | None = None) -> dict:
    """What `deckcheck data` reports: the card data and lists in use, their ages, and whether to update.
    ``today_of(folder)``: the date where a folder's lists apply (default: ``today`` for every folder)."""
    day = today_of or (lambda _folder: today)
    lists = store.all()
    newest: dict[str, Banlist] = {}
    for b in sorted(lists, key=lambda b: b.effective):
        newest[b.format] = b
    current = in_force(lists, day)
    info = cards_info(cards)
    info["age_days"] = _age(info.get("built"), today)
    root = root or data_dir()
    state = read_state(root) or {}
    if state.get("damaged"):
        state = {}
    hints = []
    if info["age_days"] is not None and info["age_days"] > STALE_CARDS_DAYS:
        hints.append(f"the card data is {info['age_days']} days old")
    for fmt in sorted(newest):
        late = staleness(store, fmt, day(fmt))
        if late:
            hints.append(f"the newest {folder_title(fmt)} list took effect {late['age_days']} days ago (each of the last "
                         f"came within {late['longest_gap_days']} days)")
    last_check = (state.get("lists") or {}).get("checked") or (state.get("cards") or {}).get("checked")
    rush = cards.rush
    rush_info = None if not isinstance(rush, RushIndex) else {
        "path": str(rush._main.path), "cards": len(rush), "built": rush.data_date,
        "age_days": _age(rush.data_date, today), "sources": rush.sources,
        "left_out": len(rush.left_out),
    }
    return {
        "cards": info,
        "rush_cards": rush_info,
        "banlists": {
            "roots": [str(r) for r in store.roots],
            "count": len(lists),
            "in_force": sorted(b.name for b in current.values()),
            "newest": {
                f: {"name": b.name, "effective": b.effective.isoformat(), "age_days": (day(f) - b.effective).days,
                    "origin": list_origin(b, root), "path": str(b.path)}
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
