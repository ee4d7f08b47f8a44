"""The text report for people: a verdict per deck and its problems, then a summary (rich).

Decks are listed worst first (unreadable, then illegal by most errors, then legal with
warnings, then clean; ties in the order found), and a run of several decks ends with a
summary: decks checked, legal, illegal, unreadable, files skipped, and the most common
problems, by card. Up to 50 decks shown, each deck's problems are a table where the width
allows one that reads well (``TABLE_MIN_WIDTH``), else stacked: a problem in two lines, where
it is and its rule and card, then what is wrong → the fix. Past 50 decks, one line per problem.
A card is named once per problem: where its label is shown, the message and fix leave the name
out (``unnamed``). How lines fit the terminal, or are not wrapped when piped: ``layout.py``.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..model import ERROR, INFO, SECTION_TITLES, SECTIONS, WARNING
from . import ReportFormat, Run, stale_message, worst_first
from .escape import printable
from .layout import cells, fits, fold, hang, print_table, runs_line, table, wrap_width
from .terminal import console as safe_console
from .terminal import shown

_SEVERITY_STYLE = {ERROR: "bold red", WARNING: "yellow", INFO: "dim"}
TABLE_MIN_WIDTH = 110  # below this, problems are stacked: a table's Card, Problem and Fix columns get too narrow


def _counts(sizes: dict) -> str:
    return " · ".join(f"{SECTION_TITLES[s]} {sizes.get(s, 0)}" for s in SECTIONS)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def tally(problems) -> str:
    """"2 errors, 1 warning" (notes are not counted)."""
    errors = sum(1 for p in problems if p.severity == ERROR)
    warnings = sum(1 for p in problems if p.severity == WARNING)
    return ", ".join(_plural(n, word) for n, word in ((errors, "error"), (warnings, "warning")) if n)


def _lists(run: Run) -> list[str]:
    """The lists of the run's format, as the header names them (each a part of the header line)."""
    lists = run.lists or {"banlist": run.banlist or None}
    region = lists.get("chosen_region")
    where = f" in {region}" if region else ""
    parts = []
    banlist = lists.get("banlist")
    if banlist:
        text = f"list {banlist.get('name')} (in force from {banlist.get('effective')}{where})"
        others = lists.get("also") or ()
        text += "".join(f" + {other['name']} (from {other['effective']})" for other in others)
        parts.append(text + (": the strictest status of each card" if others else ""))
    points = lists.get("points")
    if points:
        parts.append(f"points {points['name']} (in force from {points['effective']}{where}), cap {points['cap']}")
    if lists.get("pool"):
        parts.append(f"pool {lists['pool']['name']}")
    return parts or ["no list"]


def header(run: Run, console: Console, width: int | None) -> Text:
    parts = [Text(printable(run.format_title), style="bold"), *map(shown, _lists(run)), Text(f"as of {run.as_of.isoformat()}")]
    cards = run.data.get("cards", {})
    if cards.get("built"):
        parts.append(shown(f"card data {cards.get('origin', 'bundled')}, {cards['built']}"))
    return fold(console, parts, width, indent=0, sep=" · ")


def verdict_runs(run: Run, result) -> list[tuple[str, str]]:
    """The verdict line of a deck as (text, style) runs: verdict and path, then its other parts (sizes, format,
    points, tally), each after two spaces, kept whole when the line must break (``verdict_line``)."""
    if result.unreadable:
        runs = [("✗ UNREADABLE ", "bold red"), (printable(result.path), "bold")]
    else:
        runs = [("✓ LEGAL " if result.legal else "✗ ILLEGAL ", "bold green" if result.legal else "bold red"),
                (printable(result.path), "bold"), ("  " + _counts(result.sizes), "")]
    fmt = run.deck_formats.get(result.path)
    if fmt and fmt[0] != run.format_id:
        runs.append((printable(f"  [{fmt[0].upper()}, {fmt[1] or 'no list'}]"), ""))
    points = result.facts.get("points") if result.facts else None
    if points:
        runs.append((f"  {points['total']} points (cap {points['cap']})", "red" if points["total"] > points["cap"] else ""))
    if result.problems:
        counted = tally(result.problems)
        if counted:
            runs.append((f"  ({counted})", ""))
    return runs


def verdict_line(run: Run, result, console: Console, width: int | None = None) -> Text:
    """The verdict on one line; where it is wider than ``width``, broken between its parts."""
    runs = verdict_runs(run, result)
    if width is None or sum(cells(text) for text, _ in runs) <= width:
        return runs_line(runs)
    parts = [runs_line(runs[:2])] + [runs_line([(text[2:], style)]) for text, style in runs[2:]]  # each "  part"
    return fold(console, parts, width)


# ---- one problem ------------------------------------------------------------------------------


def _name_pattern(name: str) -> re.Pattern:
    # "NAME …" or "NAME's …" at the start; "N copies of NAME" anywhere
    return re.compile(rf"^{re.escape(name)}('s)? |(cop(?:y|ies)) of {re.escape(name)}(?=$|[ ;,.)])")


def _without_name(match: re.Match) -> str:
    if match.group(2):
        return match.group(2)
    return "its " if match.group(1) else ""


def unnamed(text: str | None, name: str | None) -> str:
    """``text`` without the card's name where a label names the card already: "X is Forbidden …" →
    "is Forbidden …", "remove 2 copies of X" → "remove 2 copies"."""
    if not text or not name or name not in text:
        return text or ""
    return _name_pattern(name).sub(_without_name, text) or text


def card_label(p) -> str | None:
    """The card a problem is about, as a label of its own: a known card (name and passcode); an unknown one
    is named by the message itself, as written."""
    card = p.card
    if card is None or not card.name or card.passcode is None:
        return None
    return card.label()


def location(p) -> str:
    section = SECTION_TITLES.get(p.section, "") if p.section else ""
    if p.line is not None:
        return f"line {p.line}" + (f", {section}" if section else "")
    return section


def problem_table(problems) -> Table:
    grid = table("Line", "Section", "Rule", "Card", "Problem", "Fix")
    for column in grid.columns[:3]:
        column.no_wrap = True
    grid.columns[0].justify = "right"
    grid.columns[3].ratio, grid.columns[4].ratio, grid.columns[5].ratio = 2, 3, 2
    for p in problems:
        label = card_label(p)
        name = p.card.name if label else None
        grid.add_row(
            str(p.line) if p.line is not None else "",
            SECTION_TITLES.get(p.section, "") if p.section else "",
            Text(p.rule, style=_SEVERITY_STYLE[p.severity]),
            shown(label or ""),
            shown(unnamed(p.message, name)),
            shown(unnamed(p.fix, name)),
        )
    return grid


def stacked_problem(p, console: Console, width: int | None, indent: int = 2) -> Text:
    """A problem in two lines: where, rule and card; then the message → the fix (wrapped, indented)."""
    label = card_label(p)
    name = p.card.name if label else None
    head = [shown(location(p)), Text(p.rule, style=_SEVERITY_STYLE[p.severity])]
    if label:
        head.append(shown(label, style="bold"))
    body = shown(unnamed(p.message, name))
    if p.fix:
        body.append(" → ")
        body.append_text(shown(unnamed(p.fix, name), style="cyan"))
    out = Text(" " * indent)
    out.append_text(fold(console, head, width, indent=indent + 4, start=indent))
    out.append("\n")
    out.append_text(hang(console, body, width, indent=indent + 4))
    return out


def print_problems(problems, console: Console, width: int | None) -> None:
    """A deck's problems: a table where it reads well, else stacked."""
    if not problems:
        return
    if width is not None and width >= TABLE_MIN_WIDTH:
        grid = problem_table(problems)
        if fits(console, grid, width):
            print_table(console, grid, width)
            return
    lines = [stacked_problem(p, console, width) for p in problems]
    console.print(Text("\n").join(lines), highlight=False, soft_wrap=True)


def problem_runs(p, rule_width: int = 0) -> list[tuple[str, str]]:
    """One problem as one line (past 50 decks): line, section, rule, message, → fix without the card again."""
    section = SECTION_TITLES.get(p.section, "") if p.section else ""
    message = p.message
    name = p.card.name if p.card is not None else None
    if p.card is not None and (name or str(p.card.passcode)) not in message:
        message = f"{p.card.label()}: {message}"
    runs = [("  " + (f"{p.line:>5}" if p.line is not None else "     ") + f"  {section:<5}  ", ""),
            (p.rule, _SEVERITY_STYLE[p.severity]), (" " * (rule_width - len(p.rule)) + f"  {printable(message)}", "")]
    if p.fix:
        runs.append((f" → {printable(unnamed(p.fix, name))}", "cyan"))
    return runs


def problem_line(p, rule_width: int = 0, width: int | None = None, console: Console | None = None) -> Text:
    """``problem_runs`` as a Text, wrapped to ``width`` under the message."""
    return runs_line(problem_runs(p, rule_width), width, indent=rule_width + 18, console=console)


# ---- the summary ------------------------------------------------------------------------------


TOP_PROBLEMS = 8  # rows of the summary's most common problems


def summary_table(run: Run) -> Table:
    """The most common problems by rule and card: in how many decks each is. A rule gives a card one problem a
    deck (a section, for some), so the count of problems is a column only where a row's differs from its decks."""
    rows = run.card_counts()[:TOP_PROBLEMS]
    problems = any(count.problems != count.decks for count in rows)
    grid = table("Most common problems", "Decks", *(["Problems"] if problems else []))
    for column in grid.columns[1:]:
        column.justify = "right"
    for count in rows:
        label = Text(count.rule if count.label is None else "", style=_SEVERITY_STYLE.get(count.severity, ""))
        if count.label is not None:
            label.append(count.kind, style=_SEVERITY_STYLE.get(count.severity, ""))
            label.append(": ")
            label.append_text(shown(count.label))
        grid.add_row(label, str(count.decks), *([str(count.problems)] if problems else []))
    return grid


def summary_line(run: Run) -> Text:
    decks = len(run.results)
    summary = Text(f"{_plural(decks, 'deck')} checked: ")
    summary.append(f"{run.legal} legal", style="green")
    summary.append(", ")
    summary.append(f"{run.illegal} illegal", style="red" if run.illegal else None)
    if run.unreadable:
        summary.append(", ")
        summary.append(f"{run.unreadable} unreadable", style="red")
    if run.skipped:
        summary.append(f"; {_plural(len(run.skipped), 'file')} in folders skipped (not decklists)")
    return summary


def print_summary(run: Run, console: Console, width: int | None) -> None:
    console.print(Text("Summary", style="bold"), highlight=False)
    if run.card_counts():
        grid = summary_table(run)
        if fits(console, grid, width):
            print_table(console, grid, width)
        else:  # one problem a line
            lines = [hang(console, Text(f"{c.decks:>4} {'deck ' if c.decks == 1 else 'decks'}  ") + (
                Text(c.rule) if c.label is None else Text(f"{c.kind}: ") + shown(c.label)), width, indent=13, first=0)
                for c in run.card_counts()[:TOP_PROBLEMS]]
            console.print(Text("Most common problems"), highlight=False)
            console.print(Text("\n").join(lines), highlight=False, soft_wrap=True)
    from ..parsers import skip_reason

    for path in run.skipped[:SKIPPED_SHOWN]:
        console.print(hang(console, shown(f"skipped {path}: {skip_reason(path)}", style="dim"), width, indent=4,
                           first=0), highlight=False, soft_wrap=True)
    if len(run.skipped) > SKIPPED_SHOWN:
        console.print(Text(f"… and {len(run.skipped) - SKIPPED_SHOWN} more skipped", style="dim"), highlight=False)


SKIPPED_SHOWN = 5  # files skipped (not decklists) named in the summary


# ---- the report -------------------------------------------------------------------------------


TABLES_UP_TO = 50  # decks shown; beyond, one line per problem (rich tables cost ~3 ms a deck)
_BLOCK = 200  # decks per print in the compact form


def render(run: Run, console: Console, quiet: bool = False) -> None:
    """Print the report. ``quiet``: only the decks that are not legal, and the summary line.

    Up to ``TABLES_UP_TO`` decks, each deck's problems are a table (or stacked); beyond, one line
    per problem (a folder of thousands of decks prints in about a second, and stays greppable).
    """
    width = wrap_width(console)
    blocks = 0  # a blank line goes between blocks, never before the first

    def gap() -> None:
        nonlocal blocks
        if blocks:
            console.print()
        blocks += 1

    if not quiet:
        gap()
        console.print(header(run, console, width), highlight=False, soft_wrap=True)
    for item in run.stale:  # even with --quiet: a verdict judged with old data should say so
        if quiet:
            gap()
        console.print(fold(console, [Text("note", style="yellow"), shown(stale_message(item))], width, indent=2,
                           sep=": "), highlight=False, soft_wrap=True)
    shown_results = [r for r in worst_first(run.results) if not (quiet and r.legal)]
    if len(shown_results) <= TABLES_UP_TO:
        for result in shown_results:
            gap()
            console.print(verdict_line(run, result, console, width), highlight=False, soft_wrap=True)
            print_problems(result.problems, console, width)
    elif shown_results:
        gap()
        rule_width = max((len(p.rule) for r in shown_results for p in r.problems), default=0)
        plain = width is None and console.color_system is None  # no style, no wrap: the runs' text is the line
        for i in range(0, len(shown_results), _BLOCK):
            block = shown_results[i:i + _BLOCK]
            if plain:
                lines: list[str] = []
                for result in block:
                    lines.append("".join(text for text, _ in verdict_runs(run, result)))
                    lines.extend("".join(text for text, _ in problem_runs(p, rule_width)) for p in result.problems)
                console.file.write("\n".join(lines) + "\n")
            else:
                texts: list[Text] = []
                for result in block:
                    texts.append(verdict_line(run, result, console, width))
                    texts.extend(problem_line(p, rule_width, width, console) for p in result.problems)
                console.print(Text("\n").join(texts), highlight=False, soft_wrap=True)
    if not quiet and (len(run.results) > 1 or run.skipped):
        gap()
        print_summary(run, console, width)
    gap()
    console.print(hang(console, summary_line(run), width, indent=2, first=0), highlight=False, soft_wrap=True)


def render_text(run: Run, quiet: bool = False, width: int | None = None) -> str:
    """The report as plain text (no colour), e.g. for ``--output FILE``: not wrapped unless ``width`` is given."""
    import io

    buffer = io.StringIO()
    made = safe_console(file=buffer, color_system=None, force_terminal=False, width=width or None)
    made.fixed_width = width is not None
    render(run, made, quiet=quiet)
    return buffer.getvalue()


class TextFormat(ReportFormat):
    draws = True

    def chunks(self, run: Run, *, quiet: bool = False) -> list[str]:
        return [render_text(run, quiet=quiet)]

    def draw(self, run: Run, console: Console, *, quiet: bool = False) -> None:
        render(run, console, quiet=quiet)
