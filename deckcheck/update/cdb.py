"""Import an EDOPro/YGOPro ``cards.cdb`` (SQLite: ``datas`` + ``texts``) as deckcheck's card index.

Only facts are read (id, ot, alias, type, name). Rows become cards as EDOPro groups them: an
alias to a card of the same name is an alternate artwork of it; an alias to a differently named
card is a card of its own counted under that card's name ("always treated as"). Rows of the
official scopes (OCG, TCG, prerelease) and Skill Cards are imported; Rush, anime, video-game
and other unofficial rows are left to the bundled list of other cards.

A cdb carries no Konami IDs and no release dates: those are taken from the bundled index for the
cards it knows. TCG/OCG availability is the cdb's ``ot`` bits, or'ed with the bundled index's
(EDOPro's bits are known to miss a few TCG releases). Bundled passcodes the cdb lacks are carried
over, so an import never makes a known passcode unknown.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .index_file import COL, carry_over, flatten_groups
from ..cardtypes import MONSTER, SKILL, kind_of, pools_of
from .ygoprodeck import PLACEHOLDER_MIN, Reference, text_problem

OT_OCG, OT_TCG, OT_PRERELEASE = 0x1, 0x2, 0x100
OT_UNOFFICIAL = 0x4 | 0x8 | 0x10 | 0x20 | 0x200 | 0x400 | 0x1000  # anime, illegal, video game, custom, rush, legend, hidden


ROWS_PER_CARD = 3  # a cdb also holds Rush, anime and other rows deckcheck does not import


class CdbError(ValueError):
    pass


def read_cdb(path: Path, max_rows: int | None = None) -> list[tuple[int, int, int, int, str, int | None]]:
    """``(id, ot, alias, type, name, level)`` rows (level: a monster's Level, Rank or Link Rating, else None);
    CdbError when the file is not a card database, has more than ``max_rows`` rows, or a name with a
    character that is not allowed."""
    try:
        with open(path, "rb") as f:
            magic = f.read(16)
    except OSError as exc:
        raise CdbError(f"{path}: cannot read: {exc.strerror}") from None
    if magic != b"SQLite format 3\x00":
        raise CdbError(f"{path}: not an SQLite card database (.cdb)")
    try:
        con = sqlite3.connect(f"file:{path.resolve().as_posix()}?mode=ro", uri=True)
        try:
            count = con.execute("SELECT count(*) FROM datas").fetchone()[0]
            if max_rows is not None and count > max_rows:
                raise CdbError(f"{path}: refused as implausible: {count:,} rows (at most {max_rows:,})")
            rows = con.execute("SELECT d.id, d.ot, d.alias, d.type, t.name, d.level FROM datas d "
                               "JOIN texts t ON t.id = d.id").fetchall()
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise CdbError(f"{path}: not an EDOPro/YGOPro card database ({exc})") from None
    out = []
    for r in rows:
        if not all(isinstance(v, int) for v in r[:4]) or not isinstance(r[4], str):
            raise CdbError(f"{path}: row {r[0]!r} has unexpected column types")
        name = " ".join(r[4].replace("\u00a0", " ").split())
        problem = text_problem(name)
        if problem:
            raise CdbError(f"{path}: the name of card {r[0]} {problem}")
        level = (r[5] & 0xFF) if isinstance(r[5], int) and r[3] & MONSTER else 0  # the low byte; scales above it
        out.append((r[0], r[1], r[2], r[3], name, level or None))
    return out


def convert(raw: list[tuple], ref: Reference, notes: list[str]) -> tuple[list[list], dict[int, int], int]:
    """Index rows, placeholders and the number of cards taken from the cdb itself."""
    rows_in = {r[0]: r for r in raw if r[0] > 0 and r[4] and ((r[1] & (OT_OCG | OT_TCG | OT_PRERELEASE)) or r[3] & SKILL)
               and not (r[1] & OT_UNOFFICIAL and not r[1] & (OT_OCG | OT_TCG))}
    skipped = len(raw) - len(rows_in)
    if skipped:
        notes.append(f"{skipped} unofficial, Rush or scope-less row(s) of the cdb skipped")
    held = [i for i in rows_in if i in ref.placeholders]
    for i in held:  # a placeholder id the bundled index maps to its official card stays a placeholder
        del rows_in[i]
    if held:
        notes.append(f"{len(held)} cdb row(s) kept as the placeholder ids the bundled index knows them as")

    def root(r):
        """The card a row is an artwork of: same name and same type (a same-name row of another type is a
        different card of that name, like Black Luster Soldier the Normal Monster 10000100)."""
        seen = set()
        while r[2] and r[2] in rows_in and r[2] not in seen:
            seen.add(r[0])
            target = rows_in[r[2]]
            if target[4] != r[4] or target[3] != r[3]:
                break
            r = target
        return r[0]

    alts = {i: root(r) for i, r in rows_in.items() if r[2] and root(r) != i}
    rows: dict[int, list] = {}
    for i, (passcode, ot, _alias, bits, name, *more) in sorted(rows_in.items()):
        if i in alts:
            continue
        kind = kind_of(bits)
        deck = kind in ("main", "extra")
        origin = "prerelease" if passcode >= PLACEHOLDER_MIN or (ot & OT_PRERELEASE and not ot & (OT_OCG | OT_TCG)) else "official"
        tcg, ocg = (int(bool(ot & OT_TCG)), int(bool(ot & OT_OCG))) if deck and origin == "official" else pools_of(kind)
        row = [passcode, name, kind, bits, tcg, ocg, origin, None, None, None, None, [], more[0] if more else None]
        known = ref.rows.get(passcode)
        if known is not None:
            for col in ("konami_id", "tcg_date", "ocg_date"):
                row[COL[col]] = known[COL[col]]
            if row[COL["level"]] is None and len(known) > COL["level"]:
                row[COL["level"]] = known[COL["level"]]
            if known[COL["origin"]] == "official":  # released under EDOPro's id (Destined Duel 100200296)
                row[COL["origin"]] = "official"
            if deck:
                row[COL["tcg"]] |= known[COL["tcg"]]
                row[COL["ocg"]] |= known[COL["ocg"]]
        rows[passcode] = row
    for alt, canonical in sorted(alts.items()):
        rows[canonical][COL["alt_passcodes"]].append(alt)
    from_cdb = len(rows)
    owner = {p: p for p in rows}
    for p, row in rows.items():
        for alt in row[COL["alt_passcodes"]]:
            owner[alt] = p
    # name groups: alias to another card (another name, or the same name and another type)
    for i, r in rows_in.items():
        if i in alts or not r[2]:
            continue
        target = owner.get(r[2])
        if target is not None and target != i:
            rows[i][COL["group"]] = target
    note = carry_over(rows, owner, {}, ref, "the cdb")
    if note:
        notes.append(note)
    for passcode, known in ref.rows.items():  # the bundled index's name groups for cards the cdb leaves ungrouped
        target, group = owner.get(passcode), known[COL["group"]]
        if target is not None and group is not None and rows[target][COL["group"]] is None and owner.get(group) not in (None, target):
            rows[target][COL["group"]] = owner[group]
    placeholders = {k: owner[v] for k, v in ref.placeholders.items() if k not in owner and v in owner}
    flatten_groups(rows)
    return list(rows.values()), placeholders, from_cdb
