"""A deck as a registration sheet: its cards by official name, grouped as Konami's decklist form groups
them (Main Deck Monster / Spell / Trap, Extra Deck, Side Deck), with counts, totals and a few stats.

Plain data for ``deckcheck show`` (report/show.py renders it); nothing here prints.
"""

from __future__ import annotations

from .cardtypes import (
    CONTINUOUS, COUNTER, EFFECT, EQUIP, FIELD, FLIP, FUSION, GEMINI, LINK, MONSTER, NORMAL, PENDULUM, QUICKPLAY,
    RITUAL, SPELL, SPIRIT, SYNCHRO, TOON, TRAP, TUNER, UNION, XYZ,
)
from .model import EXTRA, MAIN, SIDE, ResolvedDeck

MONSTERS, SPELLS, TRAPS = "monster", "spell", "trap"
FUSIONS, SYNCHROS, XYZS, LINKS = "fusion", "synchro", "xyz", "link"
OTHER = "other"  # unknown cards, tokens, Skill Cards: as written
GROUP_TITLES = {MONSTERS: "Monster", SPELLS: "Spell", TRAPS: "Trap", FUSIONS: "Fusion", SYNCHROS: "Synchro",
                XYZS: "Xyz", LINKS: "Link", OTHER: "Not a deck card or unknown"}
# The groups, in the order of the decklist form (a card in the wrong section is shown where the deck has it)
GROUPS = (MONSTERS, SPELLS, TRAPS, FUSIONS, SYNCHROS, XYZS, LINKS, OTHER)
SECTIONS = (MAIN, EXTRA, SIDE)
_EXTRA_KINDS = ((LINK, LINKS), (XYZ, XYZS), (SYNCHRO, SYNCHROS), (FUSION, FUSIONS))
# What a card is, in words, for the stats (the first that applies)
_MONSTER_KINDS = ((RITUAL, "Ritual"), (PENDULUM, "Pendulum"), (FLIP, "Flip"), (TUNER, "Tuner"), (SPIRIT, "Spirit"),
                  (UNION, "Union"), (GEMINI, "Gemini"), (TOON, "Toon"), (EFFECT, "Effect"), (NORMAL, "Normal"))
_SPELL_KINDS = ((QUICKPLAY, "Quick-Play"), (CONTINUOUS, "Continuous"), (EQUIP, "Equip"), (FIELD, "Field"),
                (RITUAL, "Ritual"))
_TRAP_KINDS = ((CONTINUOUS, "Continuous"), (COUNTER, "Counter"))


def group_of(card) -> str:
    """The decklist form's group of a card (OTHER for an unknown card, a token or a Skill Card)."""
    if card is None or card.kind not in ("main", "extra"):
        return OTHER
    bits = card.type
    if card.kind == "extra":
        for bit, group in _EXTRA_KINDS:
            if bits & bit:
                return group
        return FUSIONS
    if bits & SPELL:
        return SPELLS
    if bits & TRAP and not bits & MONSTER:
        return TRAPS
    return MONSTERS


def subtype(card) -> str | None:
    """"Effect", "Quick-Play", "Counter", … (None where the type bits say nothing more)."""
    if card is None or card.kind not in ("main", "extra"):
        return None
    bits = card.type
    kinds = _SPELL_KINDS if bits & SPELL else _TRAP_KINDS if bits & TRAP and not bits & MONSTER else _MONSTER_KINDS
    for bit, name in kinds:
        if bits & bit:
            return name
    return "Normal" if bits & (SPELL | TRAP) and not bits & MONSTER else None


class Line:
    """One card of the sheet: its official name (or the entry as written), passcode and copies."""

    __slots__ = ("name", "passcode", "count", "known", "points")

    def __init__(self, name: str, passcode: int | None, count: int, known: bool):
        self.name = name
        self.passcode = passcode
        self.count = count
        self.known = known
        self.points = 0  # per copy, in a points format

    def to_json(self) -> dict:
        out = {"name": self.name, "passcode": self.passcode, "count": self.count, "known": self.known}
        if self.points:
            out["points"] = self.points
        return out


class Sheet:
    """The sheet of one resolved deck: per section, per group, the cards in the order the deck lists them."""

    def __init__(self, deck: ResolvedDeck, points: dict[int, int] | None = None):
        self.deck = deck
        self.groups: dict[str, dict[str, list[Line]]] = {s: {g: [] for g in GROUPS} for s in SECTIONS}
        found: dict[tuple, Line] = {}
        for entry in deck.entries:
            card = entry.card
            group = group_of(card)
            key: tuple
            passcode: int | None
            if card is not None:
                key = (entry.section, card.passcode)
                name, passcode, known = card.name, card.passcode, group != OTHER
            else:
                written = entry.name or (str(entry.passcode) if entry.passcode is not None else entry.text or "?")
                key = (entry.section, "?", written)
                name, passcode, known = written, entry.passcode, False
            line = found.get(key)
            if line is None:
                line = found[key] = Line(name, passcode, 0, known)
                if points and card is not None:
                    line.points = points.get(card.passcode, 0)
                self.groups[entry.section][group].append(line)
            line.count += entry.count

    def total(self, section: str, group: str | None = None) -> int:
        groups = [group] if group else GROUPS
        return sum(line.count for g in groups for line in self.groups[section][g])

    def subtypes(self, section: str) -> dict[str, dict[str, int]]:
        """Copies per group, in the form's order, and per kind where it says more (Main Deck cards): {"monster":
        {"Effect": 12, "Tuner": 3}, "spell": {"Quick-Play": 5}, "link": {}}."""
        out: dict[str, dict[str, int]] = {}
        for group in GROUPS:
            if group == OTHER or not self.groups[section][group]:
                continue
            counts = out.setdefault(group, {})
            if group not in (MONSTERS, SPELLS, TRAPS):
                continue
            for entry in self.deck.entries:
                if entry.section == section and group_of(entry.card) == group and (kind := subtype(entry.card)):
                    counts[kind] = counts.get(kind, 0) + entry.count
        return out


    def levels(self, sections: tuple[str, ...] = (MAIN,)) -> dict[int, int]:
        """Copies of monsters per Level (Rank, Link Rating) in these sections, where the card data has it."""
        out: dict[int, int] = {}
        for entry in self.deck.entries:
            card = entry.card
            level = getattr(card, "level", None) if card is not None and card.type & MONSTER else None
            if entry.section in sections and level is not None:
                out[level] = out.get(level, 0) + entry.count
        return dict(sorted(out.items()))

    def points(self) -> int:
        return sum(line.count * line.points for s in self.groups for g in self.groups[s].values() for line in g)

    def to_json(self) -> dict:
        return {
            section: [{"group": group, "title": GROUP_TITLES[group], "count": self.total(section, group),
                       "cards": [line.to_json() for line in lines]}
                      for group, lines in groups.items() if lines]
            for section, groups in self.groups.items()
        }
