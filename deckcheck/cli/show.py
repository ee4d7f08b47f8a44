"""``deckcheck show``: a deck as a registration sheet — by official name, grouped, with totals and stats."""

from __future__ import annotations


import typer

from ..errors import DeckcheckError
from .common import (
    AS_OF_OPTION, BANLIST_OPTION, EXIT_ILLEGAL, EXIT_LEGAL, FORMAT_OPTION, REGION_OPTION, OutputFormat, app, console,
    fail, open_session, parse_date, read_one_decklist, say,
)


@app.command("show")
def show_command(
    deck: str = typer.Argument(..., metavar="DECKLIST",
                               help="A decklist: a file (.ydk, .yaml, .yml, .txt, …), - (standard input) or a ydke:// link."),
    format: str | None = FORMAT_OPTION,
    banlist: str | None = BANLIST_OPTION,
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json."),
) -> None:
    """Show a deck as a registration sheet: each card by its official name, grouped Monster / Spell / Trap,
    Extra Deck by type, Side Deck, with counts and totals; card types, monster Levels and points (in a points
    format). Exit 0 when shown, 1 when the file cannot be read as a decklist."""
    parsed = read_one_decklist(deck)
    if parsed.unreadable:
        problem = next(p for p in parsed.problems if p.rule == "unreadable")
        say(f"deckcheck: {parsed.path}: {problem.message}")
        raise typer.Exit(EXIT_ILLEGAL)
    session = open_session()
    try:
        shown = session.show(parsed, format=format, banlist=banlist, as_of=parse_date(as_of, "--as-of"), region=region)
    except DeckcheckError as exc:
        fail(str(exc))
    for warning in shown.warnings:
        say(f"deckcheck: warning: {warning}")
    from ..report import show

    if output_format is OutputFormat.json:
        show.render_json(shown.sheet, shown.result, shown.regulation)
    else:
        show.render(shown.sheet, shown.result, shown.regulation, console())
    raise typer.Exit(EXIT_LEGAL)
