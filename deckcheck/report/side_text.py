"""Text for side, match and diff: verdicts, the swap as a table (a sentence where no table fits), problems.

Laid out as the check report is (``layout.py``): for the terminal's width, a word never broken;
not wrapped when piped.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..model import SECTION_TITLES, SECTIONS
from .escape import printable
from .layout import fits, fold, hang, print_table, table, wrap_width
from .terminal import shown
from .text import print_problems


def _sizes(sizes: dict) -> str:
    return " · ".join(f"{SECTION_TITLES[s]} {sizes.get(s, 0)}" for s in SECTIONS)


def _verdict(legal: bool, unreadable: bool = False) -> Text:
    if unreadable:
        return Text("✗ UNREADABLE", style="bold red")
    return Text("✓ LEGAL", style="bold green") if legal else Text("✗ ILLEGAL", style="bold red")


def _section(section: str | None) -> str:
    return SECTION_TITLES.get(section, section) if section else "—"


def swap_table(moves):
    grid = table("", "Copies", "Card", "From", "To")
    grid.columns[1].justify = "right"
    for move in sorted(moves, key=lambda m: not m.is_in):
        grid.add_row(
            "in" if move.is_in else "out",
            str(move.count),
            shown(move.card.label()),
            _section(move.source) if move.source else "not registered",
            _section(move.target) if move.target else "missing",
        )
    return grid


def _line(console: Console, parts: list[Text]) -> None:
    console.print(fold(console, parts, wrap_width(console)), highlight=False, soft_wrap=True)


def registered(result, regulation, console: Console) -> None:
    first = Text("Registered ")
    first.append_text(_verdict(result.legal, result.unreadable))
    first.append(f" {printable(result.path)}", style="bold")
    parts = [first]
    if not result.unreadable:
        parts.append(Text(_sizes(result.sizes)))
    parts.append(shown(f"({regulation.title}, {regulation.list_name or 'no list'})"))
    points = result.facts.get("points")
    if points:
        parts.append(Text(f"{points['total']} points (cap {points['cap']})"))
    _line(console, parts)
    print_problems(result.problems, console, wrap_width(console))


def sided(result, console: Console, title: str = "Sided") -> None:
    width = wrap_width(console)
    unreadable = any(p.rule == "unreadable" for p in result.problems)
    first = Text(f"{title} ")
    first.append_text(_verdict(result.legal, unreadable))
    first.append(f" {printable(result.sided.path)}", style="bold")
    parts = [first]
    if not unreadable:
        parts.append(Text(_sizes(result.sided.sizes)))
    if not result.compared:
        if not unreadable:
            parts.append(Text("(not compared: the registered deck is unreadable)"))
    elif result.sided_legally and not result.registered.legal:
        parts.append(Text("(sided correctly, but the registered deck is not legal)"))
    _line(console, parts)
    if result.compared:
        grid = swap_table(result.moves) if result.moves else None
        if grid is not None and fits(console, grid, width):
            print_table(console, grid, width)
        else:  # no swap, or no room for the table: the swap as a sentence
            console.print(hang(console, shown("Swap: " + result.say_swaps()), width, indent=6, first=0),
                          highlight=False, soft_wrap=True)
    print_problems(result.problems, console, width)


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
    width = wrap_width(console)
    for label, deck in (("A", a), ("B", b)):
        _line(console, [shown(f"{label} {deck.path}"), Text(_sizes(deck.sizes))])
    for deck in (a, b):
        print_problems(deck.problems, console, width)
    console.print()
    if not rows:
        console.print(Text("Same cards in every section (by card name).", style="green"), highlight=False)
        return
    grid = table("Section", "Card", "A", "B", "B − A")
    for column in grid.columns[2:]:
        column.justify = "right"
    for row in rows:
        change = row.b - row.a
        grid.add_row(
            SECTION_TITLES[row.section],
            shown(row.card.label()),
            str(row.a),
            str(row.b),
            Text(f"{change:+d}", style="green" if change > 0 else "red"),
        )
    if fits(console, grid, width):
        print_table(console, grid, width)
    else:
        for row in rows:
            line = Text(f"{SECTION_TITLES[row.section]}  {row.a} → {row.b}  ") + shown(row.card.label())
            console.print(hang(console, line, width, indent=4, first=0), highlight=False, soft_wrap=True)
    console.print(Text(f"{len(rows)} difference{'s' if len(rows) != 1 else ''} (by card name)."), highlight=False)
