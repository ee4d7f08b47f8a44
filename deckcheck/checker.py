"""The core: parse → resolve → regulate → check one decklist, with the regulations built once."""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import NamedTuple

from . import clock
from .banlists import Banlist, BanlistStore
from .carddb import CardIndex
from .errors import DataError
from .fingerprint import fingerprint
from .formats import DEFAULT_FORMAT, Format, FormatStore
from .limits import capped
from .model import ERROR, DeckResult, ParsedDeck, Problem
from .parsers import parse_given, parse_read, read_deck, read_or_unreadable
from .regulation import Regulation
from .resolve import resolve


def problem_order(problem) -> tuple:
    return (problem.line is not None, problem.line or 0)


def check_parsed(parsed: ParsedDeck, regulation: Regulation) -> DeckResult:
    resolved = resolve(parsed, regulation.cards, skills_apart=regulation.enabled("skill-card"))
    facts: dict = {}
    code = None
    if parsed.unreadable:
        problems = [p for p in parsed.problems if p.rule == "unreadable"]
    else:
        code = fingerprint(resolved.entries)
        problems = capped([p for rule in regulation.rule_modules for p in rule.check(resolved, regulation)])
        problems.sort(key=problem_order)
        for rule in regulation.fact_rules:
            facts.update(rule.facts(resolved, regulation))
    return DeckResult(parsed.path, resolved.sizes, problems, resolved.name, facts, parsed.player, code)


# a named tuple: as a dataclass it would cost every start ~1.2 M instructions more
class Override(NamedTuple):
    """A rule option set on the command line for every format of the run (``--points-cap 50``)."""

    flag: str  # the option as the user wrote it, for messages
    rule: str
    options: dict
    enable: bool = False  # turns the rule on in every format (--collection, --prices): else only where it is on


@dataclass
class Selection:
    """What the user asked for: a format (an id or a format file), a list by name, a date, a region."""

    format: str | None = None
    banlist: str | None = None
    as_of: date | None = None
    region: str | None = None
    overrides: tuple[Override, ...] = ()


def _read_event_files(selection: Selection, cards) -> None:
    """Read the command line's collection and price list once, before any deck: a mistake in either is a usage
    error naming the file and line (exit 2), not a problem of every deck."""
    for override in selection.overrides:
        if override.rule == "collection" and override.options.get("file"):
            from .owned import read_collection

            read_collection(override.options["file"], cards)
        elif override.rule == "price-cap" and override.options.get("prices"):
            from .owned import read_prices

            read_prices(override.options["prices"], cards)


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
        _read_event_files(selection, cards)
        self._chosen: Format | None = self._with_overrides(self.formats.resolve(selection.format)) if selection.format else None
        self._named: Banlist | None = None
        if selection.banlist is not None:
            self._named = store.by_name(selection.banlist, self._lists_folder())
            self.regulation()  # says now when the named list is not one of the chosen format's

    def _lists_folder(self) -> str | None:
        """The lists of the format asked for (else of the default format): where a list name means one."""
        options = (self._chosen or self.formats.get(DEFAULT_FORMAT)).options("banlist")
        return options.get("lists") if options is not None else None

    def warnings(self) -> list[str]:
        """What the user should know about the selection: a list asked for by name that was not the one in
        force on the date asked for."""
        named, as_of, region = self._named, self.selection.as_of, self.selection.region
        if named is None or as_of is None:
            return []
        try:
            current = self.store.in_effect(named.format, as_of, region)
        except DataError:
            current = None
        start = named.effective_in(region)
        if start > as_of:
            then = f"; the list in force on {as_of} was {current.name}" if current is not None else ""
            return [f"--banlist {named.name} took effect on {start}, after --as-of {as_of}{then}"]
        if current is not None and current.name != named.name:
            return [f"--banlist {named.name} was no longer in force on --as-of {as_of}: {current.name} was "
                    f"(from {current.effective_in(region)})"]
        return []

    def _with_overrides(self, fmt: Format, strict: bool = True) -> Format:
        """``fmt`` with the command line's overrides; ``strict``: an override the format cannot take is an
        error (the format asked for), else it is left out (a format a decklist declares)."""
        for override in self.selection.overrides:
            if fmt.enabled(override.rule) or override.enable:
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

    def unused_overrides(self, format_ids) -> list[str]:
        """The command line's rule options (``--points-cap 50``) that no deck of the run was judged with: no format
        among ``format_ids`` applies their rule. (With ``--format`` such an option is an error at once.)"""
        if self._chosen is not None:
            return []
        judged = sorted(i for i in format_ids if self.formats.knows(i))
        return [f"{o.flag} was not applied: no deck of this run was judged in a format with the {o.rule} rule "
                f"(judged in: {', '.join(judged) or 'none'}); name one with --format"
                for o in self.selection.overrides if not any(self._format(i).enabled(o.rule) for i in judged)]

    def stale(self, format_ids=()) -> list[dict]:
        """The stale lists (regulation.staleness) of the run's format and of these formats, each list once."""
        found: dict[str, dict] = {}
        for fmt in [self.default_format, *(self._format(i) for i in sorted(format_ids) if self.formats.knows(i))]:
            for item in self.regulation(fmt).stale:
                found.setdefault(item["lists"], item)
        return list(found.values())

    def format_for(self, parsed: ParsedDeck) -> tuple[ParsedDeck, Format]:
        """The format a deck is judged in: the one asked for, else the one the file declares; and the deck
        as judged. A declared format deckcheck does not know is a ``syntax`` error on its line: the deck
        returned is then a copy with that problem and no format (``parsed`` is never changed)."""
        declared = parsed.format
        if declared and not self.formats.knows(declared):
            problem = Problem(
                "syntax", ERROR, f"format {declared!r} is not a format deckcheck knows "
                f"(known: {', '.join(self.formats.ids())})", None, parsed.format_line, None,
                "write one of those ids (see: deckcheck formats), or leave format: out")
            parsed = copy.copy(parsed)
            parsed.problems = [*parsed.problems, problem]
            parsed.format = declared = None
        explicit = self.selection.format is not None or self._named is not None
        if declared and not explicit:
            return parsed, self._format(declared)
        return parsed, self.default_format

    def judge(self, parsed: ParsedDeck) -> tuple[DeckResult, Regulation]:
        """The verdict on a parsed deck and the regulation it was judged by (``parsed`` is not changed)."""
        parsed, fmt = self.format_for(parsed)
        regulation = self.regulation(fmt)
        return check_parsed(parsed, regulation), regulation

    def regulation_for(self, parsed: ParsedDeck) -> Regulation:
        """The regulation a parsed deck is judged by."""
        return self.regulation(self.format_for(parsed)[1])

    def check_parsed(self, parsed: ParsedDeck) -> DeckResult:
        """The verdict on a parsed deck (``parsed`` is not changed)."""
        return self.judge(parsed)[0]

    def check_path(self, path: Path, shown: str | None = None) -> DeckResult:
        return self.check_parsed(read_deck(path, shown, self.input_format))

    def check_decks(self, path: str | os.PathLike, shown: str | None = None, data: bytes | None = None,
                    read: bytes | ParsedDeck | None = None) -> list[tuple[DeckResult, Regulation]]:
        """Every deck of a file (several for a file of ydke links), or of ``data`` given instead of a file.
        ``read``: what ``read_or_unreadable`` gave for the file already."""
        if data is not None:
            decks = parse_given(data, shown if shown is not None else os.fsdecode(path), self.input_format)
            return [self.judge(deck) for deck in decks]
        shown = shown if shown is not None else os.fsdecode(path)
        if read is None:
            read = read_or_unreadable(path, shown)
        if not isinstance(read, bytes):
            return [self.judge(read)]
        return [self.judge(deck) for deck in parse_read(read, path, shown, self.input_format)]
