"""``deckcheck check``: find the decklists, judge them, write the report, set the exit code."""

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import typer

from ..errors import DeckcheckError
from ..limits import quoted
from ..model import Source
from ..report import OUTPUT_FORMATS, OUTPUT_SUFFIXES
from ..report.registry import output_format as output_format_named
from .common import (
    AS_OF_OPTION, BANLIST_OPTION, COLLECTION_OPTION, PRICE_CAP_OPTION, PRICES_OPTION, EXIT_ERROR, EXIT_ILLEGAL, EXIT_LEGAL, FORMAT_OPTION, INPUT_FORMAT_OPTION, POINTS_CAP_OPTION,
    CONFIG_OPTION, NO_CONFIG_OPTION, REGION_OPTION, InputFormatChoice, app, console, decklist_sources, fail, load_settings,
    say, selection, silence_stdout,
)


PROGRESS_MIN_FILES = 100  # a progress bar (stderr, on a terminal) for runs at least this long


def _pick_output_format(cli_value: str | None, output: Path | None, config_value: str | None) -> str:
    """The option, else what the --output file's suffix means (report.html: html), else the config file, else
    github inside GitHub Actions (as yamllint does), else text."""
    if cli_value is not None:
        return cli_value
    if output is not None and output.suffix.lower() in OUTPUT_SUFFIXES:
        return OUTPUT_SUFFIXES[output.suffix.lower()]
    if config_value:
        return config_value
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    return "text"


@contextmanager
def _progress(total: int, quiet: bool):
    """``progress(n)`` for a rich progress bar on stderr, for long runs on a terminal; else None. Never on stdout."""
    if quiet or total < PROGRESS_MIN_FILES or not sys.stderr.isatty() or os.environ.get("CI"):
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    # drawn when told (auto_refresh off: no drawing thread, so the decklists may be shared among forked processes)
    with Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console(stderr=True), transient=True, auto_refresh=False) as bar:
        task = bar.add_task("checking", total=total)

        def advance(n: int) -> None:
            bar.advance(task, n)
            bar.refresh()

        yield advance


@app.command()
def check(
    paths: list[str] | None = typer.Argument(
        None, metavar="[DECKLIST]...",
        help="Decklist files (.ydk, .ydke, .yaml, .yml, .txt, any other), folders to search, - (standard input) "
             "or ydke:// links (default: `paths` of the config file, else the current folder)."),
    input_format: InputFormatChoice | None = INPUT_FORMAT_OPTION,
    format: str | None = FORMAT_OPTION,
    banlist: str | None = BANLIST_OPTION,
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    points_cap: int | None = POINTS_CAP_OPTION,
    collection: Path | None = COLLECTION_OPTION,
    prices: Path | None = PRICES_OPTION,
    price_cap: str | None = PRICE_CAP_OPTION,
    output_format: str | None = typer.Option(
        None, "--output-format", "-o", metavar="FORMAT|FILE",
        help=f"{', '.join(OUTPUT_FORMATS)} (default: what --output's suffix means, else the config file's, else github "
             "inside GitHub Actions, else text). -o FILE, as in decklist and convert, is --output FILE.",
    ),
    output: Path | None = typer.Option(None, "--output", help="Write the report to this file (replaced in one step) "
                                          "instead of standard output; its suffix picks the format (.json, .csv, .html, "
                                          ".xml: junit, .sarif, .txt)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Text output: show only decks that are not legal, no summary table, no progress bar."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Processes that share the decklists: at most N (default "
                             "0: one a core, for 64 decklists or more, on Linux)."),
    force_exclude: bool = typer.Option(
        False, "--force-exclude",
        help="Take a file named on the command line only as a folder search would (a decklist suffix, not excluded, "
             "not plainly another file): for pre-commit and other tools that name every changed file."),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Check decklists: every problem of every deck, with the card, section, line and a fix."""
    from ..api import Session

    settings = load_settings(config, no_config)
    chosen = selection(settings, format, banlist, as_of, region, points_cap, collection, prices, price_cap)
    output_format, output = _format_or_file(output_format, output)
    report_name = _pick_output_format(output_format, output, settings.output_format)
    report = output_format_named(report_name)
    arguments = decklist_sources(paths) if paths else list(settings.paths) or ["."]  # nothing named: here, as ruff
    session = Session()
    found = session.find(arguments, settings.exclude, force_exclude=force_exclude)
    for path in found.missing:
        say(f"deckcheck: error: {path or repr(path)}: no such file or directory")
    if not found.sources:
        _nothing_found(found, arguments)
    try:
        for warning in session.warnings:
            say(f"deckcheck: warning: {warning}")
        with _progress(len(found.sources), quiet) as progress:
            run = session.check_sources(found.sources, chosen=chosen, input_format=input_format.value if input_format else None,
                                        progress=progress, skipped=found.skipped, jobs=jobs)
    except DeckcheckError as exc:
        fail(str(exc))
    for notice in run.notices:
        say(f"deckcheck: {notice}")
    try:
        report.write(run, output, quiet=quiet, console=console)
    except BrokenPipeError:  # the reader went away (`deckcheck check … | head`): the verdict still stands
        silence_stdout()
    except OSError as exc:
        fail(f"{output}: cannot write the report: {exc.strerror or exc}")
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if report_name == "github" and summary_file:  # the job summary on the run's page, as GitHub's own actions write
        from ..report.github import step_summary

        try:
            with open(summary_file, "a", encoding="utf-8") as summary:
                summary.write(step_summary(run))
        except OSError as exc:
            say(f"deckcheck: warning: {summary_file}: cannot write the job summary: {exc.strerror or exc}")
    if output is not None:  # the terminal still gets the verdict, and where the report went
        say(f"{len(run.results)} decks: {run.legal} legal, {run.illegal} illegal, {run.unreadable} unreadable"
            f" → {output}")
    if found.missing:
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_LEGAL if run.not_legal == 0 else EXIT_ILLEGAL)


def _format_or_file(value: str | None, output: Path | None) -> tuple[str | None, Path | None]:
    """``-o``: an output format by name (``-o json``), or, as ``-o`` is in decklist and convert (and ruff), the
    file to write (``-o report.html``: ``--output report.html``)."""
    if value is None or value.lower() in OUTPUT_FORMATS:
        return (value.lower() if value else None), output
    if output is None and (Path(value).suffix or os.sep in value or "/" in value):
        return None, Path(value)
    fail(f"--output-format must be one of {', '.join(OUTPUT_FORMATS)}, not {quoted(value)} "
         "(to write the report to a file: --output FILE, or -o FILE with a suffix) (see: deckcheck check --help)")
    raise AssertionError  # fail() exits


def _nothing_found(found, arguments) -> None:
    if found.missing:
        raise typer.Exit(EXIT_ERROR)  # only the errors: no empty report
    from ..parsers import DECK_SUFFIXES

    skipped = found.skipped
    fail(f"no decklists ({', '.join(DECK_SUFFIXES)}) found in " + ", ".join(a.shown if isinstance(a, Source) else str(a) for a in arguments)
         + (f" ({len(skipped)} file{' that is not a decklist' if len(skipped) == 1 else 's that are not decklists'}"
            " skipped)" if skipped else ""))
