"""Writing a resolved deck as another decklist format: YDK, a ydke:// link, YAML, or text.

Every card is kept, in its section, with its count:

- ``ydk``: what EDOPro and YGOPro load: ``#created by deckcheck``, ``#main``, ``#extra``,
  ``!side``, one passcode per copy. A passcode is written as it was (an alternate artwork
  stays one; a prerelease placeholder becomes the official passcode). A card known by name
  only is written by its passcode; a name no card has is kept as a comment line
  (``# not a known card: 3 Snake-Eye Oaak``), which EDOPro skips.
- ``ydke``: the link of the same passcodes; a name no card has cannot be written in one and
  is left out (reported, and convert exits 1).
- ``yaml``: deckcheck's YAML decklist, a line per card and count (``3 Ash Blossom & Joyous
  Spring``), by official name (or ``lang``'s); an alternate artwork as
  ``{name: …, passcode: …, count: …}``; a name no card has as written, a passcode no card has as
  a passcode.
- ``text``: a registration sheet: Main Deck with its Monster, Spell and Trap groups, Extra Deck,
  Side Deck with its groups, each with its count, the exact official English names (or
  ``lang``'s, English where a card has no name in it); names and passcodes no card has first in
  their section, after a ``#`` comment line.

Nothing from a decklist reaches the output as a control character: names no card has and deck
names are written with their control, bidi and line-separator characters escaped (``\\x1b``).
"""

from __future__ import annotations

import json

from .cardtypes import MONSTER, SPELL, TRAP
from .model import EXTRA, MAIN, SECTION_TITLES, SECTIONS, SIDE, DeckEntry, ResolvedDeck
from .report.escape import json_safe, printable

FORMATS = {"ydk": ".ydk", "ydke": ".ydke", "yaml": ".yaml", "text": ".txt"}  # --to, and a written file's suffix
GROUPS = ("Monster", "Spell", "Trap")
UNKNOWN_COMMENT = "not a known card"


class Converted:
    """One deck written in a format: the text, and the entries it could not hold (ydke: names)."""

    __slots__ = ("text", "left_out")

    def __init__(self, text: str, left_out: list[DeckEntry]):
        self.text = text
        self.left_out = left_out


def convert(deck: ResolvedDeck, to: str, cards=None, lang: str = "en") -> Converted:
    """``deck`` as format ``to`` (a key of FORMATS), names in ``lang`` (the card index ``cards`` is needed
    for another language than English, and for YAML to tell cards of the same name apart)."""
    return _WRITERS[to](deck, Namer(cards, lang))


class Namer:
    """The name to write for an entry: the card's official name in ``lang`` (English where the card has
    none in it), or, for a card no card of the data is, the name or passcode as written, escaped."""

    def __init__(self, cards, lang: str):
        self.cards, self.lang = cards, lang
        self.names = cards.other_names if cards is not None and lang != "en" else None

    def plain(self, entry: DeckEntry) -> str:
        card = entry.card
        if card is None:
            return printable(entry.name or str(entry.passcode))
        if self.lang != "en" and self.names is not None:
            return self.names.name_of(card.passcode, self.lang) or card.name
        return card.name

    def __call__(self, entry: DeckEntry) -> str:
        """The name as a decklist line holds it: the card "7" quoted ("2 7" would be 2 × passcode 7)."""
        name = self.plain(entry)
        return f'"{name}"' if entry.card is not None and name.isdigit() else name

    def ambiguous(self, entry: DeckEntry) -> bool:
        """Whether the name written for a card would be read as another card (Black Luster Soldier is a
        Ritual and a Normal Monster): YAML then gives its passcode too."""
        if self.cards is None or entry.card is None:
            return False
        return [c.passcode for c in self.cards.by_name(self(entry).strip('"'))] != [entry.card.passcode]


def _written_passcode(entry: DeckEntry) -> int | None:
    """The passcode to write: as written when it is the card's (an alternate artwork stays one), else the card's."""
    card = entry.card
    if card is None:
        return entry.passcode
    return entry.passcode if entry.passcode in card.passcodes else card.passcode


def _merged(entries: list[DeckEntry], section: str, key) -> list[tuple[DeckEntry, int]]:
    """The entries of a section merged by ``key(entry)``, in order of first appearance, with their copies."""
    merged: dict = {}
    for entry in entries:
        if entry.section != section:
            continue
        k = key(entry)
        if k in merged:
            merged[k][1] += entry.count
        else:
            merged[k] = [entry, entry.count]
    return [(entry, count) for entry, count in merged.values()]


def _unknown(entry: DeckEntry) -> bool:
    return entry.card is None


def _to_ydk(deck: ResolvedDeck, name) -> Converted:
    lines = ["#created by deckcheck"]
    for section in SECTIONS:
        lines.append({MAIN: "#main", EXTRA: "#extra", SIDE: "!side"}[section])
        for entry in deck.entries:
            if entry.section != section:
                continue
            passcode = _written_passcode(entry)
            if passcode is None:
                lines.append(f"# {UNKNOWN_COMMENT}: {entry.count} {name(entry)}")  # name() escapes what it is given
            else:
                lines.extend([str(passcode)] * entry.count)
    return Converted("\n".join(lines) + "\n", [])


def _to_ydke(deck: ResolvedDeck, name) -> Converted:
    from .parsers.ydke import encode_ydke

    codes: dict[str, list[int]] = {section: [] for section in SECTIONS}
    left_out = []
    for entry in deck.entries:
        passcode = _written_passcode(entry)
        if passcode is None:
            left_out.append(entry)
        else:
            codes[entry.section].extend([passcode] * entry.count)
    return Converted(encode_ydke(codes[MAIN], codes[EXTRA], codes[SIDE]) + "\n", left_out)


def _yaml_string(text: str, flow: bool = False) -> str:
    """``text`` as a YAML scalar (in a ``{…}`` mapping if ``flow``): plain where that reads back as the
    same string, else double-quoted (JSON's escapes, which YAML reads; controls and bidi characters
    escaped too)."""
    plain = (text.isprintable() and ": " not in text and " #" not in text and not text.endswith((":", " "))
             and text[:1].isalnum() and not (flow and any(ch in text for ch in ",[]{}")))
    return text if plain else json_safe(json.dumps(text, ensure_ascii=False))


def _to_yaml(deck: ResolvedDeck, name) -> Converted:
    lines = []
    if deck.name:
        lines.append(f"name: {_yaml_string(deck.name)}")
    for section in SECTIONS:
        merged = _merged(deck.entries, section, lambda e: (_written_passcode(e), None if e.card else e.name))
        if not merged:
            continue
        lines.append(f"{section}:")
        for entry, count in merged:
            passcode = _written_passcode(entry)
            if entry.card is not None and (passcode != entry.card.passcode or name.ambiguous(entry)):  # an artwork
                lines.append(f"  - {{name: {_yaml_string(name(entry), flow=True)}, passcode: {passcode}, count: {count}}}")
            elif entry.card is not None:
                lines.append(f"  - {_yaml_string(f'{count} {name(entry)}')}")
            elif passcode:
                lines.append(f"  - {{passcode: {passcode}, count: {count}}}  # {UNKNOWN_COMMENT}")
            elif passcode == 0:
                lines.append(f"  # {UNKNOWN_COMMENT}: {count} × passcode 0 (no card has it)")
            else:
                lines.append(f"  - {_yaml_string(f'{count} {name(entry)}')}  # {UNKNOWN_COMMENT}")
    if not any(line.endswith(":") and not line.startswith(" ") for line in lines):
        lines.append("main: []")
    return Converted("\n".join(lines) + "\n", [])


def group_of(entry: DeckEntry) -> str | None:
    """"Monster", "Spell" or "Trap" for a card (by its type), None for an unknown one or a Skill Card."""
    bits = entry.card.type if entry.card is not None else 0
    if bits & MONSTER:
        return "Monster"
    if bits & SPELL:
        return "Spell"
    if bits & TRAP:
        return "Trap"
    return None


def sheet_section(entries: list[DeckEntry], section: str) -> tuple[list[tuple[DeckEntry, int]], list[tuple[str | None, list[tuple[DeckEntry, int]]]]]:
    """A section as a registration sheet lists it, each card once with its copies, in the order listed:
    the entries of no Monster, Spell or Trap group (cards no card of the data is, Skill Cards), and the
    groups — ``Monster``, ``Spell`` and ``Trap`` for the Main and Side Deck (empty ones too), one group
    ``None`` for the Extra Deck."""
    merged = _merged(entries, section, lambda e: e.card.passcode if e.card else ("?", e.passcode, e.name))
    others = [(e, n) for e, n in merged if group_of(e) is None]
    if section == EXTRA:
        return others, [(None, [(e, n) for e, n in merged if group_of(e) is not None])]
    return others, [(group, [(e, n) for e, n in merged if group_of(e) == group]) for group in GROUPS]


def _to_text(deck: ResolvedDeck, name) -> Converted:
    lines = []
    if deck.name:
        lines.append(f"Deck: {printable(deck.name)}")
    for section in SECTIONS:
        others, groups = sheet_section(deck.entries, section)
        total = sum(count for _e, count in others) + sum(count for _g, members in groups for _e, count in members)
        if not total and section != MAIN:
            continue
        if lines:
            lines.append("")
        lines.append(f"{SECTION_TITLES[section]} Deck ({total})")
        if others:
            lines.append(f"# {UNKNOWN_COMMENT} (as written), or not a Monster, Spell or Trap:")
            for entry, count in others:
                if entry.card is None and entry.passcode == 0:
                    lines.append(f"# {count} × passcode 0 (no card has it)")
                else:
                    lines.append(f"{count} {name(entry)}")
        for group, members in groups:
            if group is None:
                lines.extend(f"{count} {name(entry)}" for entry, count in members)
            elif members:
                lines.append(f"{group} ({sum(n for _e, n in members)})")
                lines.extend(f"{count} {name(entry)}" for entry, count in members)
    return Converted("\n".join(lines) + "\n", [])


_WRITERS = {"ydk": _to_ydk, "ydke": _to_ydke, "yaml": _to_yaml, "text": _to_text}
