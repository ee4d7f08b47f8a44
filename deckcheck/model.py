"""Plain data shared by every stage: parse → resolve → check → report.

Nothing here reads files, prints or decides exit codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAIN = "main"
EXTRA = "extra"
SIDE = "side"
SECTIONS = (MAIN, EXTRA, SIDE)
SECTION_TITLES = {MAIN: "Main", EXTRA: "Extra", SIDE: "Side"}

ERROR = "error"
WARNING = "warning"

# Card kinds in the card index.
KIND_MAIN = "main"  # a Main Deck card: Spell, Trap, or a monster that starts in the Main Deck
KIND_EXTRA = "extra"  # a Fusion, Synchro, Xyz or Link Monster
KIND_TOKEN = "token"
KIND_SKILL = "skill"


@dataclass(slots=True)
class DeckEntry:
    """One line (YDK) or one list item (YAML) of a decklist, as written."""

    section: str
    line: int | None
    passcode: int | None = None
    name: str | None = None
    count: int = 1
    text: str | None = None  # the entry as written, for messages


@dataclass(slots=True, frozen=True)
class CardRef:
    name: str | None
    passcode: int | None

    def to_json(self) -> dict:
        return {"name": self.name, "passcode": self.passcode}

    def label(self) -> str:
        if self.name and self.passcode is not None:
            return f"{self.name} ({self.passcode})"
        if self.name:
            return self.name
        return str(self.passcode) if self.passcode is not None else "?"


@dataclass(slots=True)
class Problem:
    rule: str
    severity: str
    message: str
    section: str | None = None
    line: int | None = None
    card: CardRef | None = None
    fix: str | None = None

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


@dataclass(slots=True)
class ParsedDeck:
    """What a parser read from one file: entries in file order and the problems met on the way."""

    path: str
    entries: list[DeckEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    name: str | None = None
    format: str | None = None  # a format the file declares for itself (YAML `format:`)

    @property
    def unreadable(self) -> bool:
        return any(p.rule == "unreadable" for p in self.problems)


@dataclass(slots=True, frozen=True)
class Card:
    """One card of the index: a printed name with all of its passcodes."""

    passcode: int  # the card's own (canonical) passcode
    name: str
    kind: str  # KIND_MAIN | KIND_EXTRA | KIND_TOKEN | KIND_SKILL
    type: int  # EDOPro/YGOPro `type` bit flags (0 where unknown)
    tcg: bool  # released in the TCG card pool
    ocg: bool  # released in the OCG card pool
    origin: str  # "official" | "prerelease" | "rush" | "unofficial"
    konami_id: int | None
    tcg_date: str | None  # first TCG release, ISO date
    ocg_date: str | None
    group: int  # passcode of the card whose name this card shares (itself unless "always treated as")
    passcodes: tuple[int, ...]  # every passcode of this card, alternate artworks included

    @property
    def ref(self) -> CardRef:
        return CardRef(self.name, self.passcode)


@dataclass(slots=True)
class ResolvedEntry:
    entry: DeckEntry
    card: Card | None  # None: unknown
    suggestions: tuple[str, ...] = ()  # closest names, for unknown or ambiguous names
    reason: str | None = None  # why it is unknown ("no card has passcode 123", "ambiguous name")

    @property
    def section(self) -> str:
        return self.entry.section

    @property
    def count(self) -> int:
        return self.entry.count

    def ref(self) -> CardRef:
        if self.card is not None:
            return CardRef(self.card.name, self.card.passcode)
        return CardRef(self.entry.name, self.entry.passcode)


@dataclass(slots=True)
class ResolvedDeck:
    path: str
    entries: list[ResolvedEntry]
    problems: list[Problem]  # parse and resolve problems, in file order
    name: str | None = None
    format: str | None = None

    def section_size(self, section: str) -> int:
        return sum(e.entry.count for e in self.entries if e.entry.section == section)

    def sizes(self) -> dict[str, int]:
        sizes = {s: 0 for s in SECTIONS}
        for e in self.entries:
            sizes[e.entry.section] += e.entry.count
        return sizes


@dataclass(slots=True)
class DeckResult:
    path: str
    sizes: dict[str, int]
    problems: list[Problem]
    name: str | None = None

    @property
    def legal(self) -> bool:
        return not any(p.severity == ERROR for p in self.problems)

    @property
    def unreadable(self) -> bool:
        return any(p.rule == "unreadable" for p in self.problems)
