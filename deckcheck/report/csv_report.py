"""CSV for organizers' spreadsheets: one row per deck, in the order the files were found.

Columns: path, name, format, banlist (the points list of a points format), status (legal |
illegal | unreadable), main, extra, side, errors, warnings, rules (the rule IDs of its problems,
most frequent first, ``;`` between), problems (every problem as ``line N: [rule] message``,
`` | `` between; notes left out), points (the deck's total points in a points format such as
Genesys, else empty), player (who the decklist says made it: YAML ``player:``, a YDK ``#created
by`` that names a person rather than a program), note (on every row, when the newest list deckcheck has
may not be the one in force: ``report.stale_message``), fingerprint (the deck's content as a code:
docs/fingerprint.md; empty for an unreadable file). Columns are only ever added, at the end, so
those before keep their places.
A cell that would start with ``=``, ``+``, ``-``, ``@``, tab or carriage return gets a leading
``'`` so a spreadsheet shows it as text instead of running it as a formula (deck names and
unknown card names come from the decklists themselves). Control characters are shown escaped
(``escape.printable``: a cell is one line), no line begins with ``::`` and no ``##[`` is left
(``escape.neutralize_commands``), and a cell longer than a spreadsheet holds (32,767
characters) is cut: the problems cell after its last whole problem, with ``… (N more)``.
"""

from __future__ import annotations

import csv
import io

from ..model import INFO
from . import ReportFormat, Run, counts, stale_message, status
from .escape import neutralize_commands, printable

COLUMNS = ("path", "name", "format", "banlist", "status", "main", "extra", "side", "errors", "warnings", "rules",
           "problems", "points", "player", "note", "fingerprint")


CELL_LIMIT = 32_767  # characters a spreadsheet cell holds (Excel, LibreOffice Calc)


def _cell(value) -> str:
    text = "" if value is None else printable(str(value))
    if text and text[0] in "=+-@\t\r":
        text = "'" + text
    if len(text) > CELL_LIMIT:
        keep = CELL_LIMIT - _NOTE_ROOM
        text = f"{text[:keep]}… ({len(text) - keep:,} more characters)"
    return text


_NOTE_ROOM = 40  # room kept for "… (N more …)" at the end of a cut cell


def _problem(p) -> str:
    where = f"line {p.line}: " if p.line is not None else ""
    return printable(f"{where}[{p.rule}] {p.message}")


def _problems(problems) -> str:
    """Every problem, `` | `` between; if they do not fit in a cell, those that do and ``… (N more)``."""
    texts = [_problem(p) for p in problems]
    if sum(map(len, texts)) + 3 * len(texts) <= CELL_LIMIT:
        return " | ".join(texts)
    shown: list[str] = []
    size = 0
    for text in texts:
        if size + len(text) + 3 > CELL_LIMIT - _NOTE_ROOM:
            break
        shown.append(text)
        size += len(text) + 3
    return " | ".join([*shown, f"… ({len(texts) - len(shown):,} more)"])


def rows(run: Run):
    yield COLUMNS
    note = "; ".join(stale_message(item) for item in run.stale) or None
    for result in run.results:
        errors, warnings = counts(result)
        fmt = run.deck_formats.get(result.path) or (run.format_id, run.banlist.get("name") or
                                                     (run.lists.get("points") or {}).get("name"))
        points = result.facts.get("points")
        problems = [p for p in result.problems if p.severity != INFO]
        tally: dict[str, int] = {}
        for p in problems:
            tally[p.rule] = tally.get(p.rule, 0) + 1
        rules = sorted(tally, key=lambda r: -tally[r])
        yield (
            result.path, result.name, fmt[0], fmt[1], status(result),
            result.sizes.get("main", 0), result.sizes.get("extra", 0), result.sizes.get("side", 0),
            errors, warnings, ";".join(rules), _problems(problems),
            points["total"] if points else None, result.player, note, result.fingerprint,
        )


def render(run: Run) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180
    for i, row in enumerate(rows(run)):
        writer.writerow(row if i == 0 else [_cell(v) for v in row])
    return neutralize_commands(buffer.getvalue())


class CsvFormat(ReportFormat):
    def chunks(self, run: Run, *, quiet: bool = False) -> list[str]:
        return [render(run)]
