"""Forbidden & Limited lists for the updater: read from three kinds of source, checked, written as list files.

Sources (``--lists-url``):

- **Konami's dated lists** (the default): the ``data/`` tree of DawnbrandBots/yaml-yugi-limit-regulation,
  which scrapes Konami's official TCG (EU) and OCG sites daily — the same source the bundled lists are
  built from. For each format deckcheck reads ``<base>/<format>/current.vector.json`` and
  ``upcoming.vector.json`` (a git symlink served as a bare file name is followed):
  ``{"date": "<effective date>", "regulation": {"<Konami ID>": 0|1|2}}``.
- **EDOPro list files**: a URL ending in ``.conf`` (e.g. ProjectIgnis/LFLists ``0TCG.lflist.conf``), or a
  local file with ``--lflist``. Every ``!<name>`` list named ``… TCG`` / ``… OCG`` is read; entries are
  passcodes. EDOPro names lists by month: a list whose name deckcheck already has keeps that list's
  effective date, a new one is dated the first of its month (the list says so in its notes).
- **YGOPRODeck's statuses** (``ygoprodeck``, and the automatic fallback when the list source cannot be
  reached): the cards' ``banlist_info``. It carries no list name or date, so a list is made only when the
  statuses differ from the list in force, dated the day deckcheck first saw them. Such a stopgap list is
  removed by the next update that reaches a real list source.

The reviewed corrections (``deckcheck/data/corrections.yaml``) are applied to the lists of Konami's
vectors and of EDOPro files as to the bundled ones: a list filed upstream under a placeholder date is
installed under the date it took effect, and a card status a scrape missed is set. EDOPro entries for its
unofficial rows (pre-errata versions kept beside the official card) are not official statuses and are
left out.

Every entry must name a card of the new card index (Konami ID, passcode, or prerelease placeholder),
or the update is refused. Lists are written as ``<format>/<effective date>.yaml`` in the bundled lists'
format; nothing is ever deleted except stopgap lists, so the dated history only grows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from ..banlists import list_file_text
from ..corrections import Corrections
from ..corrections import load as load_corrections
from .index_file import COL
from .ygoprodeck import SchemaError, ban_statuses, parse_json

FORMATS = ("tcg", "ocg")
STATUS_OF_COUNT = {0: "forbidden", 1: "limited", 2: "semi_limited"}
STATUS_ORDER = {"forbidden": 0, "limited": 1, "semi_limited": 2}
PUBLISHED_BY = {"tcg": "Konami (yugioh-card.com EU)", "ocg": "Konami (yugioh-card.com/japan)"}
DEFAULT_LISTS_URL = "https://raw.githubusercontent.com/DawnbrandBots/yaml-yugi-limit-regulation/master/data/"
YGOPRODECK = "ygoprodeck"
_LINK = re.compile(r"^[\w.-]+\.json$")


class ListError(ValueError):
    """A list that cannot be installed (wrong schema, entries naming no known card)."""


class Resolver:
    """Passcodes, placeholders and Konami IDs → index rows of the new card index (and the other index)."""

    def __init__(self, rows: list[list], other_rows: list[list], placeholders: dict[int, int]):
        self.rows: dict[int, list] = {}
        for table in (other_rows, rows):  # main rows win
            for row in table:
                self.rows[row[0]] = row
                for alt in row[COL["alt_passcodes"]]:
                    self.rows[alt] = row
        self.placeholders = placeholders
        self.by_konami: dict[int, list] = {}
        for row in sorted(rows, key=lambda r: (r[COL["group"]] is not None, r[COL["origin"]] != "official", r[0])):
            k = row[COL["konami_id"]]
            if k is not None and k not in self.by_konami:
                self.by_konami[k] = row

    def card(self, passcode: int) -> list | None:
        row = self.rows.get(passcode)
        if row is None and passcode in self.placeholders:
            row = self.rows.get(self.placeholders[passcode])
        return row

    @staticmethod
    def group(row: list) -> int:
        return row[COL["group"]] or row[0]


@dataclass
class NewList:
    fmt: str
    effective: str
    name: str
    source: dict
    notes: list[str] = field(default_factory=list)
    entries: list[dict] = field(default_factory=list)  # {status, name, passcode, konami_id}
    derived: bool = False
    effective_by_region: dict[str, str] = field(default_factory=dict)

    @property
    def rel_path(self) -> str:
        return f"{self.fmt}/{self.effective}.yaml"

    def statuses(self) -> dict[int, str]:
        """Canonical passcode → status (strictest)."""
        out: dict[int, str] = {}
        for e in self.entries:
            if e["passcode"] is not None and STATUS_ORDER[e["status"]] < STATUS_ORDER.get(out.get(e["passcode"], ""), 9):
                out[e["passcode"]] = e["status"]
        return out

    def yaml(self) -> str:
        entries = sorted(self.entries, key=lambda e: (e["name"].casefold(), e["name"], e["passcode"]))
        return list_file_text(
            "Forbidden & Limited list. Installed by 'deckcheck update'; see 'source' and 'notes'.",
            self.name, self.fmt, self.effective, entries, source=self.source, notes=self.notes,
            effective_by_region=self.effective_by_region,
        )

    def correct(self, corrections: Corrections, resolver: Resolver, filed: str | None = None) -> None:
        """Apply the reviewed corrections: the list's date (when it was ``filed`` under another), then the
        status fixes for this list by name."""
        fix = corrections.date_for_filing(self.fmt, filed) if filed else corrections.date_for_name(self.fmt, self.name)
        if fix is not None:
            if fix.effective != self.effective:
                self.notes.append(f"Effective {fix.effective}, not {self.effective} (deckcheck's corrections: "
                                  f"{fix.source}).")
            self.effective, self.effective_by_region = fix.effective, dict(fix.effective_by_region)
            if filed:
                self.name = list_name(self.fmt, self.effective)
        by_passcode = {e["passcode"]: e for e in self.entries}
        for status in corrections.statuses_for(self.fmt, self.name):
            row = resolver.card(status.passcode)
            if row is None:
                continue
            had = by_passcode.pop(row[0], None)
            if status.count is not None:
                by_passcode[row[0]] = {"status": status.status, "name": row[COL["name"]], "passcode": row[0],
                                       "konami_id": status.konami_id or row[COL["konami_id"]]}
            if (had or {}).get("status", "unlimited") != status.status:
                self.notes.append(f"{status.card} is {status.status.replace('_', '-')} on this list, not "
                                  f"{(had or {}).get('status', 'unlimited').replace('_', '-')} as the source says "
                                  f"(deckcheck's corrections: {status.source}).")
        self.entries = list(by_passcode.values())


def list_name(fmt: str, effective: str) -> str:
    return f"{effective[:4]}.{effective[5:7]} {fmt.upper()}"


def _entries(found: dict[int, tuple[list, str]], konami_of: dict[int, int | None]) -> list[dict]:
    return [{"status": status, "name": row[COL["name"]], "passcode": row[0],
             "konami_id": konami_of.get(row[0], row[COL["konami_id"]])}
            for row, status in found.values()]


def _keep_strictest(found: dict[int, tuple[list, str]], row: list, status: str) -> None:
    old = found.get(row[0])
    if old is None or STATUS_ORDER[status] < STATUS_ORDER[old[1]]:
        found[row[0]] = (row, status)


def _unresolved(what: str, missing: list[str]) -> ListError:
    more = f" (and {len(missing) - 3} more)" if len(missing) > 3 else ""
    return ListError(f"{what}: {len(missing)} entr{'y' if len(missing) == 1 else 'ies'} name no known card: "
                     f"{', '.join(missing[:3])}{more}")


# ------------------------------------------------------------------------------- Konami vectors


def parse_vector(body: bytes, what: str, today: date) -> tuple[str, dict[int, int]]:
    try:
        doc = parse_json(body, what)
    except SchemaError as exc:
        raise ListError(str(exc)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("regulation"), dict) or "date" not in doc:
        raise ListError(f"{what}: unexpected schema (expected {{\"date\": ..., \"regulation\": {{...}}}})")
    try:
        day = date.fromisoformat(str(doc["date"]))
    except ValueError:
        raise ListError(f"{what}: date {doc['date']!r} is not YYYY-MM-DD") from None
    if not date(1999, 1, 1) <= day <= today + timedelta(days=400):
        raise ListError(f"{what}: implausible effective date {day}")
    regulation = {}
    for key, value in doc["regulation"].items():
        if not str(key).isdigit() or value not in (0, 1, 2) or isinstance(value, bool):
            raise ListError(f"{what}: unexpected entry {key!r}: {value!r} (expected Konami ID: 0, 1 or 2)")
        regulation[int(key)] = value
    if not regulation:
        raise ListError(f"{what}: the list is empty")
    return day.isoformat(), regulation


def vector_list(fmt: str, effective: str, regulation: dict[int, int], resolver: Resolver, url: str,
                retrieved: str, corrections: Corrections | None = None) -> NewList:
    """The list of a vector filed under ``effective``, with the reviewed corrections applied."""
    found: dict[int, tuple[list, str]] = {}
    konami_of: dict[int, int | None] = {}
    missing = []
    for konami_id, count in sorted(regulation.items()):
        row = resolver.by_konami.get(konami_id)
        if row is None:
            missing.append(f"Konami ID {konami_id}")
            continue
        _keep_strictest(found, row, STATUS_OF_COUNT[count])
        konami_of[row[0]] = konami_id
    if missing:
        raise _unresolved(f"{fmt.upper()} list of {effective} ({url})", missing)
    source = {"official": {"url": url, "published_by": PUBLISHED_BY[fmt], "retrieved": retrieved}}
    lst = NewList(fmt, effective, list_name(fmt, effective), source, entries=_entries(found, konami_of))
    lst.correct(corrections or load_corrections(), resolver, filed=effective)
    return lst


def fetch_vectors(fetcher, base: str, resolver: Resolver, today: date) -> list[NewList]:
    from .http import FetchError

    base = base if base.endswith("/") else base + "/"
    out: dict[tuple[str, str], NewList] = {}
    for fmt in FORMATS:
        for which in ("current", "upcoming"):
            url = f"{base}{fmt}/{which}.vector.json"
            try:
                body = fetcher.get(url, f"{fmt.upper()} list")
            except FetchError as exc:
                if which == "upcoming" and exc.status == 404:
                    continue
                raise
            text = body.strip()
            if _LINK.match(text.decode("utf-8", "replace")):  # a git symlink, served as its target's name
                url = f"{base}{fmt}/{text.decode()}"
                body = fetcher.get(url, f"{fmt.upper()} list")
            effective, regulation = parse_vector(body, url, today)
            lst = vector_list(fmt, effective, regulation, resolver, url, today.isoformat())
            out.setdefault((fmt, lst.effective), lst)
    return list(out.values())


# ------------------------------------------------------------------------------- EDOPro lflist.conf


def parse_lflist(text: str) -> list[tuple[str, bool, list[tuple[int, int]]]]:
    """``[(name, whitelist_or_points, [(passcode, count), ...]), ...]`` as EDOPro reads a list file."""
    lists: list[tuple[str, bool, list[tuple[int, int]]]] = []
    for raw in text.splitlines():
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            lists.append((line[1:].strip(), False, []))
            continue
        if not lists:
            continue
        if line.startswith("$"):
            name, _, entries = lists[-1]
            lists[-1] = (name, True, entries)
            continue
        head, _, rest = line.partition(" ")
        m = re.match(r"-?[0-9]+", rest.strip()) if head.isdigit() else None
        if m is None:
            continue
        lists[-1][2].append((int(head), int(m.group())))
    return lists


_EDOPRO_NAME = re.compile(r"^(\d{4})\.(\d{1,2})(?:\.(\d{1,2}))?\s+(TCG|OCG)$", re.IGNORECASE)


def lflist_lists(text: str, resolver: Resolver, known: dict[tuple[str, str], str], origin: dict,
                 notes: list[str], corrections: Corrections | None = None) -> list[NewList]:
    """Lists of an EDOPro file; ``known`` maps (format, list name or alias) → effective date."""
    corrections = corrections or load_corrections()
    out = []
    parsed = parse_lflist(text)
    if not parsed:
        raise ListError(f"{origin.get('url') or origin.get('path')}: no '!<name>' list in it; not an EDOPro list file")
    for name, special, pairs in parsed:
        m = _EDOPRO_NAME.match(name)
        if special or m is None:
            notes.append(f"EDOPro list {name!r} skipped (only TCG and OCG Forbidden & Limited lists are used)")
            continue
        fmt = m.group(4).lower()
        fix = corrections.date_for_name(fmt, name)
        effective = known.get((fmt, name.casefold())) or (fix.effective if fix else None)
        list_notes = []
        if effective is None:
            year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3) or 1)
            try:
                effective = date(year, month, day).isoformat()
            except ValueError:
                raise ListError(f"EDOPro list {name!r}: not a date") from None
            if not m.group(3):
                list_notes.append(f"EDOPro names lists by month only; the effective date {effective} is the first "
                                  "day of that month, which may be earlier than the real one.")
        found: dict[int, tuple[list, str]] = {}
        missing, unofficial = [], []
        for passcode, count in pairs:
            if count not in STATUS_OF_COUNT:
                continue  # 3 = explicitly unlimited; negative counts are EDOPro oddities
            row = resolver.card(passcode)
            if row is None:
                missing.append(str(passcode))
                continue
            if row[COL["origin"]] not in ("official", "prerelease"):
                unofficial.append(f"{passcode} {row[COL['name']]!r}")
                continue
            _keep_strictest(found, row, STATUS_OF_COUNT[count])
        if missing:
            raise _unresolved(f"EDOPro list {name!r}", missing)
        if unofficial:
            notes.append(f"EDOPro list {name!r}: {len(unofficial)} entr{'y' if len(unofficial) == 1 else 'ies'} for "
                         f"unofficial rows left out ({', '.join(unofficial[:3])}{' …' if len(unofficial) > 3 else ''})")
        source = {"edopro": {**origin, "list": name}}
        lst = NewList(fmt, effective, name, source, notes=list_notes, entries=_entries(found, {}))
        lst.correct(corrections, resolver)
        out.append(lst)
    return out


# ------------------------------------------------------------------------------- YGOPRODeck statuses


def derived_lists(cards: dict[str, list[dict]], resolver: Resolver, today: date, url: str,
                  version: str | None) -> list[NewList]:
    """Today's statuses from the cards' banlist_info: ``cards`` maps each format to the cards to read it from."""
    found: dict[str, dict[int, tuple[list, str]]] = {fmt: {} for fmt in FORMATS}
    for fmt, fmt_cards in cards.items():
        for card in fmt_cards:
            status = ban_statuses(card).get(fmt)
            if not status:
                continue
            row = resolver.card(card["id"])
            if row is None:
                raise ListError(f"YGOPRODeck banlist_info: card {card['id']} is in no card index")
            _keep_strictest(found[fmt], row, status)
    out = []
    for fmt in FORMATS:
        if not found[fmt]:
            continue
        effective = today.isoformat()
        note = ("Derived from YGOPRODeck's current card statuses (banlist_info), because no dated list source was "
                f"reachable. YGOPRODeck gives no list name or effective date: {effective} is the day deckcheck first "
                "saw these statuses. Replaced by the official list at the next update that reaches one.")
        source = {"derived": {"from": "YGOPRODeck API v7 banlist_info", "url": url, "seen": effective,
                              **({"database_version": version} if version else {})}}
        out.append(NewList(fmt, effective, f"{effective} {fmt.upper()} (YGOPRODeck)", source, notes=[note],
                           entries=_entries(found[fmt], {}), derived=True))
    return out


# ------------------------------------------------------------------------------- what is installed


def existing_statuses(path: Path, resolver: Resolver) -> dict[int, str] | None:
    """An installed list's canonical passcode → status, resolved against the new index (None if unreadable)."""
    from ..banlists import load_banlist
    from ..errors import DataError

    try:
        banlist = load_banlist(path)
    except DataError:
        return None
    out: dict[int, str] = {}
    for e in banlist.entries:
        row = resolver.card(e.passcode) if e.passcode is not None else None
        if row is None:
            continue
        if STATUS_ORDER[e.status] < STATUS_ORDER.get(out.get(row[0], ""), 9):
            out[row[0]] = e.status
    return out


def differences(a: dict[int, str], b: dict[int, str]) -> int:
    return sum(1 for p in set(a) | set(b) if a.get(p) != b.get(p))
