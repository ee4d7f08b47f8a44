"""The text report for people: a verdict per deck and a table of its problems (rich).

Decks are listed worst first (unreadable, then illegal by most errors, then legal with
warnings, then clean; ties in the order found), and a run of several decks ends with a
summary table: decks checked, legal, illegal, unreadable, and the most common problems.
Past 50 decks shown, each problem takes one line instead of a table row.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..model import ERROR, SECTION_TITLES, SECTIONS
from . import Run, worst_first
from .escape import printable
from .terminal import console as safe_console
from .terminal import shown

_SEVERITY_STYLE = {"error": "bold red", "warning": "yellow"}


def _counts(result) -> str:
    return " · ".join(f"{SECTION_TITLES[s]} {result.sizes.get(s, 0)}" for s in SECTIONS)


def _tally(result) -> str:
    errors = sum(1 for p in result.problems if p.severity == ERROR)
    warnings = len(result.problems) - errors
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return ", ".join(parts)


def _lists(run: Run) -> str:
    """The lists of the run's format, as the header names them."""
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
    return " · ".join(parts) or "no list"


def header(run: Run) -> Text:
    text = Text()
    text.append(f"{run.format_title}", style="bold")
    text.append(printable(f" · {_lists(run)}"))
    text.append(f" · as of {run.as_of.isoformat()}")
    cards = run.data.get("cards", {})
    if cards.get("built"):
        text.append(printable(f" · card data {cards.get('origin', 'bundled')}, {cards['built']}"))
    return text


def deck_table(result) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1), expand=False)
    table.add_column("Line", justify="right", no_wrap=True)
    table.add_column("Section", no_wrap=True)
    table.add_column("Rule", no_wrap=True)
    table.add_column("Card", overflow="fold")
    table.add_column("Problem", overflow="fold", ratio=3)
    table.add_column("Fix", overflow="fold", ratio=2)
    for p in result.problems:
        table.add_row(
            str(p.line) if p.line is not None else "",
            SECTION_TITLES.get(p.section, "") if p.section else "",
            Text(p.rule, style=_SEVERITY_STYLE[p.severity]),
            shown(p.card.label() if p.card else ""),
            shown(p.message),
            shown(p.fix),
        )
    return table


TOP_RULES = 5  # rules shown in the summary table


def summary_table(run: Run) -> Table:
    table = Table(title="Summary", title_justify="left", title_style="bold", box=None, header_style="bold",
                  padding=(0, 1), show_header=True)
    table.add_column("Decks", no_wrap=True)
    table.add_column("", justify="right", no_wrap=True)
    table.add_column("Most common problems", no_wrap=True)
    table.add_column("In decks", justify="right", no_wrap=True)
    table.add_column("Problems", justify="right", no_wrap=True)
    left = [
        ("checked", str(len(run.results)), None),
        ("legal", str(run.legal), "green"),
        ("illegal", str(run.illegal), "red" if run.illegal else None),
        ("unreadable", str(run.unreadable), "red" if run.unreadable else None),
    ]
    if run.skipped:
        left.append(("skipped", str(len(run.skipped)), None))
    right = [
        (Text(c.rule, style=_SEVERITY_STYLE.get(c.severity, "")), str(c.decks), str(c.problems))
        for c in run.rule_counts()[:TOP_RULES]
    ]
    if not right:
        right = [(Text("none", style="green"), "", "")]
    for i in range(max(len(left), len(right))):
        label, value, style = left[i] if i < len(left) else ("", "", None)
        rule, decks, problems = right[i] if i < len(right) else ("", "", "")
        table.add_row(label, Text(value, style=style or ""), rule, decks, problems)
    return table


def summary_line(run: Run) -> Text:
    summary = Text(f"{len(run.results)} deck{'s' if len(run.results) != 1 else ''} checked: ")
    summary.append(f"{run.legal} legal", style="green")
    summary.append(", ")
    summary.append(f"{run.illegal} illegal", style="red" if run.illegal else None)
    if run.unreadable:
        summary.append(f" ({run.unreadable} unreadable)")
    if run.skipped:
        summary.append(f"; {len(run.skipped)} file{'s' if len(run.skipped) != 1 else ''} in folders skipped "
                       "(not decklists)")
    return summary


TABLES_UP_TO = 50  # decks shown; beyond, one line per problem (rich tables cost ~3 ms a deck)
_BLOCK = 200  # decks per print in the compact form


def verdict_line(run: Run, result) -> Text:
    line = Text()
    if result.unreadable:
        line.append("✗ UNREADABLE ", style="bold red")
    elif result.legal:
        line.append("✓ LEGAL ", style="bold green")
    else:
        line.append("✗ ILLEGAL ", style="bold red")
    line.append(printable(result.path), style="bold")
    if not result.unreadable:
        line.append(f"  {_counts(result)}")
    fmt = run.deck_formats.get(result.path)
    if fmt and fmt[0] != run.format_id:
        line.append(printable(f"  [{fmt[0].upper()}, {fmt[1]}]"))
    points = result.facts.get("points")
    if points:
        line.append(f"  {points['total']} points (cap {points['cap']})",
                    style="red" if points["total"] > points["cap"] else None)
    tally = _tally(result)
    if tally:
        line.append(f"  ({tally})")
    return line


def problem_line(p, rule_width: int = 0) -> Text:
    """One problem on one line: line, section, rule, message (with the card when it does not name it), fix."""
    line = Text("  ")
    line.append(f"{p.line:>5}" if p.line is not None else "     ")
    line.append(f"  {SECTION_TITLES.get(p.section, '') if p.section else '':<5}  ")
    line.append(p.rule, style=_SEVERITY_STYLE[p.severity])
    line.append(" " * (rule_width - len(p.rule)))
    message = p.message
    if p.card is not None and (p.card.name or str(p.card.passcode)) not in message:
        message = f"{p.card.label()}: {message}"
    line.append(f"  {printable(message)}")
    if p.fix:
        line.append(f" → {printable(p.fix)}", style="cyan")
    return line


def render(run: Run, console: Console, quiet: bool = False) -> None:
    """Print the report. ``quiet``: only the decks that are not legal, and the summary line.

    Up to ``TABLES_UP_TO`` decks, each deck's problems are a table; beyond, one line per
    problem (a folder of thousands of decks prints in about a second, and stays greppable).
    """
    if not quiet:
        console.print(header(run), highlight=False)
    shown = [r for r in worst_first(run.results) if not (quiet and r.legal)]
    if len(shown) <= TABLES_UP_TO:
        for result in shown:
            console.print()
            console.print(verdict_line(run, result), highlight=False)
            if result.problems:
                console.print(deck_table(result), highlight=False)
    else:
        console.print()
        width = max((len(p.rule) for r in shown for p in r.problems), default=0)
        for i in range(0, len(shown), _BLOCK):
            block = []
            for result in shown[i:i + _BLOCK]:
                block.append(verdict_line(run, result))
                block.extend(problem_line(p, width) for p in result.problems)
            console.print(Text("\n").join(block), highlight=False, soft_wrap=True)
    if not quiet and len(run.results) > 1:
        console.print()
        console.print(summary_table(run), highlight=False)
    console.print()
    console.print(summary_line(run), highlight=False)


def render_text(run: Run, quiet: bool = False, width: int = 160) -> str:
    """The report as plain text (no colour), e.g. for ``--output FILE``."""
    import io

    buffer = io.StringIO()
    render(run, safe_console(file=buffer, width=width, color_system=None, force_terminal=False), quiet=quiet)
    return buffer.getvalue()
