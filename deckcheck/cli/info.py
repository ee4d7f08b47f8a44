"""What deckcheck knows: ``banlists``, ``card``, ``rules``, ``formats`` and ``data``."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from ..errors import DeckcheckError
from .common import EXIT_ILLEGAL, EXIT_LEGAL, OutputFormat, app, console, fail, open_session, parse_date, say

_OUTPUT = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json.")


banlists_app = typer.Typer(help="The Forbidden & Limited lists deckcheck has, and what changed between two.",
                           invoke_without_command=True, no_args_is_help=False)
app.add_typer(banlists_app, name="banlists")


@banlists_app.callback()
def banlists_command(
    ctx: typer.Context,
    format: str | None = typer.Option(None, "--format", "-f", help="Only the lists of this folder (tcg, ocg, …)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """List the Forbidden & Limited lists deckcheck has, newest last; mark the ones in force today."""
    if ctx.invoked_subcommand is not None:
        return
    from ..report import listing

    session = open_session()
    try:
        lists = session.banlists(format)
    except DeckcheckError as exc:
        fail(str(exc))
    listing.banlists(lists, session.today_of(), output_format.value, console())


@banlists_app.command("diff")
def banlists_diff_command(
    args: list[str] | None = typer.Argument(
        None, metavar="[OLD [NEW]] [DECK...]",
        help="Two lists by name (default: the newest and the one before it; one name: that list and the one "
             "before it), then decklists to check against both."),
    format: str | None = typer.Option(None, "--format", "-f", help="The lists of this folder (default: tcg)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """What changed between two lists; with decks, only the changes that touch each deck, and whether it became
    illegal. Exit 1 when a deck given is not legal on the newer list."""
    from ..report import listing

    names, decks = _lists_and_decks(list(args or []))
    session = open_session()
    try:
        old, new, reports = session.list_changes(names, format or "tcg", decks)
    except DeckcheckError as exc:
        fail(str(exc))
    listing.list_diff(old, new, session.data.cards, reports, output_format.value, console())
    raise typer.Exit(EXIT_ILLEGAL if any(not r["legal_after"] for r in reports) else EXIT_LEGAL)


def _lists_and_decks(args: list[str]) -> tuple[list[str], list[Path]]:
    """The leading arguments that are not files are list names (at most two); the rest are decklists."""
    from ..parsers import DECK_SUFFIXES

    names: list[str] = []
    while args and len(names) < 2 and not os.path.exists(args[0]) and not args[0].lower().endswith(DECK_SUFFIXES):
        names.append(args.pop(0))
    for arg in args:
        if not os.path.isfile(arg):
            fail(f"{arg}: no such decklist file" + ("" if len(names) < 2 else " (two lists are named already)"))
    return names, [Path(a) for a in args]


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
    from ..limits import quoted
    from ..report import listing

    session = open_session()
    try:
        found, contained, suggestions = session.search_cards(query, MAX_MATCHES + 1)
        if not contained and len(suggestions) == 1:  # one name is close, and no other: it is the card meant
            say(f"deckcheck: note: no card matches {quoted(query)}; showing {suggestions[0]}, the one close name")
            found, contained, _ = session.search_cards(suggestions[0], MAX_MATCHES + 1)
        if not contained:
            hint = f"; did you mean {' / '.join(suggestions)}?" if suggestions else ""
            fail(f"no card matches {quoted(query)}{hint}")
        if len(found) > 1 and not session.names_exactly(query) and (output_format is OutputFormat.text or history):
            if history:
                fail(f"{len(found)} cards match {quoted(query)} ({', '.join(c.name for c in found[:3])}, …): "
                     "give one card's name or passcode for --history")
            listing.card_matches(query, found[:MAX_MATCHES], len(found) > MAX_MATCHES, console())
            return
        if history:
            for n, card in enumerate(found):
                if n:
                    console().print()
                listing.card_history(card, session.card_history(card), output_format.value, console())
            return
        listing.cards(session.card_facts(found[:MAX_MATCHES]), output_format.value, console())
    except DeckcheckError as exc:
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
    from ..api import Session
    from ..report import listing

    store = Session().formats()
    try:
        listing.formats(store.all(), store, output_format.value, console())
    except DeckcheckError as exc:
        fail(str(exc))


@formats_app.command("show")
def formats_show_command(
    format: str = typer.Argument(..., metavar="FORMAT", help="A format id or a format file (PATH.yaml)."),
    as_of: str | None = typer.Option(None, "--as-of", help="The deck rules as on this date (YYYY-MM-DD)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Print a format's resolved definition: what it inherits and every rule's options (--as-of: on that day)."""
    from dataclasses import replace

    from ..api import Session
    from ..report import listing

    try:
        fmt = Session().formats().resolve(format)
    except DeckcheckError as exc:
        fail(str(exc))
    if as_of is not None:
        day = parse_date(as_of, "--as-of")
        applied = fmt.eras_on(day)
        fmt = fmt.on(day)
        fmt = replace(fmt, notes=fmt.notes + (tuple(f"Deck rules on {day}: {era[3]}" for era in applied) or (
            f"Deck rules on {day}: today's (no earlier era of this format covers the day).",)))
    listing.format_definition(fmt, output_format.value, console())


@app.command("data")
def data_command(
    verbose: bool = typer.Option(False, "--verbose", "-v",
                                 help="Every source with its commit and date, and every correction."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Say which card data and lists deckcheck uses, how old they are, and whether to update (--verbose: where
    each comes from)."""
    from ..report import listing

    session = open_session()
    try:
        listing.data(session.data_report(), output_format.value, console(), verbose)
    except DeckcheckError as exc:
        fail(str(exc))
