"""What deckcheck knows: ``banlists``, ``card``, ``rules``, ``formats`` and ``data``."""

from __future__ import annotations

from datetime import date
from typing import Optional

import typer

from .. import clock
from ..carddb import DataError
from .common import OutputFormat, app, console, fail

_OUTPUT = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json.")


@app.command("banlists")
def banlists_command(
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Only the lists of this folder (tcg, ocg, …)."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """List the Forbidden & Limited lists deckcheck has, newest last; mark the ones in force today."""
    from ..datastore import load_store
    from ..report import listing

    try:
        store = load_store()
        if format is not None and format.lower() not in store.formats():
            fail(f"no lists for {format!r}; the lists deckcheck has are for: {', '.join(store.formats())}")
        lists = store.all(format.lower() if format else None)
    except DataError as exc:
        fail(str(exc))
    listing.banlists(lists, clock.today(), output_format.value, console())


def _regulations_today(cards, store):
    """Every built-in format as it stands today, the standard ones (TCG, OCG) first."""
    from ..formats import DEFAULT_FORMAT, FormatStore
    from ..regulation import Regulation

    formats = FormatStore.default()
    ids = formats.builtin_ids()
    ordered = [DEFAULT_FORMAT, "ocg"] + [i for i in ids if i not in (DEFAULT_FORMAT, "ocg")]
    return [Regulation.build(fmt, cards, store, clock.today(fmt.region))
            for fmt in (formats.get(i) for i in ordered if i in ids)]


@app.command("card")
def card_command(
    query: str = typer.Argument(..., help="A card name or passcode."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Show what deckcheck knows of a card: names, passcodes, kind, status on each current list, dates."""
    from ..datastore import load_cards, load_store
    from ..report import listing
    from ..resolve import suggest

    try:
        cards = load_cards()
        found = cards.find(query)
        if not found:
            suggestions = suggest(cards, query)
            hint = f"; did you mean {' / '.join(suggestions)}?" if suggestions else ""
            fail(f"no card matches {query!r}{hint}")
        listing.cards(found, cards, _regulations_today(cards, load_store()), output_format.value, console())
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
        listing.data(load_cards(), load_store(), clock.today(), output_format.value, console())
    except DataError as exc:
        fail(str(exc))
