"""Reviewed corrections to the list sources (``deckcheck/data/corrections.yaml``).

Two kinds: a list's effective date where the upstream filing is a placeholder or wrong, and one
card's status on one list where a scrape missed it. The build tool applies them to the bundled
lists, ``deckcheck update`` to every list it reads from Konami's vectors or an EDOPro file, and
``deckcheck data`` shows them. Loaded only by those three, never by a check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path

from .errors import DataError
from .paths import DATA_DIR

CORRECTIONS_FILE = DATA_DIR / "corrections.yaml"
STATUSES = ("forbidden", "limited", "semi_limited", "unlimited")
COUNT_OF_STATUS = {"forbidden": 0, "limited": 1, "semi_limited": 2, "unlimited": None}


@dataclass(frozen=True)
class ListDate:
    format: str
    list: str
    filed: str
    effective: str
    source: str
    note: str = ""
    effective_by_region: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        out: dict = {"kind": "list date", "format": self.format, "list": self.list, "filed": self.filed,
               "effective": self.effective, "source": self.source, "note": self.note}
        if self.effective_by_region:
            out["effective_by_region"] = dict(self.effective_by_region)
        return out


@dataclass(frozen=True)
class ListStatus:
    format: str
    list: str
    card: str
    passcode: int
    konami_id: int | None
    status: str
    was: str
    source: str
    note: str = ""

    @property
    def count(self) -> int | None:
        """0, 1 or 2 as in the vectors; None for unlimited."""
        return COUNT_OF_STATUS[self.status]

    def to_json(self) -> dict:
        return {"kind": "card status", "format": self.format, "list": self.list, "card": self.card,
                "passcode": self.passcode, "konami_id": self.konami_id, "status": self.status, "was": self.was,
                "source": self.source, "note": self.note}


@dataclass(frozen=True)
class Corrections:
    dates: tuple[ListDate, ...] = ()
    statuses: tuple[ListStatus, ...] = ()
    path: Path | None = None

    def date_for_filing(self, fmt: str, filed: str) -> ListDate | None:
        """The correction of a list filed upstream under ``filed``, if any."""
        return next((d for d in self.dates if d.format == fmt and d.filed == filed), None)

    def date_for_name(self, fmt: str, name: str) -> ListDate | None:
        wanted = name.strip().casefold()
        return next((d for d in self.dates if d.format == fmt and d.list.casefold() == wanted), None)

    def effective(self, fmt: str, filed: str) -> str:
        """The effective date of a list filed upstream under ``filed``."""
        found = self.date_for_filing(fmt, filed)
        return found.effective if found else filed

    def statuses_for(self, fmt: str, name: str) -> list[ListStatus]:
        wanted = name.strip().casefold()
        return [s for s in self.statuses if s.format == fmt and s.list.casefold() == wanted]

    def to_json(self) -> list[dict]:
        return [c.to_json() for c in self.dates] + [c.to_json() for c in self.statuses]


def _text(raw: dict, key: str, where: str, required: bool = True) -> str:
    value = raw.get(key)
    if value is None and not required:
        return ""
    if isinstance(value, date):
        return value.isoformat()
    if not isinstance(value, (str, int)) or isinstance(value, bool) or not str(value).strip():
        raise DataError(f"{where}: {key!r} is missing or not text")
    return str(value).strip()


def _day(raw: dict, key: str, where: str) -> str:
    text = _text(raw, key, where)
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise DataError(f"{where}: {key} {text!r} is not a YYYY-MM-DD date") from None


def parse(doc, path: Path) -> Corrections:
    if not isinstance(doc, dict):
        raise DataError(f"{path}: not a corrections file (expected list_dates and list_statuses)")
    dates, statuses = [], []
    for i, raw in enumerate(doc.get("list_dates") or []):
        where = f"{path}: list_dates[{i}]"
        if not isinstance(raw, dict):
            raise DataError(f"{where}: not a mapping")
        regions = raw.get("effective_by_region") or {}
        if not isinstance(regions, dict):
            raise DataError(f"{where}: effective_by_region must map regions to dates")
        dates.append(ListDate(_text(raw, "format", where).lower(), _text(raw, "list", where), _day(raw, "filed", where),
                              _day(raw, "effective", where), _text(raw, "source", where),
                              _text(raw, "note", where, required=False),
                              {str(k).lower(): _day(regions, k, where) for k in sorted(regions)}))
    for i, raw in enumerate(doc.get("list_statuses") or []):
        where = f"{path}: list_statuses[{i}]"
        if not isinstance(raw, dict):
            raise DataError(f"{where}: not a mapping")
        status, was = _text(raw, "status", where), _text(raw, "was", where)
        if status not in STATUSES or was not in STATUSES:
            raise DataError(f"{where}: status and was must be one of {', '.join(STATUSES)}")
        passcode, konami_id = raw.get("passcode"), raw.get("konami_id")
        if not isinstance(passcode, int) or isinstance(passcode, bool) or passcode <= 0:
            raise DataError(f"{where}: passcode must be a positive integer")
        if konami_id is not None and (not isinstance(konami_id, int) or isinstance(konami_id, bool)):
            raise DataError(f"{where}: konami_id must be an integer")
        statuses.append(ListStatus(_text(raw, "format", where).lower(), _text(raw, "list", where),
                                   _text(raw, "card", where), passcode, konami_id, status, was,
                                   _text(raw, "source", where), _text(raw, "note", where, required=False)))
    return Corrections(tuple(dates), tuple(statuses), path)


@cache
def load(path: Path = CORRECTIONS_FILE) -> Corrections:
    """The corrections file; an absent file means no corrections, a broken one is a DataError."""
    from .reading import Unreadable, read_file
    from .safe_yaml import YamlError
    from .safe_yaml import load as load_yaml

    try:
        doc = load_yaml(read_file(path, 4 * 1024 * 1024))
    except Unreadable as exc:
        if exc.missing:
            return Corrections(path=path)
        raise DataError(f"{path}: cannot read corrections: {exc}") from None
    except YamlError as exc:
        raise DataError(f"{exc.where(path)} (corrections)") from None
    return parse(doc, path)
