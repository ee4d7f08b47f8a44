"""The core: parse → resolve → check one decklist, with the lists and format chosen once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from . import clock
from .banlists import Banlist, BanlistStore
from .carddb import CardIndex, DataError
from .formats import FORMATS, Format
from .model import DeckResult, ParsedDeck
from .parsers import read_deck
from .resolve import resolve
from .rules import RULES, CheckContext


def _problem_order(problem) -> tuple:
    return (problem.line is not None, problem.line or 0)


def check_parsed(parsed: ParsedDeck, context: CheckContext) -> DeckResult:
    resolved = resolve(parsed, context.cards)
    if parsed.unreadable:
        problems = [p for p in parsed.problems if p.rule == "unreadable"]
    else:
        problems = [p for rule in RULES for p in rule.check(resolved, context)]
        problems.sort(key=_problem_order)
    return DeckResult(parsed.path, resolved.sizes, problems, parsed.name)


@dataclass
class Selection:
    """What the user asked for: a format, a list by name, a date, a region."""

    format: str | None = None
    banlist: str | None = None
    as_of: date | None = None
    region: str | None = None


class Checker:
    """Checks decks with one set of data; contexts are made once per format and reused."""

    def __init__(self, cards: CardIndex, store: BanlistStore, selection: Selection, today: date | None = None):
        self.cards = cards
        self.store = store
        self.selection = selection
        self.as_of = selection.as_of or today or clock.today(selection.format, selection.region)
        self._contexts: dict[str, CheckContext] = {}
        self._named: Banlist | None = None
        if selection.format is not None and selection.format not in FORMATS:
            raise DataError(f"unknown format {selection.format!r}; choose one of: {', '.join(FORMATS)}")
        if selection.banlist is not None:
            self._named = store.by_name(selection.banlist)
            if selection.format is not None and FORMATS[selection.format].banlists != self._named.format:
                raise DataError(
                    f"list {self._named.name!r} is a {self._named.format.upper()} list, not for format {selection.format}"
                )

    @property
    def default_format(self) -> Format:
        if self.selection.format:
            return FORMATS[self.selection.format]
        if self._named is not None:
            return next(f for f in FORMATS.values() if f.banlists == self._named.format)
        return FORMATS["tcg"]

    def context(self, fmt: Format | None = None) -> CheckContext:
        fmt = fmt or self.default_format
        context = self._contexts.get(fmt.id)
        if context is None:
            if self._named is not None and self._named.format == fmt.banlists:
                banlist = self._named
            else:
                banlist = self.store.in_effect(fmt.banlists, self.as_of, self.selection.region)
            context = self._contexts[fmt.id] = CheckContext.create(fmt, self.cards, banlist, self.as_of)
        return context

    def format_for(self, parsed: ParsedDeck) -> Format:
        """The format a deck is judged in: the one asked for, else the one the file declares."""
        explicit = self.selection.format is not None or self._named is not None
        if not explicit and parsed.format and parsed.format.lower() in FORMATS:
            return FORMATS[parsed.format.lower()]
        return self.default_format

    def check_parsed(self, parsed: ParsedDeck) -> tuple[DeckResult, CheckContext]:
        context = self.context(self.format_for(parsed))
        return check_parsed(parsed, context), context

    def check_path(self, path: Path, display: str | None = None) -> tuple[DeckResult, CheckContext]:
        return self.check_parsed(read_deck(path, display))
