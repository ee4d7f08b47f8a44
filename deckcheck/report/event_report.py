"""The reports of ``deckcheck event`` (deckcheck/event.py): a table for the organizer (missing, illegal and
late first), JSON (one entry per registered player, ``unmatched``, a ``summary``), CSV (one row per
registered player, then one per unmatched submission) and HTML (the check report's page, grouped by player);
and the comparison of ``--check-deck``.

JSON: ``{"deadline", "players": [{konami_id, player, status: legal|illegal|missing, file, received,
fingerprint, problems, superseded, late, [table, seat, extra, roster]}], "unmatched": [...], "summary"}``;
``superseded`` and ``late`` entries have ``file``, ``received``, ``fingerprint``, ``legal`` and ``changes``
(``{section, card, old, new}``: copies in the earlier and the later list).
"""

from __future__ import annotations

import csv
import io
import json

from .. import __version__
from ..event import (
    ILLEGAL, LEGAL, MISSING, Review, Reviewed, change_json, order_for_organizer, player_json, unmatched_json,
)
from ..model import ERROR, SECTION_TITLES
from .escape import html_text as h
from .escape import json_safe, neutralize_commands, printable


def document(review: Review) -> dict:
    return {
        "tool": {"name": "deckcheck", "version": __version__},
        "deadline": review.deadline.isoformat(),
        "players": [player_json(p) for p in review.players],
        "unmatched": [unmatched_json(c) for c in review.unmatched],
        "summary": review.summary(),
    }


def json_text(review: Review) -> str:
    return json_safe(json.dumps(document(review), ensure_ascii=False, indent=2)) + "\n"


# ---- the table --------------------------------------------------------------------------------


def _when(checked) -> str:
    return checked.submission.received.isoformat()


def _change_words(rows) -> str:
    if not rows:
        return "same cards"
    return "; ".join(f"{SECTION_TITLES[r.section]} {r.card.label()} {r.a}→{r.b}" for r in rows)


def _errors(checked) -> list[str]:
    out = []
    for p in checked.result.problems:
        if p.severity == ERROR:
            where = f"line {p.line}: " if p.line is not None else ""
            out.append(f"{where}{p.rule}: {p.message}")
    return out


def text(review: Review) -> str:
    """One block per player, missing, illegal and late first; then the unmatched files and the summary."""
    lines = [f"Deadline {review.deadline.isoformat()}", ""]
    rows = [("STATUS", "PLAYER", "KONAMI ID", "FILE", "RECEIVED", "FINGERPRINT")]
    notes: dict[int, list[str]] = {}
    for player in order_for_organizer(review):
        counted = player.counted
        rows.append((player.status.upper(), player.registered.player, player.registered.konami_id,
                     counted.submission.file if counted else "-", _when(counted) if counted else "-",
                     (counted.fingerprint or "-") if counted else "-"))
        extra = []
        if counted is not None:
            extra += [f"error {e}" for e in _errors(counted)]
        for late in player.late:
            extra.append(f"LATE {late.submission.file} received {_when(late)}, not counted"
                         + (f" ({_change_words(late.changes)})" if counted is not None else ""))
        for old in player.superseded:
            extra.append(f"superseded {old.submission.file} received {_when(old)}: {_change_words(old.changes)}")
        notes[len(rows) - 1] = extra
    widths = [max(len(printable(str(row[i]))) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        lines.append("  ".join(printable(str(cell)).ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        for note in notes.get(number, []):
            lines.append("    " + printable(note))
    if review.unmatched:
        lines += ["", "Unmatched submissions (no registered player has their KONAMI ID):"]
        for checked in review.unmatched:
            s = checked.submission
            lines.append(printable(f"  {s.file}  KONAMI ID {s.konami_id or '(none)'}"
                                   + (f"  {s.player}" if s.player else "") + f"  received {_when(checked)}"))
    summary = review.summary()
    lines += ["", f"{summary['registered']} registered: {summary['legal']} legal, {summary['illegal']} illegal, "
                  f"{summary['missing']} missing; {summary['superseded']} superseded, {summary['late']} late, "
                  f"{summary['unmatched']} unmatched submission{'s' if summary['unmatched'] != 1 else ''}"]
    return neutralize_commands("\n".join(lines) + "\n")


# ---- CSV --------------------------------------------------------------------------------------

CSV_COLUMNS = ("konami_id", "player", "status", "file", "received", "fingerprint", "errors", "problems",
               "superseded", "late", "table", "seat")


def _cell(value) -> str:
    text = "" if value is None else printable(str(value))
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(review: Review) -> str:
    """One row per registered player (roster order), then one per unmatched submission (status unmatched)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for player in review.players:
        counted, r = player.counted, player.registered
        problems = [p for p in counted.result.problems] if counted else []
        writer.writerow([_cell(v) for v in (
            r.konami_id, r.player, player.status, counted.submission.file if counted else None,
            counted.submission.received.isoformat() if counted else None, counted.fingerprint if counted else None,
            sum(p.severity == ERROR for p in problems),
            " | ".join(f"[{p.rule}] {p.message}" for p in problems),
            " | ".join(f"{c.submission.file} ({c.submission.received.isoformat()})" for c in player.superseded),
            " | ".join(f"{c.submission.file} ({c.submission.received.isoformat()})" for c in player.late),
            r.table, r.seat)])
    for checked in review.unmatched:
        s = checked.submission
        writer.writerow([_cell(v) for v in (s.konami_id, s.player, "unmatched", s.file, s.received.isoformat(),
                                            checked.fingerprint, None, None, None, None, None, None)])
    return neutralize_commands(buffer.getvalue())


# ---- HTML -------------------------------------------------------------------------------------


def _badge(status: str) -> str:
    css = {LEGAL: "legal", ILLEGAL: "illegal", MISSING: "unreadable"}.get(status, "unreadable")
    return f'<span class="status {css}">{h(status.upper())}</span>'


def _changes_html(rows) -> str:
    if not rows:
        return "same cards"
    return "; ".join(f"{h(SECTION_TITLES[r.section])} {h(r.card.label())} {r.a}→{r.b}" for r in rows)


def html_text(review: Review) -> str:
    """The check report's page, one panel per player (missing, illegal and late first)."""
    from .html import _problems_table, page

    summary = review.summary()
    body = [f'<div class="panel"><h1>Event ledger</h1><p class="meta">Deadline {h(review.deadline.isoformat())} · '
            f'{summary["registered"]} registered: {summary["legal"]} legal, {summary["illegal"]} illegal, '
            f'{summary["missing"]} missing · {summary["superseded"]} superseded, {summary["late"]} late, '
            f'{summary["unmatched"]} unmatched</p></div>']
    body.append('<div class="panel"><h2>Players</h2><table><thead><tr><th>Status</th><th>Player</th>'
                "<th>KONAMI ID</th><th>File</th><th>Received</th><th>Fingerprint</th></tr></thead><tbody>")
    ordered = order_for_organizer(review)
    for i, player in enumerate(ordered, 1):
        c = player.counted
        history = ", ".join(part for part in (f"{len(player.late)} late" if player.late else "",
                                              f"{len(player.superseded)} superseded" if player.superseded else "")
                            if part)
        body.append(f'<tr><td>{_badge(player.status)}</td><td><a href="#player-{i}">{h(player.registered.player)}'
                    f"</a>{' (' + h(history) + ')' if history else ''}</td><td>{h(player.registered.konami_id)}</td><td>{h(c.submission.file) if c else ''}</td>"
                    f"<td>{h(_when(c)) if c else ''}</td><td>{h(c.fingerprint or '') if c else ''}</td></tr>")
    body.append("</tbody></table></div>")
    for i, player in enumerate(ordered, 1):
        c = player.counted
        parts = [f'<section class="panel deck" id="player-{i}"><h2>{_badge(player.status)} '
                 f"{h(player.registered.player)} <span class=\"path\">{h(player.registered.konami_id)}</span></h2>"]
        if c is None:
            parts.append("<p>No decklist received by the deadline.</p>")
        else:
            parts.append(f'<p class="meta">Counted: {h(c.submission.file)} · received {h(_when(c))} · fingerprint '
                         f"{h(c.fingerprint or '')}</p>{_problems_table(c.result.problems)}")
        for old in player.superseded:
            parts.append(f'<p class="meta">Superseded: {h(old.submission.file)} · received {h(_when(old))} · '
                         f"{_changes_html(old.changes)}</p>")
        for late in player.late:
            parts.append(f'<p class="meta">LATE, not counted: {h(late.submission.file)} · received '
                         f"{h(_when(late))}" + (f" · {_changes_html(late.changes)}" if c else "") + "</p>")
        parts.append("</section>")
        body.append("".join(parts))
    if review.unmatched:
        body.append('<div class="panel"><h2>Unmatched submissions</h2><ul>' + "".join(
            f"<li>{h(u.submission.file)} · KONAMI ID {h(u.submission.konami_id or '(none)')}"
            f"{' · ' + h(u.submission.player) if u.submission.player else ''} · received {h(_when(u))}</li>"
            for u in review.unmatched) + "</ul></div>")
    return page("deckcheck event", body, script=False)


# ---- --check-deck -----------------------------------------------------------------------------


def check_deck_json(player: Reviewed, found, rows, same: bool) -> str:
    counted = player.counted
    assert counted is not None  # --check-deck is for a player with a counted list
    doc = {"konami_id": player.registered.konami_id, "player": player.registered.player,
           "counted": {"file": counted.submission.file, "fingerprint": counted.fingerprint},
           "found": {"file": found.submission.file, "fingerprint": found.fingerprint},
           "matches": same, "changes": [change_json(r) for r in rows]}
    return json_safe(json.dumps(doc, ensure_ascii=False, indent=2)) + "\n"


def check_deck_text(player: Reviewed, found, rows, same: bool) -> str:
    counted = player.counted
    assert counted is not None  # --check-deck is for a player with a counted list
    lines = [f"{player.registered.player} ({player.registered.konami_id})",
             f"  counted {counted.submission.file}  {counted.fingerprint}",
             f"  found   {found.submission.file}  {found.fingerprint}"]
    if same:
        lines.append("MATCH: the deck found is the counted list (same fingerprint).")
    else:
        lines.append("NO MATCH: the deck found differs from the counted list.")
        for r in rows:
            lines.append(f"  {SECTION_TITLES[r.section]}: {r.card.label()}  counted {r.a}, found {r.b} "
                         f"({r.b - r.a:+d})")
        if not rows:
            lines.append("  (the same card names; a card differs only in a way the names do not show)")
    return neutralize_commands("\n".join(printable(line) for line in lines) + "\n")
