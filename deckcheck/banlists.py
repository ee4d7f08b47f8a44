"""Dated Forbidden & Limited lists: finding, choosing and loading them.

A list is one YAML file ``banlists/<format>/<effective-date>.yaml`` (see banlists/README.md).
Choosing the list in force reads only file names; only the chosen file is parsed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import NamedTuple

from .errors import DataError
from .limits import quoted

STATUS_LIMITS = {"forbidden": 0, "limited": 1, "semi_limited": 2}  # the most copies of the card
STATUS_TITLES = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited", 3: "Unlimited"}
# Speed Duel: at most N cards in total from the "Limited N" group (not N copies of each).
GROUP_STATUSES = {"limited_1": 1, "limited_2": 2, "limited_3": 3}
GROUP_TITLES = {1: "Limited 1", 2: "Limited 2", 3: "Limited 3"}
# Every status a list file may give a card, in the order list files are written; "unlimited"
# entries are the cards a whitelist allows (a list with `whitelist: true` forbids every other card).
STATUSES = (*STATUS_LIMITS, *GROUP_STATUSES, "unlimited")


def _scalar(value) -> str:
    """A YAML scalar: numbers and null as they are, text double-quoted (JSON string syntax)."""
    if value is None:
        return "null"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    import json

    return json.dumps(str(value), ensure_ascii=False)


def list_file_text(comment: str, name: str, fmt: str, effective: str, entries: list[dict], *,
                   effective_by_region: dict[str, str] | None = None, aliases: list[str] | None = None,
                   source: dict[str, dict] | None = None, notes: list[str] | None = None,
                   whitelist: bool = False, released_by: str | None = None, points: list[dict] | None = None) -> str:
    """A list file as people read and edit it (the layout of every file under banlists/).

    ``entries``: ``{status, name, passcode, konami_id}`` in the order to write them, optionally with
    ``unofficial_ids`` (EDOPro's own rows of the card that the list accepts as it: GOAT-era and pre-errata
    versions); ``points``: ``{name, passcode, konami_id, points}`` for a points list (Genesys). A points list
    or a whitelist leaves out the statuses it has no card for.
    """
    lines = [f"# {comment}", f"name: {_scalar(name)}", f"format: {fmt}", f"effective: {effective}"]
    if effective_by_region:
        lines.append("effective_by_region:")
        lines += [f"  {region}: {day}" for region, day in sorted(effective_by_region.items())]
    if aliases:
        lines.append(f"aliases: [{', '.join(_scalar(a) for a in aliases)}]")
    if source:
        lines.append("source:")
        for key, value in source.items():
            lines.append(f"  {key}: {{{', '.join(f'{k}: {_scalar(v)}' for k, v in value.items())}}}")
    if notes:
        lines.append("notes:")
        lines += [f"  - {_scalar(note)}" for note in notes]
    if whitelist:
        lines.append("whitelist: true")
    if released_by:
        lines.append(f"released_by: {released_by}")
    for status in STATUSES:
        chosen = [e for e in entries if e["status"] == status]
        if not chosen and (status not in STATUS_LIMITS or whitelist or points is not None):
            continue
        lines.append(f"{status}:" if chosen else f"{status}: []")
        lines += [f"  - {_entry_text(e)}" for e in chosen]
    if points is not None:
        lines.append("points:" if points else "points: []")
        lines += [f"  - {_entry_text(e, points=True)}" for e in points]
    return "\n".join(lines) + "\n"


def _entry_text(entry: dict, points: bool = False) -> str:
    text = (f"{{name: {_scalar(entry['name'])}, passcode: {_scalar(entry['passcode'])}, "
            f"konami_id: {_scalar(entry['konami_id'])}")
    if entry.get("unofficial_ids"):
        text += f", unofficial_ids: [{', '.join(map(str, entry['unofficial_ids']))}]"
    return text + (f", points: {_scalar(entry['points'])}}}" if points else "}")


def bundled_banlists_dir() -> Path:
    """The shipped lists: inside the installed package, or at the top of a source checkout."""
    here = Path(__file__).parent
    installed = here / "banlists"
    return installed if installed.is_dir() else here.parent / "banlists"


# ListEntry and ListFile are named tuples: as dataclasses (with slots) each would cost every start ~2.5 M instructions more
class ListEntry(NamedTuple):
    status: str  # one of STATUSES, or "points"
    name: str | None
    passcode: int | None
    konami_id: int | None = None
    points: int | None = None  # a points list's value for the card
    unofficial_ids: tuple[int, ...] = ()  # EDOPro's rows of the card the list accepts as it (GOAT-era versions)


@dataclass
class Banlist:
    """One list as its file gives it: a Forbidden & Limited list, a points list or a card pool (``whitelist``)."""

    name: str
    format: str
    effective: date
    path: Path
    effective_by_region: dict[str, date] = field(default_factory=dict)
    aliases: list[str] = field(default_factory=list)
    source: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    entries: list[ListEntry] = field(default_factory=list)
    whitelist: bool = False  # every card not on the list is not allowed (its "unlimited" entries are the pool)
    released_by: date | None = None  # with this list, only cards released by this day may be used

    @property
    def is_points_list(self) -> bool:
        return any(e.status == "points" for e in self.entries)

    def effective_in(self, region: str | None) -> date:
        if region and region in self.effective_by_region:
            return self.effective_by_region[region]
        return self.effective

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "format": self.format,
            "kind": "points" if self.is_points_list else "whitelist" if self.whitelist else "forbidden_limited",
            "effective": self.effective.isoformat(),
            "effective_by_region": {k: v.isoformat() for k, v in self.effective_by_region.items()},
            "source": self.source,
            "path": str(self.path),
        }


def _as_date(value, where: str) -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise DataError(f"{where}: {value!r} is not a YYYY-MM-DD date") from None


MAX_LIST_BYTES = 4 * 1024 * 1024  # the largest list file is ~120 KB
MAX_LIST_VALUES = 1_000_000


def _read_list_file(path: Path) -> dict:
    """A list file as plain JSON-able data, checked; raises DataError with the file and line."""
    from .reading import Unreadable, read_file
    from .safe_yaml import YamlError, load

    try:
        raw = load(read_file(path, MAX_LIST_BYTES), max_values=MAX_LIST_VALUES)
    except Unreadable as exc:
        raise DataError(f"{path}: cannot read list: {exc}") from None
    except YamlError as exc:
        raise DataError(f"{exc.where(path)} (not a valid list file)") from None
    if not isinstance(raw, dict) or "name" not in raw or "format" not in raw or "effective" not in raw:
        raise DataError(f"{path}: not a list file (needs name, format, effective)")
    entries: list[list] = []
    for status in (*STATUSES, "points"):
        items = raw.get(status) or []
        if not isinstance(items, list):
            raise DataError(f"{path}: {status}: must be a list of cards")
        for item in items:
            points = None
            if status == "points":
                points = item.get("points") if isinstance(item, dict) else None
                if not isinstance(points, int) or isinstance(points, bool) or points < 0:
                    raise DataError(f"{path}: points: entry {item!r} needs points: a whole number from 0")
            if isinstance(item, dict) and (item.get("name") or item.get("passcode") is not None):
                others = item.get("unofficial_ids") or []
                if not isinstance(others, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in others):
                    raise DataError(f"{path}: {status}: entry {item!r}: unofficial_ids must be a list of passcodes")
                entries.append([status, item.get("name"), item.get("passcode"), item.get("konami_id"), points, others])
            elif isinstance(item, int) and not isinstance(item, bool):
                entries.append([status, None, item, None, None, []])
            elif isinstance(item, str):
                entries.append([status, item, None, None, None, []])
            else:
                raise DataError(f"{path}: {status}: entry {item!r} is not a card (give a name or a passcode)")
    released_by = raw.get("released_by")
    regions = raw.get("effective_by_region") or {}
    if not isinstance(regions, dict):
        raise DataError(f"{path}: effective_by_region must map regions to dates")
    return {
        "name": str(raw["name"]),
        "format": str(raw["format"]).lower(),
        "effective": _as_date(raw["effective"], f"{path}: effective").isoformat(),
        "effective_by_region": {
            str(k).lower(): _as_date(v, f"{path}: effective_by_region").isoformat() for k, v in regions.items()
        },
        "aliases": [str(a) for a in raw.get("aliases") or []],
        "source": raw.get("source") or {},
        "notes": [str(n) for n in raw.get("notes") or []],
        "entries": entries,
        "whitelist": raw.get("whitelist") is True,
        "released_by": _as_date(released_by, f"{path}: released_by").isoformat() if released_by else None,
    }


def _is_list_record(raw) -> bool:
    """Whether a memoized entry has exactly the shape ``_read_list_file`` returns."""
    def day(v) -> bool:
        try:
            return isinstance(v, str) and date.fromisoformat(v).isoformat() == v
        except ValueError:
            return False

    return (isinstance(raw, dict) and isinstance(raw.get("name"), str) and isinstance(raw.get("format"), str)
            and day(raw.get("effective")) and isinstance(raw.get("source"), dict)
            and isinstance(raw.get("effective_by_region"), dict)
            and all(isinstance(k, str) and day(v) for k, v in raw["effective_by_region"].items())
            and all(isinstance(raw.get(k), list) and all(isinstance(x, str) for x in raw[k]) for k in ("aliases", "notes"))
            and isinstance(raw.get("whitelist"), bool)
            and (raw.get("released_by") is None or day(raw["released_by"]))
            and isinstance(raw.get("entries"), list) and _are_entries(raw["entries"]))


_ENTRY_STATUSES = frozenset((*STATUSES, "points"))


def _are_entries(entries: list) -> bool:
    """Whether every memoized entry is ``[status, name or None, passcode, konami_id, count, [ids]]`` (a loop of
    plain type checks: ``deckcheck data`` and ``banlists`` check every list's entries)."""
    for e in entries:
        if type(e) is not list or len(e) != 6:
            return False
        status, name, passcode, konami_id, count, ids = e
        if status not in _ENTRY_STATUSES or type(ids) is not list:
            return False
        if name is None and passcode is None or name is not None and type(name) is not str:
            return False
        for v in (passcode, konami_id, count):
            if v is not None and type(v) is not int:
                return False
        for i in ids:
            if type(i) is not int:
                return False
    return True


def load_banlist(path: Path) -> Banlist:
    from .cache import memoized

    raw = memoized("lists.v3", path, lambda: _read_list_file(path), valid=_is_list_record)
    return Banlist(
        name=raw["name"],
        format=raw["format"],
        effective=date.fromisoformat(raw["effective"]),
        path=path,
        effective_by_region={k: date.fromisoformat(v) for k, v in raw["effective_by_region"].items()},
        aliases=raw["aliases"],
        source=raw["source"],
        notes=raw["notes"],
        entries=[ListEntry(entry[0], entry[1], entry[2], entry[3], entry[4], tuple(entry[5])) for entry in raw["entries"]],
        whitelist=raw.get("whitelist", False),
        released_by=date.fromisoformat(raw["released_by"]) if raw.get("released_by") else None,
    )


class ListFile(NamedTuple):
    format: str
    path: Path
    effective: date | None  # from the file name; None for a file not named by date


_LOADED: dict[Path, tuple[tuple[int, ...], Banlist]] = {}  # path -> (its file's stamp, the list), for every store
LOADED_MEMO = 4096


class BanlistStore:
    """Every list file under one or more roots (downloaded lists first, then bundled ones)."""

    def __init__(self, roots: list[Path] | None = None):
        self.roots = roots if roots is not None else [bundled_banlists_dir()]
        self._loaded = _LOADED

    def load(self, path: Path) -> Banlist:
        """``load_banlist(path)``, kept while the file is unchanged (``deckcheck data`` reads every list thrice;
        a store made for new data in the same process finds the unchanged lists, the bundled ones, loaded)."""
        from .cache import file_stamp

        try:
            signature: tuple[int, ...] | None = tuple(file_stamp(path.stat()))
        except OSError:
            signature = None
        known = self._loaded.get(path)
        if known is not None and known[0] == signature:
            return known[1]
        banlist = load_banlist(path)
        if signature is not None:
            if len(self._loaded) >= LOADED_MEMO:
                self._loaded.clear()
            self._loaded[path] = (signature, banlist)
        return banlist

    def files(self, fmt: str | None = None) -> list[ListFile]:
        """Every list file (``*.yaml``) of every folder of lists (only ``fmt``'s), the first root's where two
        roots have the same file, in the order of folder, effective date (files not named by date first) and name."""
        found: dict[tuple[str, str], ListFile] = {}
        for root in self.roots:
            if not root.is_dir():
                continue
            for fmt_dir in root.iterdir():
                folder = fmt_dir.name
                if fmt is not None and folder != fmt or not fmt_dir.is_dir():
                    continue
                try:
                    with os.scandir(fmt_dir) as entries:
                        names = [entry.name for entry in entries if entry.name.endswith(".yaml")]
                except PermissionError:  # as Path.glob: an unreadable folder holds no list
                    continue
                for name in names:
                    if (folder, name) in found:
                        continue
                    try:
                        effective = date.fromisoformat(name[:-5]) if len(name) > 5 else None  # (the stem)
                    except ValueError:
                        effective = None
                    found[folder, name] = ListFile(folder, fmt_dir / name, effective)
        return sorted(found.values(), key=lambda f: (f.format, f.effective or date.min, f.path.name))

    def formats(self) -> list[str]:
        return sorted({f.format for f in self.files()})

    def all(self, fmt: str | None = None) -> list[Banlist]:
        return [self.load(f.path) for f in self.files(fmt)]

    def by_name(self, name: str, lists: str | None = None) -> Banlist:
        """A list by name or alias, in any case. ``lists``: the folder of the format in use, in which a name
        without its format ("2025.04") means the list it starts ("2025.04 TCG")."""
        wanted = " ".join(name.split()).casefold()
        found = self.all()
        for banlist in found:
            if banlist.name.casefold() == wanted or wanted in (a.casefold() for a in banlist.aliases):
                return banlist
        if lists is not None:
            short = [b for b in found if b.format == lists and b.name.casefold().startswith(wanted + " ")]
            if len(short) == 1:
                return short[0]
        from .folding import fold_words
        from .ranking import closest

        names = {fold_words(b.name): b.name for b in found}
        close = [names[key] for key in closest(fold_words(name), list(names), 3)]
        hint = f"; did you mean {' / '.join(close)}?" if close else ""
        raise DataError(f"no list named {quoted(name)}{hint} (see: deckcheck banlists)")

    def in_effect(self, fmt: str, on: date, region: str | None = None) -> Banlist:
        """The newest list of this format in force on the given day."""
        files = self.files(fmt)
        if not files:
            raise DataError(f"no {fmt.upper()} lists installed")
        if region is None and all(f.effective is not None for f in files):
            candidates = [f for f in files if f.effective is not None and f.effective <= on]
            if candidates:
                return self.load(candidates[-1].path)
        else:
            lists = [self.load(f.path) for f in files]
            lists = [b for b in lists if b.effective_in(region) <= on]
            if lists:
                return max(lists, key=lambda b: b.effective_in(region))
        oldest = files[0].effective
        raise DataError(f"no {fmt.upper()} list was in effect on {on.isoformat()} (the oldest starts {oldest})")


CADENCE_LISTS = 12  # a folder's cadence: the longest gap between its newest lists (this many of them)
CADENCE_MIN_GAPS = 3  # fewer gaps than this: too little history to tell a cadence


def in_force(lists: list[Banlist], today_of) -> dict[str, Banlist]:
    """Folder → its newest list that took effect by ``today_of(folder)`` (the day where that folder's lists apply)."""
    found: dict[str, Banlist] = {}
    for b in sorted(lists, key=lambda b: b.effective):
        if b.effective <= today_of(b.format):
            found[b.format] = b
    return found


def staleness(store: BanlistStore, folder: str, as_of: date) -> dict | None:
    """Whether the newest list of ``folder`` that deckcheck has may not be the one in force on ``as_of``:
    it is the newest there is, and it took effect longer ago than the folder's own history allows (the
    longest gap between its last ``CADENCE_LISTS`` lists; with fewer than ``CADENCE_MIN_GAPS`` gaps, the
    ``cadence`` its newest list records, else the gaps there are). None when the list is not stale, when a later
    list exists (an ``--as-of`` in the past) or when there is nothing to tell a cadence from."""
    dates = sorted({f.effective for f in store.files(folder) if f.effective is not None})
    if not dates or dates[-1] > as_of:
        return None
    recent = dates[-CADENCE_LISTS:]
    gaps = [(later - earlier).days for earlier, later in zip(recent, recent[1:])]
    if len(gaps) < CADENCE_MIN_GAPS:
        # a folder with little history of its own: the cadence its newest list records (the Speed list: how often
        # its source's history changes), else the gaps its few lists show (a young format, OCG Genesys)
        newest = [f for f in store.files(folder) if f.effective == dates[-1]]
        declared = (store.load(newest[0].path).source.get("cadence") or {}).get("longest_gap_days") if newest else None
        if isinstance(declared, int) and declared > 0:
            gaps = [declared]
        elif not gaps:
            return None
    usual, age = max(gaps), (as_of - dates[-1]).days
    if age <= usual:
        return None
    return {"lists": folder, "effective": dates[-1].isoformat(), "age_days": age, "longest_gap_days": usual}


_FOLDERS_FIRST = ("tcg", "ocg")  # the lists most players mean; the other folders follow by title
_ACRONYMS = frozenset(("goat",))  # words written in capitals though longer than three letters


def folder_title(folder: str) -> str:
    """A folder of lists as a sentence names it: tcg → TCG, ocg-genesys → OCG Genesys, speed → Speed, goat → GOAT."""
    return " ".join(part.upper() if len(part) <= 3 or part in _ACRONYMS else part.capitalize()
                    for part in folder.split("-"))


def folder_order(folder: str) -> tuple:
    """The order folders of lists are shown in: TCG, OCG, then the others by title."""
    return (_FOLDERS_FIRST.index(folder) if folder in _FOLDERS_FIRST else len(_FOLDERS_FIRST), folder_title(folder))
