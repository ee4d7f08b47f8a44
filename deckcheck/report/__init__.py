"""Reporters: pure functions of the results. They know nothing of the rules.

Every output format of ``deckcheck check`` is a :class:`ReportFormat` (``registry.output_format(name)``): the
report in pieces (``chunks``), drawn on a terminal where it can be (text). Decks come in ``run.results`` in the order the
files were found; only the text report reorders them (worst first).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import NamedTuple

from ..version import __version__
from ..model import ERROR, WARNING, DeckResult

# Every output format of `deckcheck check`: its name (as --output-format, deckcheck.toml and the docs
# spell it), the module under report/ that renders it and its ReportFormat there (loaded by registry.py).
OUTPUT_FORMATS = {
    "text": ("text", "TextFormat"),
    "json": ("json_report", "JsonFormat"),
    "junit": ("junit", "JunitFormat"),
    "sarif": ("sarif", "SarifFormat"),
    "github": ("github", "GithubFormat"),
    "csv": ("csv_report", "CsvFormat"),
    "html": ("html", "HtmlFormat"),
}
# The output format a report file's suffix means, when no --output-format is given (`--output report.html`).
OUTPUT_SUFFIXES = {".txt": "text", ".json": "json", ".xml": "junit", ".sarif": "sarif", ".csv": "csv", ".html": "html",
                   ".htm": "html"}


class ReportFormat(ABC):
    """One output format of ``deckcheck check`` (as pip-audit's ``VulnerabilityFormat``)."""

    draws = False  # drawn on a terminal (rich) when written to standard output: ``draw``

    @abstractmethod
    def chunks(self, run: Run, *, quiet: bool = False) -> Iterable[str]:
        """The report as text, in pieces (a large report is written piece by piece)."""

    def draw(self, run: Run, console, *, quiet: bool = False) -> None:
        """Draw the report on a rich console (only where ``draws``)."""
        raise NotImplementedError

    def write(self, run: Run, target=None, *, quiet: bool = False, console: Callable | None = None) -> None:
        """Write the report to ``target`` (a file, replaced in one step) or to standard output; ``console()``
        gives the rich console of standard output, for a format that ``draws``."""
        from .output import emit

        if self.draws and target is None and console is not None:
            self.draw(run, console(), quiet=quiet)
        else:
            emit(self.chunks(run, quiet=quiet), target)


# RuleInfo, RuleCount and CardCount are named tuples: as dataclasses each would cost every start ~1.2 M instructions more
class RuleInfo(NamedTuple):
    """What a report may say about a rule: its ID, severity, one-line summary and documentation."""

    id: str
    severity: str
    summary: str
    doc: str


def rule_catalog() -> list[RuleInfo]:
    """Every rule's ID, severity, summary and docstring (read from the rule modules)."""
    from ..rules import RULES, rule_doc

    return [RuleInfo(r.ID, r.SEVERITY, r.SUMMARY, rule_doc(r)) for r in RULES]


class RuleCount(NamedTuple):
    rule: str
    severity: str
    problems: int  # how many problems with this rule, over all decks
    decks: int  # how many decks have at least one


class CardCount(NamedTuple):
    """How often one rule hit one card (``card``/``label`` None: problems without a card) over all decks."""

    rule: str
    kind: str  # what the summary calls it: the rule ID, or the list status for a banlist problem ("Forbidden")
    severity: str
    card: object  # a CardRef, or None
    label: str | None  # the card as the summary names it
    problems: int
    decks: int


@cache
def _list_status():
    import re

    return re.compile(r" is (Forbidden|Limited|Semi-Limited) on ")


def _status_of(message: str) -> str | None:
    """The status a banlist problem names, for the summary ("Forbidden: Maxx "C" in 12 decks")."""
    found = _list_status().search(message)
    return found.group(1) if found else None


@dataclass
class Run:
    """Everything a reporter needs: the results and what they were judged with."""

    results: list[DeckResult]
    format_id: str
    format_title: str
    banlist: dict  # name, effective, source, path
    as_of: date
    data: dict  # card data sources
    deck_formats: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (format id, list name)
    rules: list[RuleInfo] = field(default_factory=list)  # for reports that describe rules (SARIF)
    lists: dict = field(default_factory=dict)  # Regulation.report_lists() of the run's format: region, lists, points
    skipped: list[str] = field(default_factory=list)  # files found in folders that are not decklists (a README.txt)
    stale: list[dict] = field(default_factory=list)  # lists that may no longer be the newest in force (regulation.staleness)
    files: dict[str, str] = field(default_factory=dict)  # a deck's path → its file, for one of several in a file (a#2 → a)
    notices: list[str] = field(default_factory=list)  # for the user, not the report: "warning: …", "note: …", in order
    _card_counts: list | None = field(default=None, init=False, repr=False, compare=False)
    _tallied: tuple | None = field(default=None, init=False, repr=False, compare=False)
    _counted: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def file_of(self, path: str) -> str:
        """The file a deck is in, for a report's locations: its path, or for one of several decks in a file
        (ydke links, shown as ``links.txt#2``) that file."""
        return self.files.get(path, path)

    def _verdicts(self) -> tuple[int, int]:
        """(legal, unreadable), counted once: every summary asks for them several times."""
        if self._counted is None:
            legal = unreadable = 0
            for r in self.results:
                if r.unreadable:
                    unreadable += 1
                elif r.legal:
                    legal += 1
            self._counted = (legal, unreadable)
        return self._counted

    @property
    def legal(self) -> int:
        return self._verdicts()[0]

    @property
    def illegal(self) -> int:
        """Decks read and judged not legal (an unreadable file is counted apart: ``unreadable``)."""
        legal, unreadable = self._verdicts()
        return len(self.results) - legal - unreadable

    @property
    def not_legal(self) -> int:
        return len(self.results) - self._verdicts()[0]

    @property
    def unreadable(self) -> int:
        return self._verdicts()[1]

    def _tallies(self) -> tuple[dict, dict]:
        """Errors and warnings by rule, and by (rule, list status, card): key → [problems, decks, severity,
        first problem]. Counted once."""
        if self._tallied is None:
            by_rule: dict = {}
            by_card: dict = {}
            statuses: dict[str, str | None] = {}  # a banlist problem's message → its status (the same recur)
            for result in self.results:
                own_rules: set = set()
                own_cards: set = set()
                for p in result.problems:
                    severity = p.severity
                    if severity == ERROR or severity == WARNING:
                        _count(by_rule, own_rules, p.rule, p, severity)
                        _count(by_card, own_cards, _rule_and_card(p, statuses), p, severity)
            self._tallied = (by_rule, by_card)
        return self._tallied

    def rule_counts(self) -> list[RuleCount]:
        """Problems (errors and warnings) per rule, the most common first (by decks, then problems, then rule ID)."""
        counts = [RuleCount(rule, severity, n, decks) for rule, (n, decks, severity, _) in self._tallies()[0].items()]
        counts.sort(key=lambda c: (-c.decks, -c.problems, c.rule))
        return counts

    def card_counts(self) -> list[CardCount]:
        """Problems per rule and card (errors and warnings), the most common first: what an organizer acts on."""
        if self._card_counts is None:
            counts = []
            for (rule, status, named), (n, decks, severity, p) in self._tallies()[1].items():
                card = p.card if named else None
                label = (card.name or str(card.passcode)) if card is not None else None
                counts.append(CardCount(rule, status or rule, severity, card, label, n, decks))
            counts.sort(key=lambda c: (-c.decks, -c.problems, c.rule, c.label or ""))
            self._card_counts = counts
        return self._card_counts


def _count(found: dict, own: set, key, p, severity: str) -> None:
    """Count problem ``p`` (of ``severity``) of a deck under ``key`` (``own``: the keys that deck counted already,
    so each deck counts once per key)."""
    tally = found.get(key)
    if tally is None:
        found[key] = [1, 1, severity, p]
        own.add(key)
        return
    tally[0] += 1
    if key not in own:
        own.add(key)
        tally[1] += 1
    if severity == ERROR:
        tally[2] = ERROR


def _rule_and_card(p, statuses: dict[str, str | None]) -> tuple:
    """(rule, the list status a banlist problem names, (passcode, name) of its card or None); ``statuses``: the
    status of each message met so far."""
    card = p.card
    if card is None or card.name is None and card.passcode is None:
        return p.rule, None, None
    if p.rule != "banlist":
        return p.rule, None, (card.passcode, card.name)
    message = p.message
    status = statuses.get(message, False)
    if status is False:
        status = statuses[message] = _status_of(message)
    return p.rule, status, (card.passcode, card.name)


def counts(result: DeckResult) -> tuple[int, int]:
    """(errors, warnings) of one deck (notes not counted)."""
    errors = sum(1 for p in result.problems if p.severity == ERROR)
    return errors, sum(1 for p in result.problems if p.severity == WARNING)


def status(result: DeckResult) -> str:
    """"unreadable", "illegal" or "legal"."""
    if result.unreadable:
        return "unreadable"
    return "legal" if result.legal else "illegal"


def worst_first(results: list[DeckResult]) -> list[DeckResult]:
    """Unreadable decks, then illegal decks by most errors, then legal decks with warnings,
    then clean ones; decks that tie keep the order they were found in (a stable sort)."""

    def key(result: DeckResult) -> tuple:
        errors, warnings = counts(result)
        rank = 0 if result.unreadable else 1 if errors else 2 if warnings else 3
        return rank, -errors, -warnings

    return sorted(results, key=key)


def stale_message(item: dict) -> str:
    """One stale list as a sentence (text, GitHub): the verdicts stand, the data may be old."""
    from ..banlists import folder_title

    return (f"the newest {folder_title(item['lists'])} list deckcheck has took effect on {item['effective']}, {item['age_days']} days ago; "
            f"each of the last ones came within {item['longest_gap_days']} days, so a newer list may be in force "
            "(run 'deckcheck update')")


def tool_info() -> dict:
    return {"name": "deckcheck", "version": __version__}
