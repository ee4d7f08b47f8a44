"""CSV for organizers' spreadsheets: one row per deck, in the order the files were found.

Columns: path, name, format, banlist (the points list of a points format), status (legal |
illegal | unreadable), main, extra, side, errors, warnings, rules (the rule IDs of its problems,
most frequent first, ``;`` between), problems (every problem as ``line N: [rule] message``,
`` | `` between), points (the deck's total points in a points format such as Genesys, else empty).
A cell that would start with ``=``, ``+``, ``-``, ``@``, tab or carriage return gets a leading
``'`` so a spreadsheet shows it as text instead of running it as a formula (deck names and
unknown card names come from the decklists themselves).
"""

from __future__ import annotations

import csv
import io

from . import Run, counts, status

COLUMNS = ("path", "name", "format", "banlist", "status", "main", "extra", "side", "errors", "warnings", "rules",
           "problems", "points")


def _cell(value) -> str:
    text = "" if value is None else str(value)
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


def _problem(p) -> str:
    where = f"line {p.line}: " if p.line is not None else ""
    return f"{where}[{p.rule}] {p.message}"


def rows(run: Run):
    yield COLUMNS
    for result in run.results:
        errors, warnings = counts(result)
        fmt = run.deck_formats.get(result.path) or (run.format_id, run.banlist.get("name") or
                                                     (run.lists.get("points") or {}).get("name"))
        points = result.facts.get("points")
        tally: dict[str, int] = {}
        for p in result.problems:
            tally[p.rule] = tally.get(p.rule, 0) + 1
        rules = sorted(tally, key=lambda r: -tally[r])
        yield (
            result.path, result.name, fmt[0], fmt[1], status(result),
            result.sizes.get("main", 0), result.sizes.get("extra", 0), result.sizes.get("side", 0),
            errors, warnings, ";".join(rules), " | ".join(_problem(p) for p in result.problems),
            points["total"] if points else None,
        )


def render(run: Run) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180
    for i, row in enumerate(rows(run)):
        writer.writerow(row if i == 0 else [_cell(v) for v in row])
    return buffer.getvalue()
