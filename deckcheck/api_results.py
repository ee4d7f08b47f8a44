"""What the API's calls other than a check give back (``deckcheck.api`` names them all): a deck shown, a
fingerprint, a registration sheet, two decks compared, an event's table check and sheets, decks read. Kept out
of ``api.py``, which every command imports: making these classes costs a check's start about 15 M instructions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .event import Checked, Reviewed
    from .model import DeckResult, ResolvedDeck
    from .registration import Sheet as FormSheet
    from .regulation import Regulation
    from .sheet import Sheet
    from .side import DiffRow


@dataclass
class ReadDecks:
    """Decks read, not judged: (parsed deck, the argument that named it, its path as shown, its number in a file
    of several or None), and ("missing" | "unreadable", message) for what could not be, in the order met."""

    decks: list[tuple] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class ShownDeck:
    """What ``deckcheck show`` shows of a deck: its cards by official name, grouped as the registration form
    groups them, with totals and stats (``sheet``), the verdict (``result``), what it was judged by
    (``regulation``: its ``title``, ``banlist``, ``points_cap`` …) and what the user should know of that
    (``warnings``: a list asked for by name that was not in force on the date asked for)."""

    sheet: Sheet
    result: DeckResult
    regulation: Regulation
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class TableCheck:
    """A deck found at the table against a player's counted decklist (:meth:`Session.check_at_table`):
    ``checked`` (its verdict, fingerprint, resolved deck), ``changes`` (``diff``'s rows from the counted list)
    and whether it is the ``same`` deck by fingerprint."""

    player: Reviewed
    checked: Checked
    changes: list
    same: bool


@dataclass(frozen=True)
class EventSheet:
    """A player's registration sheet at an event (:meth:`Session.event_sheets`): ``sheet`` and the PDF's
    ``file_name`` (by last name, first name, KONAMI ID), or None and the ``problem`` of a counted decklist that
    cannot be read."""

    player: Reviewed
    sheet: FormSheet | None
    file_name: str | None
    problem: str | None = None


class DeckDiff(NamedTuple):
    """Two decks (resolved: each entry with its card) and the cards whose copies differ, per section (``rows``:
    ``section``, ``card``, copies in ``a`` and in ``b``)."""

    a: ResolvedDeck
    b: ResolvedDeck
    rows: list[DiffRow]


@dataclass(frozen=True)
class Fingerprint:
    """A deck's fingerprint (docs/fingerprint.md): ``code`` (``DC1-…``), or None with the ``problem`` when the
    decklist could not be read; ``path``: the deck as named (``links.txt#2`` for one of several in a file)."""

    path: str
    code: str | None
    problem: str | None = None


@dataclass(frozen=True)
class RegistrationSheet:
    """What a deck's registration sheet holds (``deckcheck decklist`` draws it as a PDF): the player and event
    fields, the card rows by block with their totals, the check's problems, the format, list and fingerprint
    (``sheet``, a ``registration.Sheet``; None when the decklist could not be read), the verdict (``result``)
    and the date it was checked as of (``as_of``: the format asked for's)."""

    path: str
    sheet: FormSheet | None
    result: DeckResult
    as_of: date

    @property
    def unreadable(self) -> bool:
        return self.sheet is None
