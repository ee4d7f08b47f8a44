"""Text for side, match and diff: verdicts, the swap as a sentence and a table, problems with fixes."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..model import SECTION_TITLES, SECTIONS
from .escape import printable
from .terminal import shown
from .text import deck_table


def _sizes(sizes: dict) -> str:
    return " · ".join(f"{SECTION_TITLES[s]} {sizes.get(s, 0)}" for s in SECTIONS)


def _verdict(legal: bool, unreadable: bool = False) -> Text:
    if unreadable:
        return Text("✗ UNREADABLE", style="bold red")
    return Text("✓ LEGAL", style="bold green") if legal else Text("✗ ILLEGAL", style="bold red")


def _section(section: str | None) -> str:
    return SECTION_TITLES.get(section, section) if section else "—"


def swap_table(moves) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("", no_wrap=True)
    table.add_column("Copies", justify="right")
    table.add_column("Card", overflow="fold")
    table.add_column("From", no_wrap=True)
    table.add_column("To", no_wrap=True)
    for move in sorted(moves, key=lambda m: not m.is_in):
        table.add_row(
            "in" if move.is_in else "out",
            str(move.count),
            shown(move.card.label()),
            _section(move.source) if move.source else "not registered",
            _section(move.target) if move.target else "missing",
        )
    return table


def registered(result, regulation, console: Console) -> None:
    line = Text("Registered ")
    line.append_text(_verdict(result.legal, result.unreadable))
    line.append(f" {printable(result.path)}", style="bold")
    if not result.unreadable:
        line.append(f"  {_sizes(result.sizes)}")
    line.append(printable(f"  ({regulation.title}, {regulation.list_name or 'no list'})"))
    points = result.facts.get("points")
    if points:
        line.append(f"  {points['total']} points (cap {points['cap']})")
    console.print(line, highlight=False)
    if result.problems:
        console.print(deck_table(result), highlight=False)


def sided(result, console: Console, title: str = "Sided") -> None:
    unreadable = any(p.rule == "unreadable" for p in result.problems)
    line = Text(f"{title} ")
    line.append_text(_verdict(result.legal, unreadable))
    line.append(f" {printable(result.sided.path)}", style="bold")
    if not unreadable:
        line.append(f"  {_sizes(result.sided.sizes)}")
    if not result.compared:
        if not unreadable:
            line.append("  (not compared: the registered deck is unreadable)")
    elif result.sided_legally and not result.registered.legal:
        line.append("  (sided correctly, but the registered deck is not legal)")
    console.print(line, highlight=False)
    if result.compared:
        console.print(shown("Swap: " + result.say_swaps()), highlight=False, soft_wrap=True)
        if result.moves:
            console.print(swap_table(result.moves), highlight=False)
    if result.problems:
        console.print(deck_table(result), highlight=False)


def side(result, regulation, console: Console) -> None:
    registered(result.registered, regulation, console)
    console.print()
    sided(result, console)


def match(result, regulation, console: Console) -> None:
    registered(result.registered, regulation, console)
    for n, duel in enumerate(result.duels, 1):
        console.print()
        title = f"Duel {n}" + (" (must be the registered deck)" if duel.must_be_registered else " (sided)")
        sided(duel, console, title)
    console.print()
    bad = [str(n) for n, d in enumerate(result.duels, 1) if not d.legal]
    if result.legal:
        console.print(Text(f"Match: every Duel legal ({len(result.duels)})", style="green"), highlight=False)
    else:
        console.print(Text(f"Match: not legal (Duel {', '.join(bad)})", style="red"), highlight=False)


def diff(a, b, rows, console: Console) -> None:
    for label, deck in (("A", a), ("B", b)):
        console.print(shown(f"{label} {deck.path}  {_sizes(deck.sizes)}"), highlight=False)
    for deck in (a, b):
        if deck.problems:
            console.print(deck_table(deck), highlight=False)
    console.print()
    if not rows:
        console.print(Text("Same cards in every section (by card name).", style="green"), highlight=False)
        return
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("Section", no_wrap=True)
    table.add_column("Card", overflow="fold")
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_column("B − A", justify="right")
    for row in rows:
        change = row.b - row.a
        table.add_row(
            SECTION_TITLES[row.section],
            shown(row.card.label()),
            str(row.a),
            str(row.b),
            Text(f"{change:+d}", style="green" if change > 0 else "red"),
        )
    console.print(table, highlight=False)
    console.print(Text(f"{len(rows)} difference{'s' if len(rows) != 1 else ''} (by card name)."), highlight=False)
