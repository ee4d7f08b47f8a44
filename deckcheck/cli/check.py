"""``deckcheck check``: find the decklists, judge them, write the report, set the exit code."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from ..carddb import DataError
from ..report import OUTPUT_FORMATS
from .common import (
    AS_OF_OPTION, BANLIST_OPTION, EXIT_ERROR, EXIT_ILLEGAL, EXIT_LEGAL, FORMAT_OPTION, INPUT_FORMAT_OPTION, POINTS_CAP_OPTION,
    CONFIG_OPTION, NO_CONFIG_OPTION, REGION_OPTION, InputFormatChoice, app, console, decklist_arguments, fail, say,
    selection, silence_stdout,
)

CheckOutputFormat = Enum("CheckOutputFormat", {name: name for name in OUTPUT_FORMATS}, type=str)

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
        console=console(stderr=True), transient=True,
    )


@app.command()
def check(
    paths: Optional[List[str]] = typer.Argument(
        None, metavar="[DECKLIST]...",
        help="Decklist files (.ydk, .ydke, .yaml, .yml, .txt, any other), folders to search, - (standard input) "
             "or ydke:// links (default: `paths` of the config file)."),
    input_format: Optional[InputFormatChoice] = INPUT_FORMAT_OPTION,
    format: Optional[str] = FORMAT_OPTION,
    banlist: Optional[str] = BANLIST_OPTION,
    as_of: Optional[str] = AS_OF_OPTION,
    region: Optional[str] = REGION_OPTION,
    points_cap: Optional[int] = POINTS_CAP_OPTION,
    output_format: Optional[CheckOutputFormat] = typer.Option(
        None, "--output-format", "-o",
        help=f"{', '.join(OUTPUT_FORMATS)} (default: the config file's, else github inside GitHub Actions, else text).",
    ),
    output: Optional[Path] = typer.Option(None, "--output", help="Write the report to this file (replaced in one step) instead of standard output."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Text output: show only decks that are not legal, no summary table, no progress bar."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Processes to check with (0: every core for 300 files or more, else 1)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Check decklists: every problem of every deck, with the card, section, line and a fix."""
    from ..batch import check_files
    from ..checker import Checker
    from ..config import ConfigError, resolve_config
    from ..datastore import load_cards, load_store, run_data_info
    from ..files import find_decklists

    try:
        settings = resolve_config(config, no_config)
    except ConfigError as exc:
        fail(str(exc))
    chosen = selection(settings, format, banlist, as_of, region, points_cap)
    report_format = _pick_output_format(output_format, settings.output_format)
    special: dict[str, str] = {}
    if paths:
        arguments, given = decklist_arguments(paths, special)
    else:
        arguments, given = list(settings.paths), {}
    if not arguments:
        fail("no decklists named: give files or folders, or `paths` in deckcheck.toml / [tool.deckcheck]")

    skipped: list[str] = []
    found, missing = find_decklists(arguments, settings.exclude, special, skipped, given)
    for path in missing:
        say(f"deckcheck: error: {path}: no such file or directory")
    if not found:
        if missing:
            raise typer.Exit(EXIT_ERROR)  # only the errors: no empty report
        from ..parsers import DECK_SUFFIXES

        fail(f"no decklists ({', '.join(DECK_SUFFIXES)}) found in " + ", ".join(map(str, arguments))
             + (f" ({len(skipped)} file{' that is not a decklist' if len(skipped) == 1 else 's that are not decklists'}"
                " skipped)" if skipped else ""))
    try:
        cards = load_cards()
        checker = Checker(cards, load_store(), chosen, input_format=input_format.value if input_format else None)
        for warning in checker.warnings():
            say(f"deckcheck: warning: {warning}")
        main = checker.regulation()
        bar = _progress(len(found), quiet)
        render = None
        if report_format == "json":  # each deck's line is made where it is checked (in the workers too)
            from ..report.json_report import deck_line_pieces as render
        if bar is None:
            results, deck_formats = check_files(checker, found, special=special, jobs=jobs or None, given=given,
                                                render=render)
        else:
            with bar:
                task = bar.add_task("checking", total=len(found))
                results, deck_formats = check_files(
                    checker, found, special=special, jobs=jobs or None, progress=lambda n: bar.advance(task, n),
                    given=given, render=render,
                )
    except DataError as exc:
        fail(str(exc))
    for warning in checker.unused_overrides({fmt for fmt, _list in deck_formats.values()}):
        say(f"deckcheck: warning: {warning}")

    from ..report import Run, render_to, rule_catalog

    run = Run(
        results=results,
        format_id=main.format.id,
        format_title=main.title,
        banlist={**main.banlist.to_json(), "effective": main.effective(main.banlist).isoformat()} if main.banlist else {},
        as_of=checker.as_of,
        data=run_data_info(cards, main.banlist or main.points_list),
        deck_formats=deck_formats,
        rules=rule_catalog() if report_format == "sarif" else [],
        lists=main.report_lists(),
        skipped=skipped,
        stale=checker.stale({fmt for fmt, _list in deck_formats.values()}),
        files=_files_of_decks(results, {display for _path, display in found}),
    )
    try:
        text_console = console() if output is None and report_format == "text" else None  # rich only for text
        render_to(report_format, run, output, quiet=quiet, console=text_console)
    except BrokenPipeError:  # the reader went away (`deckcheck check … | head`): the verdict still stands
        silence_stdout()
    except OSError as exc:
        fail(f"{output}: cannot write the report: {exc.strerror or exc}")
    if output is not None:  # the terminal still gets the verdict, and where the report went
        say(f"{len(run.results)} decks: {run.legal} legal, {run.illegal} illegal, {run.unreadable} unreadable"
            f" → {output}")
    if missing:
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_LEGAL if run.not_legal == 0 else EXIT_ILLEGAL)


def _files_of_decks(results, shown: set[str]) -> dict[str, str]:
    """Deck path → its file, for the decks that are one of several in a file (parsers: ``links.txt#2``)."""
    files = {}
    for result in results:
        if result.path not in shown:
            base, _, number = result.path.rpartition("#")
            if number.isdigit() and base in shown:
                files[result.path] = base
    return files
