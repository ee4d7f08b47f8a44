"""The text report for people: a verdict per deck and a table of its problems (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..model import ERROR, SECTION_TITLES, SECTIONS
from . import Run

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


def header(run: Run) -> Text:
    b = run.banlist
    text = Text()
    text.append(f"{run.format_title}", style="bold")
    text.append(f" · list {b.get('name')} (in force from {b.get('effective')})")
    text.append(f" · as of {run.as_of.isoformat()}")
    cards = run.data.get("cards", {})
    if cards.get("built"):
        text.append(f" · card data {cards.get('origin', 'bundled')}, {cards['built']}")
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
            p.card.label() if p.card else "",
            p.message,
            p.fix or "",
        )
    return table


def render(run: Run, console: Console, quiet: bool = False) -> None:
    console.print(header(run), highlight=False)
    for result in run.results:
        if quiet and result.legal:
            continue
        console.print()
        line = Text()
        if result.unreadable:
            line.append("✗ UNREADABLE ", style="bold red")
        elif result.legal:
            line.append("✓ LEGAL ", style="bold green")
        else:
            line.append("✗ ILLEGAL ", style="bold red")
        line.append(result.path, style="bold")
        if not result.unreadable:
            line.append(f"  {_counts(result)}")
        fmt = run.deck_formats.get(result.path)
        if fmt and fmt[0] != run.format_id:
            line.append(f"  [{fmt[0].upper()}, {fmt[1]}]")
        tally = _tally(result)
        if tally:
            line.append(f"  ({tally})")
        console.print(line, highlight=False)
        if result.problems:
            console.print(deck_table(result), highlight=False)
    console.print()
    summary = Text(f"{len(run.results)} deck{'s' if len(run.results) != 1 else ''} checked: ")
    summary.append(f"{run.legal} legal", style="green")
    summary.append(", ")
    summary.append(f"{run.illegal} illegal", style="red" if run.illegal else None)
    if run.unreadable:
        summary.append(f" ({run.unreadable} unreadable)")
    console.print(summary, highlight=False)
