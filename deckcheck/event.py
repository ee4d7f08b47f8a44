"""The submission ledger of an event: which decklist counts for each registered player.

Input, read here: a roster CSV (``konami_id``, ``player``, optional ``table``, ``seat``, other columns kept)
and the submissions, either listed by a manifest CSV (``player``, ``konami_id``, ``file``, ``received``;
other columns kept), as a form or mailbox export gives them, or found as one folder per player named by
the Konami ID (``received``: the file's modification time).

Judgement (``judge``): per registered player, the latest submission received at or before the deadline
counts; the earlier ones are superseded (each with the card changes to the one that replaced it); the ones
received after it are late (listed, never counted; each with its changes to the counted one). A registered
player with no submission in time is missing; a submission for a Konami ID that is not on the roster is
unmatched. Two submissions received at the same instant: the one listed later in the manifest (the later
file name in a folder) is taken as the later.

Konami IDs are compared by their digits with leading zeros aside (a spreadsheet drops them); they are shown
as the roster writes them. A manifest time without a zone is read in the deadline's zone.

Pure: reads the CSV files and the folders it is given, prints nothing; a malformed row is an
``EventInputError`` naming the file and line.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import EventInputError
from .limits import quoted
from .parsers import DECK_SUFFIXES

if TYPE_CHECKING:
    from .model import DeckResult, ResolvedDeck
    from .regulation import Regulation

MAX_CSV_BYTES = 16 * 1024 * 1024  # a roster of every duelist of a large YCS is well under 1 MB
KONAMI_ID_DIGITS = 10
ROSTER_COLUMNS = ("konami_id", "player")
MANIFEST_COLUMNS = ("player", "konami_id", "file", "received")
LEGAL, ILLEGAL, MISSING = "legal", "illegal", "missing"


@dataclass
class Registered:
    """A player of the roster."""

    konami_id: str  # as the roster writes it
    player: str
    line: int
    table: str | None = None
    seat: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return id_key(self.konami_id)


@dataclass
class Submission:
    """One decklist received."""

    konami_id: str | None  # as the manifest (or the folder's name) writes it; None: a file outside any folder
    player: str | None
    file: str  # as the manifest writes it, or the path under the submissions folder
    path: Path
    received: datetime
    line: int | None = None  # of the manifest
    extra: dict[str, str] = field(default_factory=dict)
    order: int = 0  # tie-break: its place in the manifest or the folder

    @property
    def key(self) -> str | None:
        return id_key(self.konami_id) if self.konami_id is not None else None


@dataclass
class Entry:
    """A registered player's submissions, judged."""

    registered: Registered
    counted: Submission | None = None
    superseded: list[Submission] = field(default_factory=list)  # oldest first
    late: list[Submission] = field(default_factory=list)  # oldest first


@dataclass
class Ledger:
    entries: list[Entry]  # in roster order
    unmatched: list[Submission]


def id_key(konami_id: str) -> str:
    """A Konami ID as compared: its digits, leading zeros aside."""
    return konami_id.strip().lstrip("0") or "0"


def valid_konami_id(text: str) -> bool:
    text = text.strip()
    return text.isascii() and text.isdigit() and len(text) <= KONAMI_ID_DIGITS


def parse_time(text: str, zone=None) -> datetime:
    """An ISO 8601 time (``2026-12-05T09:30:00+01:00``, ``…Z``, a space for the T); without a zone, in ``zone``
    (when given). Raises ValueError."""
    text = text.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        if zone is None:
            raise ValueError("no zone")
        value = value.replace(tzinfo=zone)
    return value


def parse_deadline(text: str) -> datetime:
    """``--deadline``: an ISO time with its zone (an event's deadline is a moment, not a wall-clock time)."""
    try:
        return parse_time(text)
    except ValueError:
        raise EventInputError(f"--deadline {quoted(text)} is not an ISO time with a zone "
                              "(e.g. 2026-12-05T09:00:00+01:00 or 2026-12-05T08:00:00Z)") from None


def _read_csv(path: Path, what: str, required: tuple[str, ...]) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """(header, [(line, row)]) of a CSV file (UTF-8, a BOM allowed; blank rows skipped); raises EventInputError."""
    from .reading import Unreadable, read_file

    try:
        data = read_file(path, MAX_CSV_BYTES)  # a regular file only, bounded: never a pipe that blocks
    except Unreadable as exc:
        raise EventInputError(f"{path}: cannot read the {what}: {exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise EventInputError(f"{path}:{line}: the {what} is not UTF-8 text (save it as CSV UTF-8)") from None
    if "\x00" in text:
        raise EventInputError(f"{path}: the {what} is not a CSV file (it holds NUL bytes)")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[tuple[int, dict[str, str]]] = []
    header: list[str] | None = None
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if header is None:
                header = [cell.strip().lower().replace(" ", "_") for cell in record]
                absent = [c for c in required if c not in header]
                if absent:
                    raise EventInputError(f"{path}:{line}: the {what}'s header lacks the column"
                                          f"{'s' if len(absent) > 1 else ''} {', '.join(absent)} "
                                          f"(it has: {', '.join(header)}; needed: {', '.join(required)})")
                doubled = sorted({c for c in header if c and header.count(c) > 1})
                if doubled:
                    raise EventInputError(f"{path}:{line}: the {what}'s header names {', '.join(doubled)} twice")
                continue
            if len(record) != len(header):
                raise EventInputError(f"{path}:{line}: {len(record)} fields where the header has {len(header)} "
                                      "(a comma in a value that is not quoted?)")
            rows.append((line, {name: cell.strip() for name, cell in zip(header, record)}))
    except csv.Error as exc:
        raise EventInputError(f"{path}:{reader.line_num}: the {what} is not valid CSV: {exc}") from None
    if header is None:
        raise EventInputError(f"{path}: the {what} is empty (a header line is needed: {', '.join(required)})")
    return header, rows


def read_roster(path: Path) -> list[Registered]:
    """The registered players, in the roster's order."""
    _header, rows = _read_csv(path, "roster", ROSTER_COLUMNS)
    players: list[Registered] = []
    seen: dict[str, int] = {}
    for line, row in rows:
        konami_id, name = row["konami_id"], " ".join(row["player"].split())
        if not valid_konami_id(konami_id):
            raise EventInputError(f"{path}:{line}: konami_id {quoted(konami_id)} is not a KONAMI ID (up to "
                                  f"{KONAMI_ID_DIGITS} digits)")
        if not name:
            raise EventInputError(f"{path}:{line}: no player name for KONAMI ID {konami_id}")
        key = id_key(konami_id)
        if key in seen:
            raise EventInputError(f"{path}:{line}: KONAMI ID {konami_id} is registered twice (also line {seen[key]})")
        seen[key] = line
        extra = {k: v for k, v in row.items() if k not in ("konami_id", "player", "table", "seat")}
        players.append(Registered(konami_id.strip(), name, line, row.get("table") or None, row.get("seat") or None,
                                  extra))
    return players


def _inside(folder: Path, written: str) -> Path | None:
    """The file a manifest names, under ``folder``; None when it would lie outside it."""
    if not written or os.path.isabs(written) or written.startswith(("/", "\\")):
        return None
    target = os.path.normpath(os.path.join(folder, written))
    base = os.path.normpath(folder)
    if os.path.commonpath([base, target]) != base:
        return None
    real_base, real_target = os.path.realpath(base), os.path.realpath(target)  # a symlink out of it neither
    if os.path.commonpath([real_base, real_target]) != real_base:
        return None
    return Path(target)


def read_manifest(path: Path, folder: Path, zone) -> list[Submission]:
    """The submissions a manifest lists; their files under ``folder``; a time without a zone in ``zone``."""
    _header, rows = _read_csv(path, "manifest", MANIFEST_COLUMNS)
    found: list[Submission] = []
    for order, (line, row) in enumerate(rows):
        konami_id, written = row["konami_id"], row["file"]
        if not konami_id:
            raise EventInputError(f"{path}:{line}: no konami_id for the submission {quoted(written)}")
        if not written:
            raise EventInputError(f"{path}:{line}: no file for KONAMI ID {konami_id}")
        target = _inside(folder, written)
        if target is None:
            raise EventInputError(f"{path}:{line}: file {quoted(written)} is not a path inside the submissions folder "
                                  f"{folder}")
        try:
            received = parse_time(row["received"], zone)
        except ValueError:
            raise EventInputError(f"{path}:{line}: received {quoted(row['received'])} is not an ISO time "
                                  "(e.g. 2026-12-05T08:41:00+01:00)") from None
        extra = {k: v for k, v in row.items() if k not in MANIFEST_COLUMNS}
        found.append(Submission(konami_id.strip(), " ".join(row["player"].split()) or None, written, target, received,
                                line, extra, order))
    return found


def scan_folders(folder: Path, files_in) -> list[Submission]:
    """The submissions of a folder holding one folder per player named by the KONAMI ID; ``files_in(path)``
    gives the decklist files under a path as (path, shown) in name order (``files.find_decklists``). A file
    outside any player's folder is a submission with no KONAMI ID (unmatched)."""
    if not os.path.isdir(folder):
        raise EventInputError(f"{folder}: not a folder of submissions")
    found: list[Submission] = []
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise EventInputError(f"{folder}: cannot list the submissions: {exc.strerror or exc}") from None
    for name in names:
        if name.startswith("."):
            continue
        where = folder / name
        konami_id = name if where.is_dir() else None
        if konami_id is None and not name.lower().endswith(DECK_SUFFIXES):
            continue  # a file beside the players' folders that is no decklist (an export, a README)
        for file, _shown in files_in(where):
            file = Path(file)
            try:
                received = datetime.fromtimestamp(file.stat().st_mtime, timezone.utc)
            except OSError as exc:
                raise EventInputError(f"{file}: cannot read its modification time: {exc.strerror or exc}") from None
            found.append(Submission(konami_id, None, os.path.relpath(file, folder), file, received, order=len(found)))
    return found


def judge(roster: list[Registered], submissions: list[Submission], deadline: datetime) -> Ledger:
    """Which submission counts for each registered player (module docstring)."""
    by_key: dict[str, list[Submission]] = {}
    unmatched: list[Submission] = []
    registered_keys = {player.key for player in roster}
    for submission in submissions:
        key = submission.key
        if key is None or key not in registered_keys:
            unmatched.append(submission)
        else:
            by_key.setdefault(key, []).append(submission)
    entries = []
    for player in roster:
        mine = sorted(by_key.get(player.key, []), key=lambda s: (s.received, s.order))
        in_time = [s for s in mine if s.received <= deadline]
        entry = Entry(player, late=[s for s in mine if s.received > deadline])
        if in_time:
            entry.counted, entry.superseded = in_time[-1], in_time[:-1]
        entries.append(entry)
    return Ledger(entries, unmatched)


# ---- checking the submissions ---------------------------------------------------------------------


@dataclass
class Checked:
    """A submission read and checked as ``check`` would; ``changes``: per section, the cards whose copies differ
    from the submission it is compared with (a superseded one: the one that replaced it; a late one: the
    counted one), as ``diff`` finds them."""

    submission: Submission
    result: DeckResult
    deck: ResolvedDeck  # its resolved entries (for diff and the registration sheet)
    regulation: Regulation
    changes: list = field(default_factory=list)

    @property
    def fingerprint(self) -> str | None:
        return self.result.fingerprint


@dataclass
class Reviewed:
    """A registered player's submissions, each checked."""

    registered: Registered
    counted: Checked | None
    superseded: list[Checked]
    late: list[Checked]

    @property
    def status(self) -> str:
        if self.counted is None:
            return MISSING
        return LEGAL if self.counted.result.legal else ILLEGAL


@dataclass
class Review:
    players: list[Reviewed]  # in roster order
    unmatched: list[Checked]
    deadline: datetime
    as_of: date | None = None  # the date the decks were judged as of (the format asked for's)
    stale: list[dict] = field(default_factory=list)  # the lists judged by that may be out of date (regulation.stale)

    @property
    def all_legal(self) -> bool:
        return all(p.status == LEGAL for p in self.players)

    def summary(self) -> dict:
        statuses = [p.status for p in self.players]
        return {"registered": len(self.players), "legal": statuses.count(LEGAL), "illegal": statuses.count(ILLEGAL),
                "missing": statuses.count(MISSING), "superseded": sum(len(p.superseded) for p in self.players),
                "late": sum(len(p.late) for p in self.players), "unmatched": len(self.unmatched),
                "deadline": self.deadline.isoformat()}


def check_submission(checker, submission: Submission, input_format: str | None = None) -> Checked:
    """One submission read (one decklist per file: a file of several is unreadable here) and checked as
    ``check`` checks it, with its resolved entries (for ``diff`` and the registration sheet)."""
    from .parsers import read_deck
    from .resolve import resolve

    parsed = read_deck(submission.path, submission.file, input_format)
    result, regulation = checker.judge(parsed)
    deck = resolve(parsed, regulation.cards, skills_apart=regulation.enabled("skill-card"))
    return Checked(submission, result, deck, regulation)


def changes_between(before: Checked, after: Checked) -> list:
    """Per section, the cards whose copies differ from ``before`` to ``after`` (``diff``'s rows); none when
    either cannot be read."""
    from .side import diff

    if before.result.unreadable or after.result.unreadable:
        return []
    return diff(before.deck, after.deck)


def review(ledger: Ledger, checker, deadline: datetime, input_format: str | None = None) -> Review:
    """Every submission of ``ledger`` checked with ``checker`` (checker.Checker), with its changes."""
    players = []
    for entry in ledger.entries:
        history = [check_submission(checker, s, input_format) for s in entry.superseded]
        counted = check_submission(checker, entry.counted, input_format) if entry.counted is not None else None
        following = history[1:] + ([counted] if counted is not None else [])
        for old, new in zip(history, following):
            old.changes = changes_between(old, new)
        late = [check_submission(checker, s, input_format) for s in entry.late]
        if counted is not None:
            for item in late:
                item.changes = changes_between(counted, item)
        players.append(Reviewed(entry.registered, counted, history, late))
    unmatched = [check_submission(checker, s, input_format) for s in ledger.unmatched]
    return Review(players, unmatched, deadline)


def find_player(review: Review, who: str) -> Reviewed | None:
    """A registered player by KONAMI ID or by name (case and spacing aside; "Last, First" read too)."""
    wanted = " ".join(who.split()).casefold()
    if valid_konami_id(who):
        for player in review.players:
            if player.registered.key == id_key(who):
                return player
    names = {wanted}
    if "," in wanted:
        last, _, first = wanted.partition(",")
        names.add(f"{first.strip()} {last.strip()}")
    matches = [p for p in review.players if p.registered.player.casefold() in names]
    return matches[0] if len(matches) == 1 else None


def counted_sheet(player: Reviewed, event_name: str | None = None, event_date: str | None = None,
                  defaults: dict | None = None):
    """(the registration sheet of ``player``'s counted decklist, its file name): the fields from the roster (its
    name, KONAMI ID, and the columns that are sheet fields: country, first_name …), the event's name and date,
    then ``defaults`` (deckcheck.toml's ``[decklist]``). The player must have a counted, readable decklist."""
    from .convert import Namer
    from .registration import FIELDS, build_sheet, player_from

    counted = player.counted
    assert counted is not None and not counted.result.unreadable
    registered = player.registered
    from_roster = {k: v for k, v in registered.extra.items() if k in FIELDS and v}  # country, first_name …
    fields = player_from({**from_roster, "player": registered.player, "konami_id": registered.konami_id,
                          "event": event_name, "date": event_date}, defaults or {})
    sheet = build_sheet(counted.submission.file, counted.deck.name, counted.deck.entries, counted.result.problems,
                        fields, Namer(counted.regulation.cards, "en"),
                        skills_apart=counted.regulation.enabled("skill-card"),
                        format_title=counted.regulation.title, list_name=counted.regulation.list_name,
                        fingerprint=counted.fingerprint)
    name = "-".join(part for part in (fields.last_name, fields.first_name, registered.konami_id) if part)
    return sheet, safe_name(name) + ".pdf"


def safe_name(text: str) -> str:
    """A file name from a player's name: letters, digits, - and _ kept (any script), the rest as -."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in text).strip("-")
    return cleaned[:100] or "deck"


# ---- plain data for the reports -------------------------------------------------------------------


def change_json(row) -> dict:
    """A card change between two submissions, as ``banlists diff`` gives a card's: old and new copies."""
    return {"section": row.section, "card": row.card.to_json(), "old": row.a, "new": row.b}


def submission_json(checked: Checked) -> dict:
    s = checked.submission
    out: dict[str, object] = {"file": s.file, "received": s.received.isoformat(), "fingerprint": checked.fingerprint,
           "legal": checked.result.legal}
    if s.line is not None:
        out["manifest_line"] = s.line
    if s.extra:
        out["extra"] = dict(s.extra)
    return out


def player_json(player: Reviewed) -> dict:
    registered, counted = player.registered, player.counted
    out: dict[str, object] = {
        "konami_id": registered.konami_id,
        "player": registered.player,
        "status": player.status,
        "file": counted.submission.file if counted else None,
        "received": counted.submission.received.isoformat() if counted else None,
        "fingerprint": counted.fingerprint if counted else None,
        "problems": [p.to_json() for p in counted.result.problems] if counted else [],
        "superseded": [{**submission_json(c), "changes": [change_json(r) for r in c.changes]}
                       for c in player.superseded],
        "late": [{**submission_json(c), "changes": [change_json(r) for r in c.changes]} for c in player.late],
    }
    if registered.table is not None:
        out["table"] = registered.table
    if registered.seat is not None:
        out["seat"] = registered.seat
    if counted is not None and counted.submission.extra:
        out["extra"] = dict(counted.submission.extra)
    if registered.extra:
        out["roster"] = dict(registered.extra)
    return out


def unmatched_json(checked: Checked) -> dict:
    s = checked.submission
    return {"konami_id": s.konami_id, "player": s.player, **submission_json(checked)}


def order_for_organizer(review: Review) -> list[Reviewed]:
    """Missing first, then illegal, then those with a late submission, then the rest; by name within each."""
    from .registration import player_from

    rank = {MISSING: 0, ILLEGAL: 1}

    def key(player: Reviewed):
        return (rank.get(player.status, 2 if player.late else 3),
                player_from({"player": player.registered.player}).sort_key())

    return sorted(review.players, key=key)
