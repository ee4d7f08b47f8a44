"""What every command shares: the app, exit codes, errors, the console, and the options that pick a regulation.

Exit codes: 0 every deck legal, 1 at least one deck illegal or unreadable, 2 usage or data error.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from enum import Enum
from typing import Optional

import typer

from .. import __version__
from ..formats import FormatStore

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Is this Yu-Gi-Oh! decklist legal, and exactly why not.",
    context_settings={"help_option_names": ["-h", "--help"]},
)


class OutputFormat(str, Enum):
    """The output formats of the commands other than ``check``."""

    text = "text"
    json = "json"


def say(message: str) -> None:
    """One line on stderr; paths and data in it shown escaped (report/escape.py)."""
    from ..report.escape import printable

    print(printable(message), file=sys.stderr)


def fail(message: str) -> None:
    say(f"deckcheck: error: {message}")
    raise typer.Exit(EXIT_ERROR)


def parse_date(value: Optional[str], option: str) -> Optional[date]:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        fail(f"{option} {value!r} is not a date (YYYY-MM-DD)")


def silence_stdout() -> None:
    """After a closed pipe: send what is left to /dev/null, so the exit flush does not complain."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def console(stderr: bool = False):
    from ..report.terminal import console

    return console(stderr=stderr)


def format_help(what: str) -> str:
    """``--format``'s help: the built-in format ids as the format store lists them."""
    ids = ", ".join(FormatStore().builtin_ids())
    return f"{what}: a format id ({ids}, or one of yours; see: deckcheck formats) or a format file (PATH.yaml)."


FORMAT_OPTION = typer.Option(None, "--format", "-f", metavar="FORMAT",
                             help=format_help("Format to judge in (default: tcg, or what a YAML decklist declares)"))
BANLIST_OPTION = typer.Option(None, "--banlist", "-b", help='A list by name, e.g. "2026.05 TCG" (see: deckcheck banlists).')
AS_OF_OPTION = typer.Option(None, "--as-of", help="Judge as on this date (YYYY-MM-DD): the list in force then, cards released by then.")
REGION_HELP = "Region whose effective dates apply where a list's differ by region"
REGION_OPTION = typer.Option(None, "--region", metavar="REGION", help=f"{REGION_HELP} (see --help).")


def describe_regions() -> None:
    """Name the known regions in --region's help. They come from every list file, so they are read only
    when help is shown (a check with --region validates its value against the same collection)."""
    try:
        from ..datastore import load_store
        from ..regulation import known_regions

        formats = FormatStore.default()
        regions = known_regions(formats, load_store())
        roots = [f for f in formats.all() if f.region and not f.extends]
    except Exception:  # help must always print: without the data, the help says less
        return
    defaults = ", ".join(f"{f.region} for {f.id}" for f in roots)
    REGION_OPTION.help = (f"{REGION_HELP}: one of {', '.join(regions)} (default: the format's own: {defaults} "
                          "and the formats built on them).")


POINTS_CAP_OPTION = typer.Option(None, "--points-cap", min=0, metavar="N",
                                 help="The points cap of a points format (Genesys: 100 unless the event says otherwise; 0 is a cap).")


def overrides(points_cap: Optional[int] = None, legacy_side: bool = False) -> tuple:
    """The rule options the command line sets for this run."""
    from ..checker import Override

    found = []
    if points_cap is not None:
        found.append(Override(f"--points-cap {points_cap}", "points-cap", {"cap": points_cap}))
    if legacy_side:
        found.append(Override("--side-rule legacy", "side-size", {"exactly": [0, 15]}))
    return tuple(found)


def _version(value: bool) -> None:
    if value:
        print(f"deckcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """Is this Yu-Gi-Oh! decklist legal, and exactly why not."""
