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

from . import __version__, clock
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


def _silence_stdout() -> None:
    """After a closed pipe: send what is left to /dev/null, so the exit flush does not complain."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


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


class CheckOutputFormat(str, Enum):
    text = "text"
    json = "json"
    junit = "junit"
    sarif = "sarif"
    github = "github"
    csv = "csv"


PROGRESS_MIN_FILES = 100  # a progress bar (stderr, on a terminal) for runs at least this long


def _pick_output_format(cli_value: Optional[CheckOutputFormat], config_value: Optional[str]) -> str:
    """The option, else the config file, else github inside GitHub Actions (as yamllint does), else text."""
    if cli_value is not None:
        return cli_value.value
    if config_value:
        return config_value
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    return "text"


def _progress(total: int, quiet: bool):
    """A rich progress bar on stderr for long runs on a terminal; else None. Never on stdout."""
    if quiet or total < PROGRESS_MIN_FILES or not sys.stderr.isatty() or os.environ.get("CI"):
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=_console(stderr=True), transient=True,
    )


@app.command()
def check(
    paths: Optional[List[Path]] = typer.Argument(None, help="Decklist files (.ydk, .yaml, .yml) or folders to search (default: `paths` of the config file)."),
    format: Optional[FormatId] = typer.Option(None, "--format", "-f", help="Format to judge in (default: tcg, or what a YAML decklist declares)."),
    banlist: Optional[str] = typer.Option(None, "--banlist", "-b", help='A list by name, e.g. "2026.05 TCG" (see: deckcheck banlists).'),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="Judge as on this date (YYYY-MM-DD): the list in force then, cards released by then."),
    region: Optional[str] = typer.Option(None, "--region", help="Region whose effective dates apply where they differ (e.g. amer)."),
    output_format: Optional[CheckOutputFormat] = typer.Option(
        None, "--output-format", "-o",
        help="text, json, junit, sarif, github or csv (default: the config file's, else github inside GitHub Actions, else text).",
    ),
    output: Optional[Path] = typer.Option(None, "--output", help="Write the report to this file (replaced in one step) instead of standard output."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Text output: show only decks that are not legal, no summary table, no progress bar."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Processes to check with (0: every core for 300 files or more, else 1)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Read defaults from this file (deckcheck.toml, or a pyproject.toml with a tool.deckcheck table)."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore deckcheck.toml and the tool.deckcheck table of pyproject.toml."),
) -> None:
    """Check decklists: every problem of every deck, with the card, section, line and a fix."""
    from .batch import check_files
    from .checker import Checker, Selection
    from .config import ConfigError, resolve_config
    from .datastore import load_cards, run_data_info, load_store
    from .files import find_decklists

    try:
        settings = resolve_config(config, no_config)
    except ConfigError as exc:
        _fail(str(exc))
    if banlist is not None or as_of is not None:  # the command line picks the list: the file's choice goes
        chosen_list, chosen_date = banlist, _parse_date(as_of, "--as-of")
    else:
        chosen_list, chosen_date = settings.banlist, settings.as_of
    fmt = format.value if format else settings.format
    selection = Selection(fmt, chosen_list, chosen_date, region or settings.region)
    report_format = _pick_output_format(output_format, settings.output_format)
    paths = list(paths or settings.paths)
    if not paths:
        _fail("no decklists named: give files or folders, or `paths` in deckcheck.toml / [tool.deckcheck]")

    special: dict[str, str] = {}
    found, missing = find_decklists(paths, settings.exclude, special)
    for path in missing:
        print(f"deckcheck: error: {path}: no such file or directory", file=sys.stderr)
    if not found and not missing:
        _fail("no decklists (.ydk, .yaml, .yml) found in " + ", ".join(map(str, paths)))
    try:
        cards = load_cards()
        checker = Checker(cards, load_store(), selection)
        main_context = checker.context()
        bar = _progress(len(found), quiet)
        if bar is None:
            results, deck_formats = check_files(checker, found, special=special, jobs=jobs or None)
        else:
            with bar:
                task = bar.add_task("checking", total=len(found))
                results, deck_formats = check_files(
                    checker, found, special=special, jobs=jobs or None, progress=lambda n: bar.advance(task, n)
                )
    except DataError as exc:
        _fail(str(exc))

    from .report import Run, rule_catalog
    from .report.output import emit

    run = Run(
        results=results,
        format_id=main_context.format.id,
        format_title=main_context.format.title,
        banlist=main_context.banlist.to_json() if main_context.banlist else {},
        as_of=checker.as_of,
        data=run_data_info(cards, main_context.banlist),
        deck_formats=deck_formats,
        rules=rule_catalog() if report_format == "sarif" else [],
    )
    try:
        if report_format == "text" and output is None:
            from .report import text

            text.render(run, _console(), quiet=quiet)
        elif report_format == "text":
            from .report import text

            emit([text.render_text(run, quiet=quiet)], output)
        elif report_format == "json":
            from .report import json_report

            emit(json_report.render_chunks(run), output)
        else:
            import importlib

            module = importlib.import_module(f".report.{'csv_report' if report_format == 'csv' else report_format}", __package__)
            emit([module.render(run)], output)
    except BrokenPipeError:  # the reader went away (`deckcheck check … | head`): the verdict still stands
        _silence_stdout()
    except OSError as exc:
        _fail(f"{output}: cannot write the report: {exc.strerror or exc}")
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
    listing.banlists(lists, clock.today(format.value if format else None), output_format.value, _console())


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
        current = [store.in_effect(fmt, clock.today(fmt)) for fmt in ("tcg", "ocg")]
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
        listing.data(load_cards(), load_store(), clock.today(), output_format.value, _console())
    except DataError as exc:
        _fail(str(exc))


def main() -> None:
    """Entry point: never a traceback, unless DECKCHECK_DEBUG is set."""
    try:
        app()
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130
            print("deckcheck: interrupted", file=sys.stderr)
        raise
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
