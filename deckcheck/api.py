"""deckcheck's public Python API: what the command line, a bot and the tests all go through.

The three-line case::

    import deckcheck

    result = deckcheck.check(open("my.ydk", "rb").read())
    print(result.legal, [p.message for p in result.problems])

A program that runs for long (a Discord bot, a web service) keeps one :class:`Session`: it keeps the
card data and lists loaded, and sees data that ``deckcheck update`` installs while it runs (the data
is keyed by the data directory and the stamp of what the update installed). "Today" is taken at
every call, never frozen when the Session was made. Nothing here prints: what a user should be told
comes back as ``warnings`` / ``notes``, and what cannot be done is an exception from
``deckcheck.errors``. The decklists given are never changed.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import clock
from .errors import UsageError
from .files import Found
from .limits import quoted
from .model import DeckResult, ParsedDeck, Source

if TYPE_CHECKING:
    from .api_results import DeckDiff, EventSheet, Fingerprint, ReadDecks, RegistrationSheet, ShownDeck, TableCheck
    from .checker import Checker, Selection
    from .convert import Conversion
    from .datastore import LoadedData
    from .event import Review
    from .regulation import Regulation
    from .report import Run
    from .side import MatchResult, SideChecker, SideResult

__all__ = ["Session", "check", "Found", "ReadDecks", "selection", "Conversion", "ShownDeck", "RegisteredDeck",
           "Fingerprint", "RegistrationSheet", "DeckDiff", "TableCheck", "EventSheet",
           "read_fingerprint"]

# Named by the API, imported when first named (a check needs none of them): the result types of api_results.py,
# and the conversion convert.py gives
_RESULT_TYPES = ("ReadDecks", "ShownDeck", "TableCheck", "EventSheet", "DeckDiff", "Fingerprint", "RegistrationSheet")


def __getattr__(name: str):
    if name in _RESULT_TYPES:
        from . import api_results

        value = getattr(api_results, name)
    elif name == "Conversion":
        from .convert import Conversion as value
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


# A decklist: its text or bytes (any format deckcheck reads), or a deck that Session.read_decks read
Deck = str | bytes | ParsedDeck

CHECKERS_KEPT = 16  # selections a Session keeps a Checker for (their regulations are built once each)


def _date(value: date | str | None, option: str = "as_of") -> date | None:
    """``value`` as a date (an ISO date text is taken too); UsageError when it is none."""
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise UsageError(f"{option} {quoted(value)} is not a date (YYYY-MM-DD)") from None


def selection(format: str | None = None, banlist: str | None = None, as_of: date | str | None = None,
              region: str | None = None, points_cap: int | None = None, legacy_side: bool = False,
              as_of_option: str = "as_of", collection: str | os.PathLike | None = None,
              prices: str | os.PathLike | None = None, price_cap: str | float | int | None = None) -> Selection:
    """What to judge by: a format id (or a format file's path), a list by name, a date, a region and the rule
    options a command line may set (the points cap, the legacy side-size rule; an event's collection file of
    owned copies, its price list and price cap)."""
    from .checker import Selection

    overrides = list(event_overrides(collection, prices, price_cap))
    if points_cap is not None:
        from .checker import Override

        overrides.insert(0, Override(f"--points-cap {points_cap}", "points-cap", {"cap": points_cap}))
    if legacy_side:
        from .checker import Override

        overrides.append(Override("--side-rule legacy", "side-size", {"exactly": [0, 15]}))
    return Selection(format, banlist, _date(as_of, as_of_option), region, tuple(overrides))


def event_overrides(collection=None, prices=None, price_cap=None) -> tuple:
    """The overrides that turn on an event's own checks: ``collection`` (a CSV of copies owned), ``prices`` (a
    CSV price list) with ``price_cap`` (an amount); the files are read when a checker is made."""
    from .checker import Override

    found = []
    if collection is not None:
        found.append(Override(f"--collection {collection}", "collection", {"file": str(Path(collection).resolve())},
                              enable=True))
    if price_cap is not None and prices is None:
        raise UsageError("--price-cap needs --prices (the event's price list)")
    if prices is not None:
        options = {"prices": str(Path(prices).resolve())}
        if price_cap is not None:
            options["cap"] = str(price_cap)
        found.append(Override(f"--prices {prices}" + (f" --price-cap {price_cap}" if price_cap is not None else ""),
                              "price-cap", options, enable=True))
    return tuple(found)


@dataclass(frozen=True)
class RegisteredDeck:
    """A Match's registered deck, judged once (as of the :meth:`Session.register` call): sided decks and the
    Duels of a Match are judged against it. ``result``: its own verdict; ``regulation``: what it is judged by;
    ``warnings``: what the user should know of that; ``stale``: the lists judged by that may be out of date
    (``report.stale_message`` says each in words)."""

    result: DeckResult
    regulation: Regulation
    warnings: list[str]
    stale: list[dict]
    _checker: SideChecker = field(repr=False)

    def side(self, sided: Deck, *, input_format: str | None = None, name: str | None = None) -> SideResult:
        """Whether ``sided`` is a legal sided version of the registered deck: the swaps (``moves``), the
        problems, ``legal``."""
        return self._checker.check(_one_deck(sided, name or "<sided>", input_format))

    def match(self, duels: Sequence[Deck], game_loss_before: Iterable[int] = (), *,
              input_format: str | None = None) -> MatchResult:
        """Every Duel of a Match, in order: Duel 1 (and a Duel after a Game Loss before the one before it
        began) the registered deck exactly, the others legal sided decks. ``game_loss_before``: the Duels
        decided by a Game Loss before they began."""
        from .side import check_match

        losses = list(game_loss_before)
        for n in losses:
            if not 1 <= n <= len(duels):
                raise UsageError(f"a Game Loss before Duel {n}: the Match has Duels 1 to {len(duels)}")
        decks = [_one_deck(deck, f"<duel {n}>", input_format) for n, deck in enumerate(duels, 1)]
        return check_match(self._checker, decks, losses)


class Session:
    """Checks decklists with data kept loaded between calls.

    ``data_dir``: where ``deckcheck update`` installs data (default: ``DECKCHECK_DATA_DIR``, else the user
    data directory), read again whenever an update changed it.
    """

    def __init__(self, data_dir: str | os.PathLike | None = None):
        self._data_dir = Path(data_dir) if data_dir is not None else None
        self._checkers: OrderedDict[tuple, Checker] = OrderedDict()

    # ---- the data -----------------------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        from .paths import data_dir

        return self._data_dir if self._data_dir is not None else data_dir()

    @property
    def data(self) -> LoadedData:
        """The card index and lists in use now (loaded once per change of the data directory)."""
        from .datastore import load_data

        return load_data(self.data_dir)

    @property
    def warnings(self) -> list[str]:
        """What the user should know about the data in use (an update that cannot be trusted, …)."""
        return list(self.data.warnings)

    def formats(self):
        """The built-in formats and the user's (``formats/`` in the data directory)."""
        from .formats import FormatStore

        return FormatStore(self.data_dir / "formats")

    def checker(self, chosen: Selection | None = None, *, input_format: str | None = None) -> Checker:
        """A Checker for ``chosen`` with the data in use and "today" as of now (one is kept per selection, data
        and set of dates: a check the next day, or after an update, gets a new one)."""
        from .checker import Checker, Selection

        chosen = chosen or Selection()
        data = self.data
        now = clock.utc_now()
        days = None if chosen.as_of is not None else tuple(clock.today(region, now) for region in clock.ZONES)
        key = (data.root, data.stamp, id(data.cards), chosen.format, chosen.banlist, chosen.as_of, chosen.region,
               tuple((o.flag, o.rule) for o in chosen.overrides), input_format, days)
        checker = self._checkers.get(key)
        if checker is None:
            checker = Checker(data.cards, data.store, chosen, formats=self.formats(), now=now,
                              input_format=input_format)
            self._checkers[key] = checker
            while len(self._checkers) > CHECKERS_KEPT:
                self._checkers.popitem(last=False)
        else:
            self._checkers.move_to_end(key)
        return checker

    # ---- one decklist -------------------------------------------------------------------------

    def check_decks(self, text_or_bytes: str | bytes, *, format: str | None = None, as_of: date | str | None = None,
                    input_format: str | None = None, name: str | None = None, banlist: str | None = None,
                    region: str | None = None, points_cap: int | None = None,
                    **event) -> list[DeckResult]:
        """The verdict on every deck of a decklist given as text or bytes (a file of ydke links holds several).
        ``name``: how the deck is named in the result (default ``<deck>``). ``event``: ``collection`` (a CSV of
        copies owned), ``prices`` and ``price_cap`` (see :func:`selection`)."""
        from .parsers import parse_given

        data = text_or_bytes.encode("utf-8", "surrogateescape") if isinstance(text_or_bytes, str) else bytes(text_or_bytes)
        checker = self.checker(selection(format, banlist, as_of, region, points_cap, **event), input_format=_input_format(input_format))
        return [checker.check_parsed(deck) for deck in parse_given(data, name or "<deck>", checker.input_format)]

    def check(self, text_or_bytes: str | bytes, *, format: str | None = None, as_of: date | str | None = None,
              input_format: str | None = None, name: str | None = None, banlist: str | None = None,
              region: str | None = None, points_cap: int | None = None, **event) -> DeckResult:
        """The verdict on one decklist given as text or bytes (any format deckcheck reads). A decklist that
        holds several decks (ydke links, one a line) is a UsageError: use :meth:`check_decks`."""
        results = self.check_decks(text_or_bytes, format=format, as_of=as_of, input_format=input_format, name=name,
                                   banlist=banlist, region=region, points_cap=points_cap, **event)
        if len(results) != 1:
            raise UsageError(f"{name or 'the decklist'} holds {len(results)} decks; check them with check_decks")
        return results[0]

    def check_team(self, paths: Sequence[str | os.PathLike], *, format: str | None = None,
                   slots: Sequence[str] | None = None, copy_limit: int | None = -1, as_of: date | str | None = None,
                   region: str | None = None):
        """A team's decklists (files) judged together (``deckcheck.team``): each in its slot's format (``slots``,
        one per deck) or in ``format``, then the team's shared copy limit and shared list limits (the first deck's
        format's ``team-copy-limit`` options, else 3 and shared lists; ``copy_limit`` replaces its ``max``, None:
        no shared copy limit, -1: the format's)."""
        from .parsers import read_deck
        from .team import check_team

        if slots is not None and len(slots) != len(paths):
            raise UsageError(f"--slots names {len(slots)} format{'s' if len(slots) != 1 else ''} for "
                             f"{len(paths)} decks: give one per deck, in order")
        formats = list(slots) if slots is not None else [format] * len(paths)
        checkers = [self.checker(selection(fmt, None, as_of, region)) for fmt in formats]
        decks = []
        for path in paths:
            if not os.path.isfile(path):
                raise UsageError(f"{path}: no such file")
            decks.append(read_deck(path, os.fsdecode(path)))
        return check_team(checkers, decks) if copy_limit == -1 else check_team(checkers, decks, copy_limit)

    # ---- many decklists -----------------------------------------------------------------------

    def find(self, paths: Iterable[str | os.PathLike | Source], exclude: Sequence[str] = (),
             force_exclude: bool = False) -> Found:
        """The decklists that ``paths`` name: files (whatever their suffix, unless ``force_exclude``), folders
        searched for decklists (hidden names, build and package folders and ``exclude`` globs left out), and
        decklists given as data (a :class:`Source`). An empty path is missing, never the current folder."""
        from .files import find_decklists

        return find_decklists([p if isinstance(p, Source) else Path(p) if str(p) else "" for p in paths], exclude,
                              force_exclude=force_exclude)

    def check_sources(self, sources: Sequence[Source], *, format: str | None = None,
                      as_of: date | str | None = None, input_format: str | None = None,
                      banlist: str | None = None, region: str | None = None, points_cap: int | None = None,
                      chosen: Selection | None = None, jobs: int | None = None,
                      progress: Callable[[int], None] | None = None, skipped: Sequence[str] = (),
                      prerender: Callable[..., tuple] | None = None, **event) -> Run:
        """Check every decklist of ``sources`` (see :meth:`find`): the run, its results in the order given.
        ``event``: ``collection`` (a CSV of copies owned), ``prices`` and ``price_cap`` (see :func:`selection`).

        ``chosen`` (a :func:`selection`) instead of ``format`` … ``points_cap``. ``progress(n)``: told as decks
        are done. ``run.notices``: what the user should know of the run ("warning: …"); of the data in use,
        :attr:`warnings`. ``jobs``: at most this many processes share the decklists (None or 0: one a core, where
        that pays: ``fast.pool``; 1: this process alone). ``prerender`` is accepted and ignored, for callers
        written when a report's per-deck piece was made beside the check.
        """
        from .batch import check_files

        if chosen is None:
            chosen = selection(format, banlist, as_of, region, points_cap, **event)
        checker = self.checker(chosen, input_format=_input_format(input_format))
        notices = [f"warning: {w}" for w in checker.warnings()]
        main = checker.regulation()
        results, deck_formats = check_files(checker, sources, progress=progress, jobs=jobs)
        judged_in = {fmt for fmt, _list in deck_formats.values()}
        notices += [f"warning: {w}" for w in checker.unused_overrides(judged_in)]
        return self._run(checker, main, results, deck_formats, list(skipped), {s.shown for s in sources},
                         notices, judged_in)

    def check_paths(self, paths: Iterable[str | os.PathLike | Source], *, exclude: Sequence[str] = (),
                    jobs: int | None = None, progress: Callable[[int], None] | None = None, **judge_by) -> Run:
        """Check every decklist that ``paths`` name (:meth:`find`, then :meth:`check_sources`). A path that
        does not exist is a UsageError; ``judge_by``: ``format``, ``as_of``, ``banlist``, ``region``,
        ``points_cap``, ``input_format``. ``jobs``: see :meth:`check_sources`."""
        found = self.find(paths, exclude)
        if found.missing:
            raise UsageError(f"{found.missing[0]}: no such file or directory")
        return self.check_sources(found.sources, jobs=jobs, progress=progress, skipped=found.skipped, **judge_by)

    def _run(self, checker, main, results, deck_formats, skipped, shown, notices, judged_in) -> Run:
        from .datastore import run_data_info
        from .report import Run

        data = self.data
        run = Run(
            results=results,
            format_id=main.format.id,
            format_title=main.title,
            banlist={**main.banlist.to_json(), "effective": main.effective(main.banlist).isoformat()} if main.banlist else {},
            as_of=checker.as_of,
            data=run_data_info(data.cards, main.banlist or main.points_list, data.root),
            deck_formats=deck_formats,
            lists=main.report_lists(),
            skipped=skipped,
            stale=checker.stale(judged_in),
            files=_files_of_decks(results, shown),
            notices=notices,
        )
        return run


    def read_decks(self, arguments: Iterable[str | os.PathLike | Source], exclude: Sequence[str] = (),
                   input_format: str | None = None) -> ReadDecks:
        """Every deck of every decklist that ``arguments`` name (:meth:`find`, argument by argument), parsed but
        not judged (``convert``, ``decklist``), with what could not be found or read, in the order met."""
        from .api_results import ReadDecks
        from .parsers import parse_given, read_decks

        forced = _input_format(input_format)
        out = ReadDecks()
        for argument in arguments:
            found = self.find([argument], exclude)
            out.errors += [("missing", f"{path}: no such file or directory") for path in found.missing]
            for source in found.sources:
                if source.problem is not None:
                    out.errors.append(("unreadable", f"{source.shown}: cannot read the file: {source.problem}"))
                    continue
                decks = (parse_given(source.data, source.shown, forced) if source.data is not None
                         else read_decks(source.path, source.shown, forced))
                for number, deck in enumerate(decks, 1):
                    out.decks.append((deck, argument, source.shown, number if len(decks) > 1 else None))
        return out

    def judge(self, parsed, chosen: Selection | None = None, *, input_format: str | None = None):
        """(verdict, regulation) of a parsed deck (``show``, ``decklist``): the regulation says what it was judged by."""
        return self.checker(chosen, input_format=input_format).judge(parsed)

    def selection_warnings(self, chosen: Selection | None = None, *, input_format: str | None = None,
                           **judge_by) -> list[str]:
        """What the user should know of judging by ``chosen`` (a :func:`selection`; else ``judge_by``: ``format``,
        ``banlist``, ``as_of``, ``region``, ``points_cap``): a list asked for by name that was not the one in force
        on the date asked for. A DeckcheckError when it cannot be judged by (an unknown format, list or region)."""
        checker = self.checker(_chosen(chosen, judge_by), input_format=_input_format(input_format))
        checker.regulation()
        return checker.warnings()

    # ---- a deck converted, shown, sided, fingerprinted, on a registration sheet ------------------------

    def convert(self, deck: Deck, to: str, *, lang: str = "en", format: str | None = None,
                input_format: str | None = None, name: str | None = None) -> Conversion:
        """One decklist written as ``to`` (``ydk``, ``ydke``, ``yaml``, ``text``, ``konami-ids``, ``md-json``,
        ``mycard``, ``ygomobile``), names in ``lang`` (yaml and text), every card kept where the format can hold
        it; its names read as cards of ``format``'s game (default: the format it declares, else Rush Duel for
        mostly Rush codes, else OCG/TCG). A :class:`Conversion`: the text and every problem with its line. A
        decklist of several decks is a UsageError: use :meth:`convert_decks`."""
        return _only(self.convert_decks(deck, to, lang=lang, format=format, input_format=input_format, name=name),
                     name, "convert them with convert_decks")

    def convert_decks(self, deck: Deck, to: str, *, lang: str = "en", format: str | None = None,
                      input_format: str | None = None, name: str | None = None) -> list[Conversion]:
        """Every deck of a decklist (a file of ydke links holds several) written as ``to`` (see :meth:`convert`)."""
        from .convert import check_target, convert_parsed

        check_target(to, lang)
        decks = _decks_of(deck, name, input_format)
        formats = self.formats()
        chosen = formats.resolve(format) if format is not None else None
        cards = self.data.cards
        if lang != "en":
            cards.other_names  # noqa: B018  (read now: a damaged names file is an error before any deck)
        return [convert_parsed(parsed, to, cards, formats, chosen, lang) for parsed in decks]

    def show(self, deck: Deck, chosen: Selection | None = None, *, input_format: str | None = None,
             name: str | None = None, **judge_by) -> ShownDeck:
        """A deck as ``deckcheck show`` shows it (a :class:`ShownDeck`), judged by ``chosen`` (a :func:`selection`)
        or ``judge_by`` (``format``, ``banlist``, ``as_of``, ``region``)."""
        from .api_results import ShownDeck
        from .resolve import resolve
        from .sheet import Sheet

        parsed = _one_deck(deck, name, input_format)
        checker = self.checker(_chosen(chosen, judge_by), input_format=_input_format(input_format))
        warnings = checker.warnings()
        result, regulation = checker.judge(parsed)
        resolved = resolve(parsed, regulation.cards, skills_apart=regulation.enabled("skill-card"))
        sheet = Sheet(resolved, regulation.points if regulation.points_list is not None else None)
        return ShownDeck(sheet, result, regulation, warnings)

    def register(self, deck: Deck, chosen: Selection | None = None, *, input_format: str | None = None,
                 name: str | None = None, **judge_by) -> RegisteredDeck:
        """A Match's registered deck, judged by ``chosen`` (a :func:`selection`) or ``judge_by`` (``format``,
        ``banlist``, ``as_of``, ``region``, ``points_cap``, ``legacy_side``: exactly 0 or 15 Side Deck cards):
        a :class:`RegisteredDeck` to judge sided decks (``side``) and Matches (``match``) against."""
        from .side import SideChecker

        parsed = _one_deck(deck, name or "<registered>", input_format)
        checker = self.checker(_chosen(chosen, judge_by), input_format=_input_format(input_format))
        warnings = checker.warnings()
        side_checker = SideChecker(checker, parsed)
        regulation = side_checker.regulation
        return RegisteredDeck(side_checker.registered_result, regulation, warnings, list(regulation.stale),
                              side_checker)

    def side(self, registered: Deck, sided: Deck, *, input_format: str | None = None, **judge_by) -> SideResult:
        """Whether ``sided`` is a legal sided version of ``registered`` (see :meth:`register`): the swaps, the
        problems, ``legal``."""
        return self.register(registered, input_format=input_format, **judge_by).side(sided, input_format=input_format)

    def match(self, registered: Deck, duels: Sequence[Deck], game_loss_before: Iterable[int] = (), *,
              input_format: str | None = None, **judge_by) -> MatchResult:
        """Every Duel of a Match against ``registered`` (see :meth:`register` and :meth:`RegisteredDeck.match`)."""
        return self.register(registered, input_format=input_format, **judge_by).match(duels, game_loss_before,
                                                                                         input_format=input_format)

    def diff(self, a: Deck, b: Deck, *, input_format: str | None = None) -> DeckDiff:
        """Per section, the cards whose copies differ between two decklists, by card name (the names of a Rush
        decklist, as ``a`` says, read as Rush cards)."""
        from .api_results import DeckDiff
        from .resolve import resolve
        from .rushdb import decklist_game
        from .side import diff

        first, second = _one_deck(a, "<a>", input_format), _one_deck(b, "<b>", input_format)
        cards = self.data.cards.for_game(decklist_game(first, self.formats()))
        resolved_a, resolved_b = resolve(first, cards), resolve(second, cards)
        return DeckDiff(resolved_a, resolved_b, diff(resolved_a, resolved_b))

    def fingerprint(self, deck: Deck, chosen: Selection | None = None, *, input_format: str | None = None,
                    name: str | None = None, **judge_by) -> Fingerprint:
        """A decklist's fingerprint, its cards read as the format's (``chosen`` or ``judge_by``'s ``format``;
        default: the one it declares, else TCG). A decklist of several decks is a UsageError: use
        :meth:`fingerprints`."""
        checker = self.checker(_chosen(chosen, judge_by), input_format=_input_format(input_format))
        return _fingerprint(checker.check_parsed(_one_deck(deck, name, input_format)))

    def fingerprints(self, paths: Iterable[str | os.PathLike | Source], *, exclude: Sequence[str] = (),
                     chosen: Selection | None = None, input_format: str | None = None,
                     **judge_by) -> list[Fingerprint]:
        """The fingerprint of every deck that ``paths`` name (:meth:`find`), in order; a path that does not exist
        is a UsageError."""
        from .api_results import Fingerprint

        found = self.find(paths, exclude)
        if found.missing:
            raise UsageError(f"{found.missing[0]}: no such file or directory")
        checker = self.checker(_chosen(chosen, judge_by), input_format=_input_format(input_format))
        prints = []
        for source in found.sources:
            if source.problem is not None:
                prints.append(Fingerprint(source.shown, None, f"cannot read the file: {source.problem}"))
                continue
            path = Path(source.path) if source.path is not None else Path(source.shown)
            prints += [_fingerprint(result) for result, _ in checker.check_decks(path, source.shown, source.data)]
        return prints

    def registration_sheet(self, deck: Deck, chosen: Selection | None = None, *,
                           fields: Mapping[str, Any] | None = None, defaults: Mapping[str, Any] | None = None,
                           lang: str = "en", input_format: str | None = None, name: str | None = None,
                           **judge_by) -> RegistrationSheet:
        """What a deck's registration sheet holds (a :class:`RegistrationSheet`), the deck judged by ``chosen``
        (a :func:`selection`) or ``judge_by``, card names in ``lang`` (English where a card has none in it).
        The player and event fields (``player``: "First Last" or "Last, First"; ``first_name``, ``last_name``,
        ``konami_id``, ``country``, ``event``, ``date``) come from ``fields``, else the decklist (YAML ``player:``
        …), else ``defaults`` (deckcheck.toml's ``[decklist]``), field by field."""
        from .api_results import RegistrationSheet
        from .convert import Namer, check_target
        from .registration import build_sheet, player_from

        check_target("text", lang)
        parsed = _one_deck(deck, name, input_format)
        checker = self.checker(_chosen(chosen, judge_by), input_format=_input_format(input_format))
        if lang != "en":
            checker.cards.other_names  # noqa: B018  (read now: a damaged names file is an error before any deck)
        result, regulation = checker.judge(parsed)
        if parsed.unreadable:
            return RegistrationSheet(parsed.path, None, result, checker.as_of)
        registered = parsed.registration.given() if parsed.registration is not None else {}
        entries = parsed.entries
        if parsed.title_line is not None and parsed.name is None and result.name is not None:
            entries = [e for e in entries if e.line != parsed.title_line]  # the title line read as the deck's name
        sheet = build_sheet(parsed.path, result.name, entries, result.problems,
                            player_from(dict(fields or {}), registered, dict(defaults or {})),
                            Namer(regulation.cards, lang),  # a Rush deck's names are Rush cards'
                            skills_apart=regulation.enabled("skill-card"), format_title=regulation.title,
                            list_name=regulation.list_name, fingerprint=result.fingerprint,
                            side_deck=regulation.options("side-size").get("max") != 0, game=regulation.game)
        return RegistrationSheet(parsed.path, sheet, result, checker.as_of)

    # ---- an event: the submissions of its players ---------------------------------------------------------

    def review_event(self, submissions: str | os.PathLike, roster: str | os.PathLike, deadline: str | datetime, *,
                     manifest: str | os.PathLike | None = None, chosen: Selection | None = None,
                     input_format: str | None = None, **judge_by) -> Review:
        """The submission ledger of an event (``deckcheck.event``): which decklist counts for each player of
        ``roster`` (a CSV: konami_id, player, …) by ``deadline`` (an ISO time with its zone), each checked (by
        ``chosen`` or ``judge_by``), with what changed between a player's submissions. ``submissions``: the
        folder of the files ``manifest`` (a CSV: player, konami_id, file, received) names, else one folder per
        player named by the KONAMI ID. A roster, manifest or folder deckcheck cannot use is an EventInputError."""
        from . import event

        when = event.parse_deadline(deadline) if isinstance(deadline, str) else deadline
        if when.tzinfo is None:
            raise UsageError(f"the deadline {deadline} has no time zone")
        players = event.read_roster(Path(roster))
        if manifest is not None:
            if not os.path.isdir(submissions):
                raise UsageError(f"{submissions}: not a folder of submissions")
            received = event.read_manifest(Path(manifest), Path(submissions), when.tzinfo)
        else:
            received = event.scan_folders(
                Path(submissions), lambda where: [(s.path, s.shown) for s in self.find([where]).sources])
        ledger = event.judge(players, received, when)
        forced = _input_format(input_format)
        checker = self.checker(_chosen(chosen, judge_by), input_format=forced)
        review = event.review(ledger, checker, when, forced)
        review.as_of = checker.as_of
        review.stale = checker.stale({c.regulation.format.id for p in review.players if (c := p.counted) is not None})
        return review

    def check_at_table(self, review: Review, who: str, deck: str | os.PathLike, chosen: Selection | None = None, *,
                       input_format: str | None = None, **judge_by) -> TableCheck:
        """A deck found at the table (a file) against the counted decklist of player ``who`` (KONAMI ID or name)
        of an event's ``review``: the same deck by fingerprint, and what changed. A UsageError when ``who`` is
        no registered player, has no counted decklist, or ``deck`` is no file."""
        from . import event
        from .api_results import TableCheck

        player = event.find_player(review, who)
        if player is None:
            raise UsageError(f"{quoted(who)} is no registered player (give the KONAMI ID or the name as on the roster)")
        counted = player.counted
        if counted is None:
            raise UsageError(f"{player.registered.player} ({player.registered.konami_id}) has no counted decklist")
        if not os.path.isfile(deck):
            raise UsageError(f"{deck}: no such file")
        found = event.Submission(player.registered.konami_id, player.registered.player, os.fspath(deck), Path(deck),
                                 review.deadline)
        forced = _input_format(input_format)
        checked = event.check_submission(self.checker(_chosen(chosen, judge_by), input_format=forced), found, forced)
        return TableCheck(player, checked, event.changes_between(counted, checked),
                          checked.fingerprint is not None and checked.fingerprint == counted.fingerprint)

    def event_sheets(self, review: Review, *, event: str | None = None, date: str | None = None,
                     defaults: Mapping[str, Any] | None = None) -> list[EventSheet]:
        """The registration sheet of each player's counted decklist, in roster order (none for a player without
        one): the roster's fields, the ``event`` name and ``date``, then ``defaults`` (deckcheck.toml's
        ``[decklist]``). A counted decklist that cannot be read has no sheet, and the ``problem`` says why."""
        from .api_results import EventSheet
        from .event import counted_sheet

        sheets = []
        for player in review.players:
            counted = player.counted
            if counted is None:
                continue
            if counted.result.unreadable:
                problem = next((p for p in counted.result.problems if p.rule == "unreadable"), None)
                sheets.append(EventSheet(player, None, None, problem.message if problem is not None else "unreadable"))
                continue
            sheet, file_name = counted_sheet(player, event, date, dict(defaults or {}))
            sheets.append(EventSheet(player, sheet, file_name))
        return sheets

    # ---- what deckcheck knows (the info commands) --------------------------------------------------

    def today_of(self):
        """``today_of(folder)``: today where a folder's lists apply, as of this call."""
        from .queries import today_of

        return today_of(self.formats())

    def banlists(self, folder: str | None = None) -> list:
        """Every list deckcheck has (of one folder of lists: tcg, ocg, …), oldest first."""
        store = self.data.store
        if folder is not None and folder.lower() not in store.formats():
            raise UsageError(f"no lists for {folder!r}; the lists deckcheck has are for: {', '.join(store.formats())}")
        return store.all(folder.lower() if folder else None)

    def list_changes(self, names: Sequence[str] = (), folder: str = "tcg", decks: Sequence[str | os.PathLike] = ()):
        """(older list, newer list, a report per deck): two lists by name (default: the newest of ``folder`` and
        the one before it), and what their changes do to each deck (``queries.deck_change``)."""
        from .queries import deck_change, two_lists

        data, formats = self.data, self.formats()
        old, new = two_lists(data.store, list(names), folder.lower())
        return old, new, [deck_change(data.cards, data.store, Path(path), old, new, formats) for path in decks]

    def search_cards(self, query: str, limit: int) -> tuple[list, bool, list[str]]:
        """(the cards a name, part of one or a passcode finds, best first, at most ``limit``; whether any name
        contains the query; the names meant when none does)."""
        from .resolve import suggest

        cards = self.data.cards
        found, contained = cards.search(query, limit)
        return found, contained, ([] if contained else suggest(cards, query))

    def names_exactly(self, query: str) -> bool:
        """Whether ``query`` is a card's name or passcode (not only part of names)."""
        return bool(self.data.cards.find(query))

    def card_facts(self, found: list) -> list:
        """What deckcheck knows of each card and its standing in every built-in format today (``CardFacts``)."""
        from .queries import card_facts, regulations_today

        data = self.data
        return card_facts(found, data.cards, regulations_today(data.cards, data.store, self.formats()))

    def card_history(self, card) -> list[tuple]:
        """(list, the card's status on it) for every list deckcheck has."""
        from .queries import card_history

        data = self.data
        return card_history(card, data.store.all(), data.cards)

    def data_report(self) -> dict:
        """What ``deckcheck data`` says: the card data and lists in use, their sources and ages, the corrections."""
        from .queries import data_report

        data = self.data
        return data_report(data.cards, data.store, clock.today(), self.today_of(), data.root)


def _input_format(input_format: str | None) -> str | None:
    """An input format id, checked (UsageError naming the known ones)."""
    if input_format is None:
        return None
    from .parsers import INPUT_FORMATS

    known = [fmt.id for fmt in INPUT_FORMATS]
    if input_format not in known:
        raise UsageError(f"unknown input format {input_format!r}; choose one of: {', '.join(known)}")
    return input_format


def _chosen(chosen: Selection | None, judge_by: dict) -> Selection:
    """``chosen``, else the selection that ``judge_by`` (:func:`selection`'s keywords) names."""
    if chosen is not None:
        if judge_by:
            raise UsageError(f"give a selection or {', '.join(judge_by)}, not both")
        return chosen
    return selection(**judge_by)


def _decks_of(deck: Deck, name: str | None, input_format: str | None) -> list[ParsedDeck]:
    """The decks of a decklist given as text or bytes (named ``name``, default ``<deck>``), or a copy of a deck
    read already (resolving sets its entries' cards: the caller's deck is never changed)."""
    if isinstance(deck, ParsedDeck):
        import copy

        fresh = copy.copy(deck)
        fresh.entries = [copy.copy(entry) for entry in deck.entries]
        fresh.problems = list(deck.problems)
        return [fresh]
    if not isinstance(deck, (str, bytes, bytearray, memoryview)):
        raise UsageError(f"a decklist is its text or bytes, not {type(deck).__name__}")
    from .parsers import parse_given

    data = deck.encode("utf-8", "surrogateescape") if isinstance(deck, str) else bytes(deck)
    return parse_given(data, name or "<deck>", _input_format(input_format))


def _only(found: list, name: str | None, instead: str):
    """The one item of ``found``; a UsageError saying what to do ``instead`` when a decklist holds several decks."""
    if len(found) != 1:
        raise UsageError(f"{name or 'the decklist'} holds {len(found)} decks; {instead}")
    return found[0]


def _one_deck(deck: Deck, name: str | None, input_format: str | None) -> ParsedDeck:
    return _only(_decks_of(deck, name, input_format), name, "give one")


def _fingerprint(result: DeckResult) -> Fingerprint:
    from .api_results import Fingerprint

    if result.fingerprint is not None:
        return Fingerprint(result.path, result.fingerprint)
    problem = next((p for p in result.problems if p.rule == "unreadable"), None)
    return Fingerprint(result.path, None, problem.message if problem is not None else "unreadable")


def read_fingerprint(text: str) -> str:
    """A fingerprint as typed (case, spaces and hyphens aside; I and L read as 1, O as 0) in its written form
    (``DC1-7F3K-…``); ``InvalidFingerprint`` (a UsageError) saying why it is none: a mistyped character, a length."""
    from .fingerprint import parse

    return parse(text)


def _files_of_decks(results: list[DeckResult], shown: set[str]) -> dict[str, str]:
    """Deck path → its file, for the decks that are one of several in a file (parsers: ``links.txt#2``)."""
    files = {}
    for result in results:
        if result.path not in shown:
            base, _, number = result.path.rpartition("#")
            if number.isdigit() and base in shown:
                files[result.path] = base
    return files


_default: Session | None = None


def default_session() -> Session:
    """The Session :func:`check` uses (made at its first call)."""
    global _default
    if _default is None:
        _default = Session()
    return _default


def check(text_or_bytes: str | bytes, *, format: str | None = None, as_of: date | str | None = None,
          input_format: str | None = None, name: str | None = None) -> DeckResult:
    """The verdict on one decklist (YDK, ydke://, YAML, a text list, an Omega code; as text or bytes) in
    ``format`` (default: TCG, or what a YAML decklist declares) as on ``as_of`` (default: today where the
    format's lists apply). ``result.legal``, ``result.problems`` (each with rule, card, section, line, fix)."""
    return default_session().check(text_or_bytes, format=format, as_of=as_of, input_format=input_format, name=name)
