"""``deckcheck show``: a deck as a registration sheet (text or JSON), from ``sheet.Sheet``.

Text: the verdict line, then each section with its total, its groups (Monster / Spell / Trap;
Fusion / Synchro / Xyz / Link) with theirs, a card per line as "copies  official name", then
the stats: card types per group, monster Levels where the card data has them, and the deck's
points in a points format. Laid out as every text report is (``layout.py``).
"""

from __future__ import annotations

import json
import sys

from rich.console import Console
from rich.text import Text

from ..model import SECTION_TITLES, SECTIONS
from ..sheet import GROUP_TITLES, OTHER, Sheet
from .escape import json_safe
from .layout import fold, hang, wrap_width
from .terminal import shown
from .text import tally


def document(sheet: Sheet, result, regulation) -> dict:
    deck = sheet.deck
    out = {
        "path": deck.path,
        "name": deck.name,
        "player": result.player,
        "format": regulation.format.id,
        "banlist": regulation.banlist.name if regulation.banlist else None,
        "legal": result.legal,
        "sections": dict(deck.sizes),
        "groups": sheet.to_json(),
        "stats": {"types": {s: sheet.subtypes(s) for s in SECTIONS}, "levels": sheet.levels()},
        "problems": [p.to_json() for p in result.problems],
    }
    if regulation.points_list is not None:
        out["stats"]["points"] = {"total": sheet.points(), "cap": regulation.points_cap,
                                  "list": regulation.points_list.name}
    return out


def render_json(sheet: Sheet, result, regulation) -> None:
    sys.stdout.write(json_safe(json.dumps(document(sheet, result, regulation), ensure_ascii=False, indent=2)) + "\n")


def _card_line(console: Console, line, width: int | None) -> Text:
    text = Text(f"{line.count:>4}  ")
    text.append_text(shown(line.name, style="" if line.known else "yellow"))
    if not line.known and line.passcode is not None and str(line.passcode) != line.name:
        text.append_text(shown(f" ({line.passcode})"))
    if line.points:
        text.append(f"  {line.points} point{'s' if line.points != 1 else ''} each", style="cyan")
    return hang(console, text, width, indent=10, first=2)


def render(sheet: Sheet, result, regulation, console: Console) -> None:
    width = wrap_width(console)
    deck = sheet.deck
    first = Text()
    first.append("✓ LEGAL " if result.legal else "✗ ILLEGAL ", style="bold green" if result.legal else "bold red")
    first.append_text(shown(deck.path, style="bold"))
    parts = [first, Text(" · ".join(f"{SECTION_TITLES[s]} {deck.sizes[s]}" for s in SECTIONS))]
    banlist = regulation.list_name or "no list"  # a points format (Genesys) is judged by its points list
    parts.append(shown(f"({regulation.title}, {banlist})"))
    counted = tally(result.problems)
    if counted:
        parts.append(Text(f"({counted}; see: deckcheck check)"))
    console.print(fold(console, parts, width), highlight=False, soft_wrap=True)
    named = [shown(f"{label}: {value}") for label, value in (("Name", deck.name), ("Player", result.player)) if value]
    if named:
        console.print(fold(console, named, width, sep=" · "), highlight=False, soft_wrap=True)
    for section in SECTIONS:
        if not sheet.total(section):
            continue
        console.print()
        console.print(Text(f"{SECTION_TITLES[section]} Deck  {sheet.total(section)}", style="bold"), highlight=False)
        groups = [(g, lines) for g, lines in sheet.groups[section].items() if lines]
        for group, lines in groups:
            if len(groups) > 1 or group == OTHER:
                console.print(Text(f"  {GROUP_TITLES[group]}  {sheet.total(section, group)}", style="bold"),
                              highlight=False)
            for line in lines:
                console.print(_card_line(console, line, width), highlight=False, soft_wrap=True)
    console.print()
    for section in SECTIONS:
        kinds = sheet.subtypes(section)
        if not kinds:
            continue
        parts = [Text(f"{SECTION_TITLES[section]} Deck:", style="bold")]
        for group, counts in kinds.items():
            detail = ", ".join(f"{name} {n}" for name, n in sorted(counts.items(), key=lambda item: -item[1]))
            parts.append(Text(f"{GROUP_TITLES[group]} {sheet.total(section, group)}" + (f" ({detail})" if detail else "")))
        console.print(fold(console, parts, width, indent=4, sep="  "), highlight=False, soft_wrap=True)
    levels = sheet.levels()
    if levels:
        parts = [Text("Main Deck monsters by Level:", style="bold")]
        parts += [Text(f"Level {level} ×{n}") for level, n in levels.items()]
        console.print(fold(console, parts, width, indent=4, sep="  "), highlight=False, soft_wrap=True)
    if regulation.points_list is not None:
        cap = regulation.points_cap
        console.print(shown(f"Points: {sheet.points()}" + (f" (cap {cap}" if cap is not None else " (")
                            + f"{', ' if cap is not None else ''}{regulation.points_list.name} list)"),
                      highlight=False, soft_wrap=True)
