"""The registration sheet as Konami's decklist form has it: the player and event fields, the card rows
and the totals, as plain data (``documents/`` draws it as a PDF or fills the user's copy of the form).

Konami's form (KDE_DeckList.pdf, US Letter) has the player's first name, last name and last initial
(judges file decklists by it), KONAMI ID (CARD GAME ID), country of residence, event and date; 18
rows (name and count) each for the Main Deck's Monster, Spell and Trap cards, 15 for the Extra Deck
and 15 for the Side Deck; a total per type and per section; and a box for judges. A block with more
distinct cards than rows continues on a continuation page: no card is ever left out. Cards that are
in no Monster, Spell or Trap group (a name or passcode no card has, a Skill Card) are listed on the
continuation page under their section, as written, and count toward the section's total.

The fields come from the command line, the decklist (YAML ``player:``, ``konami_id:`` …) and
``deckcheck.toml``'s ``[decklist]`` table, field by field in that order. Nothing here imports a PDF
library.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
import datetime
from datetime import date

from .convert import Namer, sheet_section
from .model import ERROR, EXTRA, MAIN, SIDE, DeckEntry, Problem

FIELDS = ("first_name", "last_name", "konami_id", "country", "event", "date")
FIELD_TITLES = {"first_name": "First Name", "last_name": "Last Name", "konami_id": "KONAMI ID (CARD GAME ID)",
                "country": "Country of Residence", "event": "Event", "date": "Date"}

MONSTERS, SPELLS, TRAPS, EXTRA_DECK, SIDE_DECK, MAIN_OTHER = "monster", "spell", "trap", "extra", "side", "main-other"
# Each block of the form: its title and how many rows Konami's form has for it (0: continuation page only)
BLOCKS = {
    MONSTERS: ("Monster Cards", 18),
    SPELLS: ("Spell Cards", 18),
    TRAPS: ("Trap Cards", 18),
    EXTRA_DECK: ("Extra Deck", 15),
    SIDE_DECK: ("Side Deck", 15),
    MAIN_OTHER: ("Main Deck: not a Monster, Spell or Trap card deckcheck knows", 0),
}
_GROUP_BLOCKS: dict[str | None, str] = {"Monster": MONSTERS, "Spell": SPELLS, "Trap": TRAPS}  # of sheet_section's groups


@dataclass
class Player:
    """The sheet's player and event fields (None where no source gives one); ``date`` is ISO."""

    first_name: str | None = None
    last_name: str | None = None
    konami_id: str | None = None
    country: str | None = None
    event: str | None = None
    date: str | None = None

    @property
    def last_initial(self) -> str | None:
        return self.last_name.lstrip()[:1].upper() or None if self.last_name else None

    @property
    def day(self) -> datetime.date | None:  # (date is a field's name here)
        return date.fromisoformat(self.date) if self.date else None

    def name(self) -> str:
        return " ".join(part for part in (self.first_name, self.last_name) if part)

    def sort_key(self) -> tuple:
        """How judges file decklists: by last name (then first name), accents aside (Ávila with the A's);
        sheets with no name last."""
        return (self.last_name is None, _filing(self.last_name), _filing(self.first_name))


def _filing(name: str | None) -> str:
    """A name as it is filed: case and accents aside."""
    decomposed = unicodedata.normalize("NFKD", name or "")
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def split_name(text: str) -> tuple[str | None, str | None]:
    """(first, last) of a player's name: "Last, First" as written; else the last word is the last name
    ("Jane Mary Doe": Jane Mary, Doe); one word is a last name."""
    if "," in text:
        last, _, first = text.partition(",")
        return first.strip() or None, last.strip() or None
    words = text.split()
    if not words:
        return None, None
    if len(words) == 1:
        return None, words[0]
    return " ".join(words[:-1]), words[-1]


def player_from(*sources: dict) -> Player:
    """The fields from ``sources`` (registration keys: player, first_name, last_name, konami_id, country,
    event, date), the first source that gives a field winning; within one source first_name and
    last_name win over the parts of player."""
    found: dict = {}
    for source in sources:
        own = {k: v for k, v in source.items() if v is not None and k in FIELDS}
        if source.get("player"):
            first, last = split_name(str(source["player"]))
            own.setdefault("first_name", first)
            own.setdefault("last_name", last)
        for key, value in own.items():
            if value is not None:
                found.setdefault(key, value)
    return Player(**found)


@dataclass
class Row:
    """One line of the sheet: a card's name as written on the sheet and its copies."""

    name: str
    count: int
    note: str | None = None  # why a card is listed as written ("not a known card") or not counted
    counted: bool = True  # Skill Cards of a format that keeps them outside the deck are not


@dataclass
class Sheet:
    """One deck's registration sheet."""

    path: str
    deck_name: str | None
    player: Player
    blocks: dict[str, list[Row]]
    problems: list[Problem] = field(default_factory=list)
    format_title: str = ""
    list_name: str | None = None
    fingerprint: str | None = None  # the deck's content as a code (fingerprint.py), printed on every page
    side_deck: bool = True  # the format has a Side Deck (Master Duel has none: the sheet leaves the section out)
    game: str = "ocg-tcg"  # "rush": a Rush Duel sheet (rushdb.py)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def legal(self) -> bool:
        return not self.errors

    def total(self, *blocks: str) -> int:
        return sum(row.count for block in blocks for row in self.blocks[block] if row.counted)

    @property
    def totals(self) -> dict[str, int]:
        """Per type of the Main Deck and per section, as the form's total fields have them."""
        return {
            MONSTERS: self.total(MONSTERS), SPELLS: self.total(SPELLS), TRAPS: self.total(TRAPS),
            MAIN: self.total(MONSTERS, SPELLS, TRAPS, MAIN_OTHER), EXTRA: self.total(EXTRA_DECK),
            SIDE: self.total(SIDE_DECK),
        }

    def first_page(self, block: str, rows: int | None = None) -> list[Row]:
        """The rows of ``block`` the form's page holds (``rows``: a form's own number of rows)."""
        return self.blocks[block][:BLOCKS[block][1] if rows is None else rows]

    def continued(self, block: str, rows: int | None = None) -> list[Row]:
        """The rows of ``block`` past the form's: the continuation page's."""
        return self.blocks[block][BLOCKS[block][1] if rows is None else rows:]

    def names(self) -> list[str]:
        return [row.name for rows in self.blocks.values() for row in rows]


def build_sheet(path: str, deck_name: str | None, entries: list[DeckEntry], problems: list[Problem], player: Player,
                namer: Namer, skills_apart: bool = False, format_title: str = "", list_name: str | None = None,
                fingerprint: str | None = None, side_deck: bool = True, game: str = "ocg-tcg") -> Sheet:
    """The sheet of a checked deck: its resolved ``entries`` and the check's ``problems``."""
    blocks: dict[str, list[Row]] = {block: [] for block in BLOCKS}

    def row(entry: DeckEntry, count: int) -> Row:
        if entry.card is None:
            return Row(namer.plain(entry), count, "not a known card: as written")
        if entry.card.kind == "skill":
            return Row(namer.plain(entry), count, "Skill Card" + (": not counted" if skills_apart else ""),
                       counted=not skills_apart)
        if entry.card.kind == "token":
            return Row(namer.plain(entry), count, "a token, not a deck card")
        return Row(namer.plain(entry), count)

    for section in (MAIN, EXTRA, SIDE):
        others, groups = sheet_section(entries, section)
        if section == MAIN:
            for group, members in groups:
                blocks[_GROUP_BLOCKS[group]].extend(row(e, n) for e, n in members)
            blocks[MAIN_OTHER].extend(row(e, n) for e, n in others)
        else:
            target = blocks[EXTRA_DECK if section == EXTRA else SIDE_DECK]
            for _group, members in groups:
                target.extend(row(e, n) for e, n in members)
            target.extend(row(e, n) for e, n in others)
    return Sheet(path, deck_name, player, blocks, list(problems), format_title, list_name, fingerprint, side_deck,
                 game)
