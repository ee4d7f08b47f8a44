"""Plain data shared by every stage: parse → resolve → check → report.

Nothing here reads files, prints or decides exit codes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeGuard

MAIN = "main"
EXTRA = "extra"
SIDE = "side"
SECTIONS = (MAIN, EXTRA, SIDE)
SECTION_TITLES = {MAIN: "Main", EXTRA: "Extra", SIDE: "Side"}

ERROR = "error"
WARNING = "warning"
INFO = "info"  # something worth a mention that needs nothing done (an MDPro3 file's cosmetic sections)

# Card kinds in the card index.
KIND_MAIN = "main"  # a Main Deck card: Spell, Trap, or a monster that starts in the Main Deck
KIND_EXTRA = "extra"  # a Fusion, Synchro, Xyz or Link Monster
KIND_TOKEN = "token"
KIND_SKILL = "skill"


class Source:
    """One decklist to check: its file (None for a decklist given as data), its path as shown in reports, and
    its bytes when given as data (standard input, a ydke:// link) or why it must not be read (a pipe, a
    device, a folder that cannot be searched, standard input too large)."""

    __slots__ = ("path", "shown", "data", "problem")

    def __init__(self, path, shown: str, data: bytes | None = None, problem: str | None = None):
        self.path = path
        self.shown = shown
        self.data = data
        self.problem = problem

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other) -> bool:
        return isinstance(other, Source) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]


def _reduce(self) -> tuple:
    """How pickle sends one (a process of the pool to the first, fast.pool): the class and its fields in order,
    several times cheaper than the default's state of slots. A subclass (limits.Omitted), whose ``__init__``
    takes other arguments, goes as the default does: made without ``__init__``, every slot of its classes set."""
    cls = self.__class__
    if cls in _MADE_FROM_FIELDS:
        return cls, tuple(getattr(self, name) for name in cls.__slots__)
    slots = {name: getattr(self, name) for klass in cls.__mro__ for name in klass.__dict__.get("__slots__", ())
             if hasattr(self, name)}
    return _made_without_init, (cls,), (None, slots)


def _made_without_init(cls: type) -> object:
    return object.__new__(cls)


def _repr(self) -> str:
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
    return f"{type(self).__name__}({fields})"


# Plain classes with __slots__ rather than dataclasses: they are created by the million in a
# batch and imported on every start, where each dataclass costs about half a millisecond.


class DeckEntry:
    """One line (YDK) or one list item (YAML) of a decklist, as written; resolve sets ``card``."""

    __slots__ = ("section", "line", "passcode", "name", "count", "text", "span", "card", "konami_id")
    __repr__ = _repr

    def __init__(self, section: str, line: int | None, passcode: int | None = None, name: str | None = None,
                 count: int = 1, text: str | None = None, span: int = 1, card: Card | None = None,
                 konami_id: int | None = None):
        self.section = section
        self.line = line  # 1-based line in the file
        self.passcode = passcode
        self.name = name
        self.count = count
        self.text = text  # the entry as written, for messages
        self.span = span  # how many adjacent lines the entry stands for (YDK copies on consecutive lines)
        self.card = card  # None until resolved, and for unknown cards
        self.konami_id = konami_id  # the card by its Konami database ID (Master Duel, Konami-ID lists), no passcode

    @property
    def lines(self) -> range:
        return range(self.line, self.line + self.span) if self.line is not None else range(0)

    def ref(self) -> CardRef:
        if self.card is not None:
            return CardRef(self.card.name, self.card.passcode)
        return CardRef(self.name, self.passcode)


class BareEntry(DeckEntry):
    """A DeckEntry made without arguments, for a parser that sets every field itself (YDK's plain passcode
    lines): ``BareEntry()`` skips the call of ``__init__``, two thirds of what making an entry costs."""

    __slots__ = ()
    __init__ = object.__init__


if TYPE_CHECKING:
    class KnownEntry(DeckEntry):
        """For the type checker: an entry resolve found a card for (what ``ResolvedDeck.deck_entries`` holds)."""

        card: Card
else:
    KnownEntry = DeckEntry


def is_known(entry: DeckEntry) -> TypeGuard[KnownEntry]:
    """Whether resolve found ``entry``'s card (for the type checker: the entry is then a ``KnownEntry``)."""
    return entry.card is not None


class CardRef:
    __slots__ = ("name", "passcode")
    __repr__ = _repr
    __reduce__ = _reduce

    def __init__(self, name: str | None, passcode: int | None):
        self.name = name
        self.passcode = passcode

    def __eq__(self, other) -> bool:
        return isinstance(other, CardRef) and (self.name, self.passcode) == (other.name, other.passcode)

    def __hash__(self) -> int:
        return hash((self.name, self.passcode))

    def to_json(self) -> dict:
        return {"name": self.name, "passcode": self.passcode}

    def label(self) -> str:
        if self.name and self.passcode is not None:
            return f"{self.name} ({self.passcode})"
        if self.name:
            return self.name
        return str(self.passcode) if self.passcode is not None else "?"


class Problem:
    """One problem of one deck: plain data for every reporter."""

    __slots__ = ("rule", "severity", "message", "section", "line", "card", "fix")
    __repr__ = _repr
    __reduce__ = _reduce

    def __init__(self, rule: str, severity: str, message: str, section: str | None = None, line: int | None = None,
                 card: CardRef | None = None, fix: str | None = None):
        self.rule = rule
        self.severity = severity
        self.message = message
        self.section = section
        self.line = line
        self.card = card
        self.fix = fix

    def __eq__(self, other) -> bool:
        return isinstance(other, Problem) and self.to_json() == other.to_json()

    # not hashable: a class defining __eq__ and not __hash__ has __hash__ None

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "section": self.section,
            "line": self.line,
            "card": self.card.to_json() if self.card else None,
            "fix": self.fix,
        }


class Registration:
    """What a decklist says for its registration sheet (YAML ``player:``, ``konami_id:`` …); None where unsaid.

    ``player`` is the name as one text ("First Last" or "Last, First"); ``first_name`` and ``last_name``
    say the parts exactly. ``konami_id`` keeps its leading zeros; ``date`` is an ISO date.
    """

    __slots__ = ("player", "first_name", "last_name", "konami_id", "country", "event", "date")
    __repr__ = _repr

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields.pop(name, None))
        if fields:
            raise TypeError(f"unknown registration fields: {', '.join(fields)}")

    def given(self) -> dict:
        """The fields that are set."""
        return {name: getattr(self, name) for name in self.__slots__ if getattr(self, name) is not None}


class ParsedDeck:
    """What a parser read from one file: entries in file order and the problems met on the way."""

    __slots__ = ("path", "entries", "problems", "name", "format", "format_line", "split_extra", "player",
                 "no_extra_line", "registration", "title_line")
    __repr__ = _repr

    def __init__(self, path: str, entries: list[DeckEntry] | None = None, problems: list[Problem] | None = None,
                 name: str | None = None, format: str | None = None, format_line: int | None = None,
                 split_extra: bool = False, player: str | None = None):
        self.path = path
        self.entries = entries if entries is not None else []
        self.problems = problems if problems is not None else []
        self.name = name
        self.format = format  # a format id the file declares for itself (YAML `format:`)
        self.format_line = format_line
        self.split_extra = split_extra  # Main lists Main and Extra Deck cards together (Omega codes): split by kind
        self.player = player  # who the file says made it (YAML `player:`, YDK `#created by`)
        self.no_extra_line = False  # a YDK file without an #extra line (rules/wrong_section.py)
        self.registration: Registration | None = None  # player and event, for the registration sheet (YAML)
        self.title_line: int | None = None  # a text list's first line, a name alone: the title if no card has it

    @property
    def unreadable(self) -> bool:
        for p in self.problems:  # (a loop, not any(): asked of every deck)
            if p.rule == "unreadable":
                return True
        return False


class Card:
    """One card of the index: a printed name with all of its passcodes. Equal by passcode."""

    __slots__ = ("passcode", "name", "kind", "type", "tcg", "ocg", "origin", "konami_id", "tcg_date", "ocg_date",
                 "group", "passcodes", "level")
    __repr__ = _repr

    def __init__(self, passcode: int, name: str, kind: str, type: int, tcg: bool, ocg: bool, origin: str,
                 konami_id: int | None, tcg_date: str | None, ocg_date: str | None, group: int,
                 passcodes: tuple[int, ...], level: int | None = None):
        self.passcode = passcode  # the card's own (canonical) passcode
        self.name = name
        self.kind = kind  # KIND_MAIN | KIND_EXTRA | KIND_TOKEN | KIND_SKILL
        self.type = type  # EDOPro/YGOPro `type` bit flags (0 where unknown)
        self.tcg = tcg  # released in the TCG card pool
        self.ocg = ocg  # released in the OCG card pool
        self.origin = origin  # "official" | "prerelease" | "rush" | "unofficial"
        self.konami_id = konami_id
        self.tcg_date = tcg_date  # first TCG release, ISO date
        self.ocg_date = ocg_date
        self.group = group  # passcode of the card whose name it shares (itself unless "always treated as")
        self.passcodes = passcodes  # every passcode of the card, alternate artworks included
        self.level = level  # a monster's Level, Rank or Link Rating (None: not a monster, or not known)

    def __eq__(self, other) -> bool:
        return isinstance(other, Card) and self.passcode == other.passcode

    def __hash__(self) -> int:
        return hash(self.passcode)

    @property
    def ref(self) -> CardRef:
        return CardRef(self.name, self.passcode)


class ResolvedDeck:
    """A parsed deck whose entries carry their cards, with the tallies every rule needs.

    Built in one pass by resolve; rules read these instead of walking the entries again.
    """

    __slots__ = ("path", "entries", "problems", "name", "format", "sizes", "deck_entries", "other_entries",
                 "unresolved", "no_extra_line", "memo", "_totals")

    def __init__(self, path: str, entries: list[DeckEntry], problems: list[Problem], name=None, format=None,
                 no_extra_line: bool = False):
        self.path = path
        self.entries = entries
        self.problems = problems  # parse and resolve problems, in file order
        self.name = name
        self.format = format
        self.no_extra_line = no_extra_line
        self.sizes = {MAIN: 0, EXTRA: 0, SIDE: 0}
        self.deck_entries: list[KnownEntry] = []  # known Main/Extra Deck cards
        self.other_entries: list[DeckEntry] = []  # unknown cards, tokens and skills
        self.unresolved: dict[int, tuple[str, tuple[str, ...]]] = {}  # id(entry) -> (reason, suggestions)
        self.memo: dict = {}  # what a rule computes once per deck for its check and its facts (rule ID -> value)
        self._totals: dict[int, int] | None = None

    def section_size(self, section: str) -> int:
        return self.sizes[section]

    def deck_counts(self) -> list[tuple[Card, int]]:
        """(card, copies) of each entry of a Main/Extra Deck card."""
        return [(e.card, e.count) for e in self.deck_entries]

    def groups(self, wanted: Iterable[int]) -> dict[int, list[KnownEntry]]:
        """The deck cards of the name groups ``wanted``, per group, in order of appearance."""
        found: dict[int, list[KnownEntry]] = {group: [] for group in wanted}
        for e in [e for e in self.deck_entries if e.card.group in found]:  # (a few of a deck's entries)
            found[e.card.group].append(e)
        return found

    def group_totals(self) -> dict[int, int]:
        """Copies per name group across Main, Extra and Side (counted once per deck)."""
        totals = self._totals
        if totals is None:
            totals = self._totals = {}
            for e in self.deck_entries:
                group = e.card.group
                if group in totals:
                    totals[group] += e.count
                else:
                    totals[group] = e.count
        return totals


class DeckResult:
    """The verdict on one deck: its section sizes and every problem."""

    __slots__ = ("path", "sizes", "problems", "name", "facts", "player", "fingerprint")
    __repr__ = _repr
    __reduce__ = _reduce

    def __init__(self, path: str, sizes: dict[str, int], problems: list[Problem], name: str | None = None,
                 facts: dict | None = None, player: str | None = None, fingerprint: str | None = None):
        self.path = path
        self.sizes = sizes
        self.problems = problems
        self.name = name
        self.facts = facts if facts is not None else {}  # what rules add to every report (e.g. Genesys points)
        self.player = player
        self.fingerprint = fingerprint  # the deck's content as a code (fingerprint.py); None when unreadable

    @property
    def legal(self) -> bool:
        for p in self.problems:  # (a loop, not any(): asked of every deck by every report)
            if p.severity == ERROR:
                return False
        return True

    @property
    def unreadable(self) -> bool:
        for p in self.problems:
            if p.rule == "unreadable":
                return True
        return False


_MADE_FROM_FIELDS = frozenset((CardRef, Problem, DeckResult))  # __init__ takes __slots__ in order
