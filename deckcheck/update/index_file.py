"""deckcheck's card index file format, for code that writes one (the updater, importers).

The format is the one ``tools/build_data`` writes and :class:`deckcheck.carddb.CardIndex`
reads: JSON Lines, a header object (schema, sources, fields, optional placeholders, then
``passcodes``, ``alt_passcodes`` and ``groups``), then one card array per line in passcode
order. :func:`index_bytes` reproduces ``tools.build_data.write.write_index`` byte for byte (a test holds
the two together on the bundled index), so a downloaded index and the bundled one differ in
content only, never in layout.
"""

from __future__ import annotations

import json
from pathlib import Path

SCHEMA = 2
FIELDS = ["passcode", "name", "kind", "type", "tcg", "ocg", "origin", "konami_id",
          "tcg_date", "ocg_date", "group", "alt_passcodes", "level"]
COL = {name: i for i, name in enumerate(FIELDS)}
KINDS = ("main", "extra", "token", "skill")
ORIGINS = ("official", "prerelease", "rush", "unofficial")


class IndexFormatError(ValueError):
    """A card index document breaks the format's invariants."""


_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode  # one encoder for every line


def index_bytes(doc: dict) -> bytes:
    """The index file for ``doc`` (``{"schema", "generated_by", "sources", "fields", "cards", ...}``)."""
    rows = doc["cards"]
    alt_col = doc["fields"].index("alt_passcodes")
    group_col = doc["fields"].index("group")
    header = {k: v for k, v in doc.items() if k != "cards"}
    header["passcodes"] = [row[0] for row in rows]
    alts = {str(alt): row[0] for row in sorted(rows, key=lambda r: r[0]) for alt in row[alt_col]}
    header["alt_passcodes"] = dict(sorted(alts.items(), key=lambda kv: int(kv[0])))
    header["groups"] = {str(row[0]): row[group_col] for row in rows if row[group_col] is not None}
    return (_dumps(header) + "\n" + _row_lines(rows)).encode("utf-8")


def _row_lines(rows: list[list]) -> str:
    """One line per row, each ``_dumps(row)``. All rows are encoded in one call and split where one row ends and
    the next begins (``],[``: a row ends in its level, and no list in a row is followed by a list), unless a text
    in a row holds that sequence too: then row by row."""
    if not rows:
        return ""
    text = _dumps(rows)
    if text.count("],[") != len(rows) - 1 or not all(type(row) is list for row in rows):
        return "".join(_dumps(row) + "\n" for row in rows)
    return text[1:-1].replace("],[", "]\n[") + "\n"


def read_index(path: Path) -> tuple[dict, list[list]]:
    """The header and every row of an index file (all of it parsed: for building, not for checking)."""
    data = path.read_bytes()
    newline = data.index(b"\n")
    header = json.loads(data[:newline])
    body = data[newline + 1 :].strip(b"\n")
    rows = json.loads(b"[" + body.replace(b"\n", b",") + b"]") if body else []
    return header, rows


def document(rows: list[list], sources: list[dict], placeholders: dict[int, int], generated_by: str) -> dict:
    """An index document: rows sorted by passcode, alternate passcodes sorted, placeholders by id."""
    rows = sorted(rows, key=lambda r: r[0])
    for row in rows:
        row[COL["alt_passcodes"]] = sorted(row[COL["alt_passcodes"]])
    doc = {"schema": SCHEMA, "generated_by": generated_by, "sources": sources, "fields": list(FIELDS), "cards": rows}
    if placeholders:
        doc["placeholders"] = {str(k): placeholders[k] for k in sorted(placeholders)}
    return doc


def validate(doc: dict) -> None:
    """Raise IndexFormatError unless ``doc`` is an index CardIndex can load and trust."""
    if doc.get("fields") != FIELDS:
        raise IndexFormatError("fields differ from deckcheck's index fields")
    seen: set[int] = set()
    roots: dict[int, int | None] = {}
    width = len(FIELDS)
    origin_col, level_col, alt_col, group_col = COL["origin"], COL["level"], COL["alt_passcodes"], COL["group"]
    for row in doc["cards"]:
        if not isinstance(row, list) or len(row) != width:
            raise IndexFormatError(f"row {str(row)[:60]} does not have {width} fields")
        passcode, name, kind = row[0], row[1], row[2]
        if not isinstance(passcode, int) or isinstance(passcode, bool) or passcode <= 0:
            raise IndexFormatError(f"passcode {passcode!r} is not a positive integer")
        if not isinstance(name, str) or not name.strip():
            raise IndexFormatError(f"card {passcode} has no name")
        if not name.isprintable():
            raise IndexFormatError(f"card {passcode} has a name with a character that is not allowed")
        if kind not in KINDS:
            raise IndexFormatError(f"card {passcode} has kind {kind!r}")
        if row[origin_col] not in ORIGINS:
            raise IndexFormatError(f"card {passcode} has origin {row[origin_col]!r}")
        level = row[level_col]
        if level is not None and (not isinstance(level, int) or isinstance(level, bool) or not 0 <= level < 256):
            raise IndexFormatError(f"card {passcode} has level {level!r}")
        if passcode in seen:
            raise IndexFormatError(f"passcode {passcode} belongs to two cards")
        seen.add(passcode)
        for p in row[alt_col]:
            if not isinstance(p, int) or isinstance(p, bool) or p <= 0:
                raise IndexFormatError(f"card {passcode} has passcode {p!r}")
            if p in seen:
                raise IndexFormatError(f"passcode {p} belongs to two cards")
            seen.add(p)
        roots[passcode] = row[group_col]
    for passcode, group in roots.items():
        if group is not None and (group not in roots or roots[group] is not None):
            raise IndexFormatError(f"card {passcode} is grouped under {group}, which is not a card of its own")
    for key, target in (doc.get("placeholders") or {}).items():
        if int(key) in seen:
            raise IndexFormatError(f"placeholder {key} is also a card's passcode")
        if target not in seen:
            raise IndexFormatError(f"placeholder {key} points to unknown passcode {target}")


def carry_over(rows: dict[int, list], owner: dict[int, int], placeholders: dict[int, int], ref, source: str) -> str | None:
    """Add what a new source lacks from the reference (bundled) index: whole cards, then
    alternate passcodes of cards both have, so an update never makes a known passcode unknown.

    ``owner`` maps every passcode already taken to its card; carried cards lose their name
    group (the caller sets groups afterwards). Returns a note for the update report, or None.
    """
    cards = alts = 0
    for passcode, known in sorted(ref.rows.items()):
        if passcode in owner or passcode in placeholders:
            continue
        row = list(known)
        row[COL["alt_passcodes"]] = [a for a in known[COL["alt_passcodes"]] if a not in owner and a not in placeholders]
        row[COL["group"]] = None
        rows[passcode] = row
        for p in (passcode, *row[COL["alt_passcodes"]]):
            owner[p] = passcode
        cards += 1
    for passcode, known in ref.rows.items():
        target = owner.get(passcode)
        if target is None:
            continue
        for alt in known[COL["alt_passcodes"]]:
            if alt not in owner and alt not in placeholders:
                owner[alt] = target
                rows[target][COL["alt_passcodes"]].append(alt)
                alts += 1
    if not (cards or alts):
        return None
    return f"carried over from the bundled index: {cards} card(s) and {alts} alternate passcode(s) {source} does not have"


def flatten_groups(rows: dict[int, list]) -> None:
    """Point every name group at its root card; drop a group that leads nowhere or to itself."""
    for row in rows.values():
        seen = set()
        while row[COL["group"]] is not None and row[COL["group"]] not in seen:
            seen.add(row[COL["group"]])
            target = rows.get(row[COL["group"]])
            if target is None or target[COL["group"]] is None:
                break
            row[COL["group"]] = target[COL["group"]]
        group = row[COL["group"]]
        if group is not None and (group == row[0] or group not in rows or rows[group][COL["group"]] is not None):
            row[COL["group"]] = None
