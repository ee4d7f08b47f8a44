"""The core: parse → resolve → regulate → check one decklist, with the regulations built once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path

from . import clock
from .banlists import Banlist, BanlistStore
from .carddb import CardIndex, DataError
from .formats import DEFAULT_FORMAT, Format, FormatStore
from .limits import capped
from .model import ERROR, DeckResult, ParsedDeck, Problem
from .parsers import parse_given, read_deck, read_decks
from .regulation import Regulation
from .resolve import resolve


def problem_order(problem) -> tuple:
    return (problem.line is not None, problem.line or 0)


def check_parsed(parsed: ParsedDeck, regulation: Regulation) -> DeckResult:
    resolved = resolve(parsed, regulation.cards, skills_apart=regulation.enabled("skill-card"))
    facts: dict = {}
    if parsed.unreadable:
        problems = [p for p in parsed.problems if p.rule == "unreadable"]
    else:
        problems = capped([p for rule in regulation.rules_for(resolved) for p in rule.check(resolved, regulation)])
        problems.sort(key=problem_order)
        for rule in regulation.fact_rules:
            facts.update(rule.facts(resolved, regulation))
    return DeckResult(parsed.path, resolved.sizes, problems, parsed.name, facts)


@dataclass
class Override:
    """A rule option set on the command line for every format of the run (``--points-cap 50``)."""

    flag: str  # the option as the user wrote it, for messages
    rule: str
    options: dict


@dataclass
class Selection:
    """What the user asked for: a format (an id or a format file), a list by name, a date, a region."""

    format: str | None = None
    banlist: str | None = None
    as_of: date | None = None
    region: str | None = None
    overrides: tuple[Override, ...] = ()


class Checker:
    """Checks decks with one set of data; a regulation is built once per format and reused."""

    def __init__(self, cards: CardIndex, store: BanlistStore, selection: Selection, today: date | None = None,
                 formats: FormatStore | None = None, now: datetime | None = None, input_format: str | None = None):
        self.cards = cards
        self.input_format = input_format  # an input format id (--input-format), else each file's own
        self.store = store
        self.formats = formats if formats is not None else FormatStore.default()
        if selection.region is not None:
            from .regulation import check_region

            selection = replace(selection, region=check_region(selection.region, self.formats, store))
        self.selection = selection
        self.today = selection.as_of or today  # a date asked for (or the caller's "today"): every format's
        self.now = now or clock.utc_now()  # else each format's own "today" at this one instant (clock.py)
        self._regulations: dict[str, Regulation] = {}
        self._last: tuple = (None, None)  # the format last asked for and its regulation
        self._formats: dict[str, Format] = {}
        self._chosen: Format | None = self._with_overrides(self.formats.resolve(selection.format)) if selection.format else None
        self._named: Banlist | None = store.by_name(selection.banlist) if selection.banlist is not None else None
        if self._named is not None:
            self.regulation()  # says now when the named list is not one of the chosen format's

    def _with_overrides(self, fmt: Format, strict: bool = True) -> Format:
        """``fmt`` with the command line's overrides; ``strict``: an override the format cannot take is an
        error (the format asked for), else it is left out (a format a decklist declares)."""
        for override in self.selection.overrides:
            if fmt.enabled(override.rule):
                fmt = fmt.with_options(override.rule, override.options, override.flag)
            elif strict:
                raise DataError(f"{override.flag}: format {fmt.id} does not apply the {override.rule} rule")
        return fmt

    def _format(self, format_id: str) -> Format:
        """A format by id, with the command line's overrides (each format once)."""
        fmt = self._formats.get(format_id)
        if fmt is None:
            fmt = self._formats[format_id] = self._with_overrides(self.formats.get(format_id), strict=False)
        return fmt

    def as_of_for(self, fmt: Format) -> date:
        """The check date for ``fmt``: the one asked for, else today in the region of its lists (clock.py)."""
        if self.today is not None:
            return self.today
        return clock.today(self.selection.region or fmt.region, self.now)

    @property
    def as_of(self) -> date:
        """The check date of the format asked for (or TCG): what reports state."""
        return self.as_of_for(self.default_format)

    @property
    def default_format(self) -> Format:
        """The format asked for; else the format of the list asked for by name; else TCG."""
        if self._chosen is not None:
            return self._chosen
        if self._named is not None:
            for format_id in [self._named.format] + self.formats.builtin_ids():
                if not self.formats.knows(format_id):
                    continue
                fmt = self._format(format_id)
                if (fmt.options("banlist") or {}).get("lists") == self._named.format:
                    return fmt
            raise DataError(f"no format uses the {self._named.format.upper()} lists of {self._named.name!r}")
        return self._format(DEFAULT_FORMAT)

    def regulation(self, fmt: Format | None = None) -> Regulation:
        fmt = fmt or self.default_format
        if fmt is self._last[0]:
            return self._last[1]  # the format of the deck before (a batch: nearly always)
        key = f"{fmt.origin}:{fmt.path}:{fmt.id}"
        regulation = self._regulations.get(key)
        if regulation is None:
            named = self._named if self._named is not None and fmt is self.default_format else None
            regulation = Regulation.build(fmt, self.cards, self.store, self.as_of_for(fmt), self.selection.region, named)
            self._regulations[key] = regulation
        self._last = (fmt, regulation)
        return regulation

    def format_for(self, parsed: ParsedDeck) -> Format:
        """The format a deck is judged in: the one asked for, else the one the file declares.

        A declared format deckcheck does not know is a ``syntax`` error on its line.
        """
        declared = parsed.format
        if declared and not self.formats.knows(declared):
            parsed.problems.append(Problem(
                "syntax", ERROR, f"format {declared!r} is not a format deckcheck knows "
                f"(known: {', '.join(self.formats.ids())})", None, parsed.format_line, None,
                "write one of those ids (see: deckcheck formats), or leave format: out"))
            parsed.format = declared = None
        explicit = self.selection.format is not None or self._named is not None
        if declared and not explicit:
            return self._format(declared)
        return self.default_format

    def check_parsed(self, parsed: ParsedDeck) -> tuple[DeckResult, Regulation]:
        regulation = self.regulation(self.format_for(parsed))
        return check_parsed(parsed, regulation), regulation

    def check_path(self, path: Path, display: str | None = None) -> tuple[DeckResult, Regulation]:
        return self.check_parsed(read_deck(path, display, self.input_format))

    def check_decks(self, path: Path, display: str | None = None, data: bytes | None = None
                    ) -> list[tuple[DeckResult, Regulation]]:
        """Every deck of a file (several for a file of ydke links), or of ``data`` given instead of a file."""
        if data is not None:
            decks = parse_given(data, display if display is not None else str(path), self.input_format)
        else:
            decks = read_decks(path, display, self.input_format)
        return [self.check_parsed(deck) for deck in decks]
