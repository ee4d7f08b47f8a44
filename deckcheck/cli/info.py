"""What deckcheck knows: ``banlists``, ``card``, ``rules``, ``formats`` and ``data``."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from .. import clock
from ..carddb import DataError
from .common import EXIT_ILLEGAL, EXIT_LEGAL, OutputFormat, app, console, fail

_OUTPUT = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json.")


banlists_app = typer.Typer(help="The Forbidden & Limited lists deckcheck has, and what changed between two.",
                           invoke_without_command=True, no_args_is_help=False)
app.add_typer(banlists_app, name="banlists")


@banlists_app.callback()
def banlists_command(
    ctx: typer.Context,
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Only the lists of this folder (tcg, ocg, …)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """List the Forbidden & Limited lists deckcheck has, newest last; mark the ones in force today."""
    if ctx.invoked_subcommand is not None:
        return
    from ..datastore import load_store
    from ..report import listing

    try:
        store = load_store()
        if format is not None and format.lower() not in store.formats():
            fail(f"no lists for {format!r}; the lists deckcheck has are for: {', '.join(store.formats())}")
        lists = store.all(format.lower() if format else None)
    except DataError as exc:
        fail(str(exc))
    listing.banlists(lists, _today_of(), output_format.value, console())


@banlists_app.command("diff")
def banlists_diff_command(
    args: Optional[List[str]] = typer.Argument(
        None, metavar="[OLD [NEW]] [DECK...]",
        help="Two lists by name (default: the newest and the one before it; one name: that list and the one "
             "before it), then decklists to check against both."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="The lists of this folder (default: tcg)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """What changed between two lists; with decks, only the changes that touch each deck, and whether it became
    illegal. Exit 1 when a deck given is not legal on the newer list."""
    from ..datastore import load_cards, load_store
    from ..report import listing

    names, decks = _lists_and_decks(list(args or []))
    try:
        cards, store = load_cards(), load_store()
        old, new = _two_lists(store, names, (format or "tcg").lower())
        reports = [_deck_change(cards, store, path, old, new) for path in decks]
    except DataError as exc:
        fail(str(exc))
    listing.list_diff(old, new, cards, reports, output_format.value, console())
    raise typer.Exit(EXIT_ILLEGAL if any(not r["legal_after"] for r in reports) else EXIT_LEGAL)


def _lists_and_decks(args: list[str]) -> tuple[list[str], list[Path]]:
    """The leading arguments that are not files are list names (at most two); the rest are decklists."""
    from ..parsers import DECK_SUFFIXES

    names = []
    while args and len(names) < 2 and not Path(args[0]).exists() and not args[0].lower().endswith(DECK_SUFFIXES):
        names.append(args.pop(0))
    for arg in args:
        if not Path(arg).is_file():
            fail(f"{arg}: no such decklist file" + ("" if len(names) < 2 else " (two lists are named already)"))
    return names, [Path(a) for a in args]


def _two_lists(store, names: list[str], folder: str):
    """(older, newer): the lists named, else the newest of ``folder`` and the one before it."""
    if len(names) == 2:
        return store.by_name(names[0], folder), store.by_name(names[1], folder)
    if names:
        new = store.by_name(names[0], folder)
        folder = new.format
    lists = store.all(folder)
    if not lists:
        fail(f"no lists for {folder!r}; the lists deckcheck has are for: {', '.join(store.formats())}")
    if not names:
        new = lists[-1]
    earlier = [b for b in lists if b.effective < new.effective]
    if not earlier:
        fail(f"{new.name} is the oldest {folder.upper()} list deckcheck has: name two lists to compare")
    return earlier[-1], new


def _deck_change(cards, store, path: Path, old, new) -> dict:
    """A deck checked against both lists (today's card pool): the changes that touch it and its verdicts."""
    from ..checker import Checker, Selection
    from ..listchanges import changes
    from ..parsers import read_deck
    from ..resolve import resolve

    from ..formats import FormatStore

    verdicts = []
    fmt = new.format if FormatStore.default().knows(new.format) else None  # the format named after the lists' folder
    for banlist in (old, new):
        result, regulation = Checker(cards, store, Selection(format=fmt, banlist=banlist.name)).check_parsed(
            read_deck(path, str(path)))
        verdicts.append((result, regulation))
    (before, _), (after, regulation) = verdicts
    cards = regulation.cards  # a Rush format's names are Rush cards
    deck = resolve(read_deck(path, str(path)), cards)
    copies = deck.group_totals() if not after.unreadable else {}
    touching = [(change, copies[change.group]) for change in changes(old, new, cards) if change.group in copies]
    touched = {change.group for change, _ in touching}
    caused = [p for p in after.problems if p.rule in _LIST_RULES
              and (p.card is None or p.card.passcode is not None and cards.group_of(p.card.passcode) in touched)]
    return {"path": str(path), "unreadable": after.unreadable, "changes": touching,
            "legal_before": before.legal, "legal_after": after.legal, "new_problems": caused if touched else []}


_LIST_RULES = ("banlist", "group-limit", "card-pool", "points-cap")  # the rules a list's changes can break


def _today_of():
    """Today where each folder's lists apply (clock.py: a list takes effect on its date in its region)."""
    from ..formats import FormatStore

    formats, now, days = FormatStore.default(), clock.utc_now(), {}

    def today_of(folder: str):
        if folder not in days:
            days[folder] = clock.today(formats.lists_region(folder), now)
        return days[folder]

    return today_of


def _regulations_today(cards, store):
    """Every built-in format as it stands today, the standard ones (TCG, OCG) first (a format whose lists
    are not installed is left out)."""
    from ..formats import DEFAULT_FORMAT, FormatStore
    from ..regulation import Regulation

    formats = FormatStore.default()
    ids = formats.builtin_ids()
    ordered = [DEFAULT_FORMAT, "ocg"] + [i for i in ids if i not in (DEFAULT_FORMAT, "ocg")]
    found = []
    for fmt in (formats.get(i) for i in ordered if i in ids):
        try:
            found.append(Regulation.build(fmt, cards, store, clock.today(fmt.region)))
        except DataError:
            continue
    return found


MAX_MATCHES = 20  # cards listed when part of a name fits several


@app.command("card")
def card_command(
    query: str = typer.Argument(..., help="A card name, part of one (\"droll\", \"imperm\") or a passcode."),
    history: bool = typer.Option(False, "--history", help="The card's status on every list deckcheck has, over time."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Show what deckcheck knows of a card: names, passcodes, kind, status on each current list, dates.

    Part of a name finds the cards whose names contain it; when several fit, they are listed.
    """
    from ..datastore import load_cards, load_store
    from ..report import listing
    from ..resolve import suggest

    try:
        cards = load_cards()
        found, contained = cards.search(query, MAX_MATCHES + 1)
        if not contained:
            suggestions = suggest(cards, query)  # in the language written
            hint = f"; did you mean {' / '.join(suggestions)}?" if suggestions else ""
            fail(f"no card matches {query!r}{hint}")
        if len(found) > 1 and not cards.find(query) and (output_format is OutputFormat.text or history):
            if history:
                fail(f"{len(found)} cards match {query!r} ({', '.join(c.name for c in found[:3])}, …): "
                     "give one card's name or passcode for --history")
            listing.card_matches(query, found[:MAX_MATCHES], len(found) > MAX_MATCHES, console())
            return
        if history:
            store = load_store()
            for n, card in enumerate(found):
                if n:
                    console().print()
                listing.card_history(card, store.all(), cards, output_format.value, console())
            return
        listing.cards(found[:MAX_MATCHES], cards, _regulations_today(cards, load_store()), output_format.value, console())
    except DataError as exc:
        fail(str(exc))


@app.command("rules")
def rules_command(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show each rule's full documentation, options and examples."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """List the rules with their IDs, severity and summary."""
    from ..report import listing

    listing.rules(verbose, output_format.value, console())


formats_app = typer.Typer(help="The formats deckcheck judges in: built-in ones and yours.", invoke_without_command=True,
                          no_args_is_help=False)
app.add_typer(formats_app, name="formats")


@formats_app.callback()
def formats_command(ctx: typer.Context, output_format: OutputFormat = _OUTPUT) -> None:
    """List every format (built-in and yours) with a one-line description and where its definition lives."""
    if ctx.invoked_subcommand is not None:
        return
    from ..formats import FormatStore
    from ..report import listing

    store = FormatStore.default()
    try:
        listing.formats(store.all(), store, output_format.value, console())
    except DataError as exc:
        fail(str(exc))


@formats_app.command("show")
def formats_show_command(
    format: str = typer.Argument(..., metavar="FORMAT", help="A format id or a format file (PATH.yaml)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Print a format's resolved definition: what it inherits and every rule's options."""
    from ..formats import FormatStore
    from ..report import listing

    try:
        fmt = FormatStore.default().resolve(format)
    except DataError as exc:
        fail(str(exc))
    listing.format_definition(fmt, output_format.value, console())


@app.command("data")
def data_command(output_format: OutputFormat = _OUTPUT) -> None:
    """Say which card data and lists deckcheck uses, and where they come from."""
    from ..datastore import load_cards, load_store
    from ..report import listing

    try:
        listing.data(load_cards(), load_store(), clock.today(), output_format.value, console(), _today_of())
    except DataError as exc:
        fail(str(exc))
