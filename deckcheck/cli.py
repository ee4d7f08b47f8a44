"""The command line: find files, pick options, call the core, pick a reporter, set the exit code.

Exit codes: 0 every deck legal, 1 at least one deck illegal or unreadable, 2 usage or data error.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__
from .carddb import DataError

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Is this Yu-Gi-Oh! decklist legal, and exactly why not.",
    context_settings={"help_option_names": ["-h", "--help"]},
)


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class FormatId(str, Enum):
    tcg = "tcg"
    ocg = "ocg"


def _fail(message: str) -> None:
    print(f"deckcheck: error: {message}", file=sys.stderr)
    raise typer.Exit(EXIT_ERROR)


def _parse_date(value: Optional[str], option: str) -> Optional[date]:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        _fail(f"{option} {value!r} is not a date (YYYY-MM-DD)")


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def _version(value: bool) -> None:
    if value:
        print(f"deckcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """Is this Yu-Gi-Oh! decklist legal, and exactly why not."""


@app.command()
def check(
    paths: List[Path] = typer.Argument(..., help="Decklist files (.ydk, .yaml, .yml) or folders to search."),
    format: Optional[FormatId] = typer.Option(None, "--format", "-f", help="Format to judge in (default: tcg, or what a YAML decklist declares)."),
    banlist: Optional[str] = typer.Option(None, "--banlist", "-b", help='A list by name, e.g. "2026.05 TCG" (see: deckcheck banlists).'),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="Judge as on this date (YYYY-MM-DD): the list in force then, cards released by then."),
    region: Optional[str] = typer.Option(None, "--region", help="Region whose effective dates apply where they differ (e.g. amer)."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Text output: show only decks that are not legal."),
) -> None:
    """Check decklists: every problem of every deck, with the card, section, line and a fix."""
    from .checker import Checker, Selection
    from .datastore import load_cards, load_store, run_data_info
    from .files import find_decklists

    selection = Selection(format.value if format else None, banlist, _parse_date(as_of, "--as-of"), region)
    found, missing = find_decklists(paths)
    for path in missing:
        print(f"deckcheck: error: {path}: no such file or directory", file=sys.stderr)
    if not found and not missing:
        _fail("no decklists (.ydk, .yaml, .yml) found in " + ", ".join(map(str, paths)))
    try:
        cards = load_cards()
        checker = Checker(cards, load_store(), selection)
        main_context = checker.context()
        results, deck_formats = [], {}
        for path, display in found:
            result, context = checker.check_path(path, display)
            results.append(result)
            deck_formats[result.path] = (context.format.id, context.banlist.name if context.banlist else None)
    except DataError as exc:
        _fail(str(exc))

    from .report import Run

    run = Run(
        results=results,
        format_id=main_context.format.id,
        format_title=main_context.format.title,
        banlist=main_context.banlist.to_json() if main_context.banlist else {},
        as_of=checker.as_of,
        data=run_data_info(cards, main_context.banlist),
        deck_formats=deck_formats,
    )
    if output_format is OutputFormat.json:
        from .report import json_report

        sys.stdout.write(json_report.render(run) + "\n")
    else:
        from .report import text

        text.render(run, _console(), quiet=quiet)
    if missing:
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_LEGAL if run.illegal == 0 else EXIT_ILLEGAL)


@app.command("banlists")
def banlists_command(
    format: Optional[FormatId] = typer.Option(None, "--format", "-f", help="Only this format's lists."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o"),
) -> None:
    """List the Forbidden & Limited lists deckcheck has, newest last; mark the ones in force today."""
    from .datastore import load_store
    from .report import listing

    try:
        store = load_store()
        lists = store.all(format.value if format else None)
    except DataError as exc:
        _fail(str(exc))
    listing.banlists(lists, date.today(), output_format.value, _console())


@app.command("card")
def card_command(
    query: str = typer.Argument(..., help="A card name or passcode."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o"),
) -> None:
    """Show what deckcheck knows of a card: names, passcodes, kind, status on each current list, dates."""
    from .datastore import load_cards, load_store
    from .report import listing

    try:
        cards = load_cards()
        store = load_store()
        found = cards.find(query)
        if not found:
            suggestions = cards.suggest(query)
            hint = f"; did you mean {' / '.join(suggestions)}?" if suggestions else ""
            _fail(f"no card matches {query!r}{hint}")
        current = [store.in_effect(fmt, date.today()) for fmt in ("tcg", "ocg")]
        listing.cards(found, cards, current, output_format.value, _console())
    except DataError as exc:
        _fail(str(exc))


@app.command("rules")
def rules_command(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show each rule's full documentation and examples."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o"),
) -> None:
    """List the rules with their IDs, severity and summary."""
    from .report import listing

    listing.rules(verbose, output_format.value, _console())


@app.command("data")
def data_command(output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o")) -> None:
    """Say which card data and lists deckcheck uses, and where they come from."""
    from .datastore import load_cards, load_store
    from .report import listing

    try:
        listing.data(load_cards(), load_store(), date.today(), output_format.value, _console())
    except DataError as exc:
        _fail(str(exc))


def main() -> None:
    """Entry point: never a traceback, unless DECKCHECK_DEBUG is set."""
    try:
        app()
    except KeyboardInterrupt:
        print("deckcheck: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # the last line of defence: one line, exit 2
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        print(f"deckcheck: internal error: {type(exc).__name__}: {exc} (set DECKCHECK_DEBUG=1 for details)", file=sys.stderr)
        sys.exit(EXIT_ERROR)


# Commands of their own modules; each keeps its heavy imports inside its functions.
from . import cli_side, cli_update  # noqa: E402,F401  (registers the side/match/diff and update commands)
