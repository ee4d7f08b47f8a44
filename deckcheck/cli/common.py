"""What every command shares: the app, exit codes, errors, the console, and the options that pick a regulation.

Exit codes: 0 every deck legal, 1 at least one deck illegal or unreadable, 2 usage or data error.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from enum import Enum
from pathlib import Path
from typing import NoReturn

import typer

from ..version import __version__
from ..formats import FormatStore
from ..limits import clip, quoted
from ..parsers import INPUT_FORMATS

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Is this Yu-Gi-Oh! decklist legal, and exactly why not.",
    context_settings={"help_option_names": ["-h", "--help"]},
)


# its members are the input formats' ids, made here from their registry (so mypy, which reads no registry, sees none)
InputFormatChoice = Enum("InputFormatChoice", {fmt.id: fmt.id for fmt in INPUT_FORMATS}, type=str)  # type: ignore[misc]
INPUT_FORMAT_OPTION = typer.Option(
    None, "--input-format", "-i",
    help=f"Read every decklist as this format: {', '.join(fmt.id for fmt in INPUT_FORMATS)} (default: by its "
         "suffix, else by its content).",
)


class Language(str, Enum):
    """A language card names are written in (``--lang``)."""

    en = "en"
    de = "de"
    fr = "fr"
    it = "it"
    es = "es"
    pt = "pt"
    ja = "ja"
    ja_kana = "ja-kana"
    ko = "ko"
    zh_TW = "zh-TW"
    zh_CN = "zh-CN"


LANGUAGES = tuple(language.value for language in Language)  # of card names written


class OutputFormat(str, Enum):
    """The output formats of the commands other than ``check``."""

    text = "text"
    json = "json"


MAX_MESSAGE = 10_000  # characters of one message: every echo of input is clipped (limits.quoted); this is the backstop


def say(message: str) -> None:
    """One line on stderr; paths and data in it shown escaped (report/escape.py). On a terminal, a line
    wider than it is broken at spaces (the lines after the first indented), never inside a word. A message
    is at most ``MAX_MESSAGE`` characters, whatever it quotes."""
    from ..report.escape import printable

    if len(message) > MAX_MESSAGE:  # the middle cut: the start says where, the end says why
        message = message[:MAX_MESSAGE * 2 // 3] + "…" + message[-(MAX_MESSAGE // 3):]
    text = printable(message)
    stream = sys.stderr
    if stream.isatty():
        import shutil
        import textwrap

        width = shutil.get_terminal_size().columns
        if width >= 20 and len(text) > width:
            text = "\n".join(textwrap.wrap(text, width, subsequent_indent="  ", break_long_words=False,
                                           break_on_hyphens=False))
    print(text, file=stream)


def fail(message: str) -> NoReturn:
    say(f"deckcheck: error: {message}")
    raise typer.Exit(EXIT_ERROR)


def parse_date(value: str | None, option: str) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        fail(f"{option} {quoted(value)} is not a date (YYYY-MM-DD)")


STDIN_ARGUMENT = "-"
STDIN_SHOWN = "<stdin>"  # how a decklist read from standard input is named in reports
_LINK_ARGUMENT = "ydke://"


def decklist_sources(arguments: list[str]) -> list:
    """Command-line decklist arguments for ``Session.find``: a path, or a decklist given as data as a
    ``Source``: ``-`` (standard input, read once, bounded; named ``<stdin>``, or why it cannot be read), a
    ydke:// link, an Omega deck code, a YGOMobile deck link or a MyCard deck code that is not a path (named by the
    link clipped and its argument number)."""
    from ..errors import NotAFile
    from ..model import Source
    from ..parsers import read_stdin

    found: list = []
    stdin = None
    for number, argument in enumerate(arguments, 1):
        if argument == STDIN_ARGUMENT:
            if stdin is None:
                try:
                    stdin = Source(None, STDIN_SHOWN, read_stdin())
                except NotAFile as exc:  # too large, or still open after the time allowed
                    stdin = Source(None, STDIN_SHOWN, b"", f"standard input: {exc}")
            found.append(stdin)
        elif argument[:len(_LINK_ARGUMENT)].lower() == _LINK_ARGUMENT or (
                not os.path.exists(argument) and (_omega_code(argument) or _deck_code(argument))):
            found.append(Source(None, f"{clip(argument, 40)} (argument {number})",
                                argument.encode("utf-8", "surrogateescape")))
        else:
            found.append(Path(argument) if argument else argument)  # Path("") would be the current folder
    return found


def read_one_decklist(argument: str):
    """One decklist: a file, ``-`` (standard input) or a ydke link; exit 2 for a path that is not one
    (as ``check`` does)."""
    from ..model import Source
    from ..parsers import parse_given, read_deck

    (path,) = decklist_sources([argument])
    if isinstance(path, Source):  # given as data
        if path.problem is not None:
            fail(f"{path.shown}: {path.problem}")
        decks = parse_given(path.data or b"", path.shown)  # (given as data: its bytes are there)
        if len(decks) != 1:
            fail(f"{path.shown} holds {len(decks)} decklists; give one")
        return decks[0]
    if not path or not os.path.exists(path):
        fail(f"{path}: no such file or directory")
    if os.path.isdir(path):
        fail(f"{path} is a directory; give one decklist file")
    return read_deck(path, str(path))


def open_session():
    """The API's Session for this command, with what the user should know of the data in use said on stderr."""
    from ..api import Session

    session = Session()
    say_data_warnings(session)
    return session


def say_data_warnings(session) -> None:
    """What the user should know of the data in use (an update that cannot be trusted: the bundled data is used)."""
    from ..errors import DeckcheckError

    try:
        warnings = session.warnings
    except DeckcheckError as exc:
        fail(str(exc))
    for warning in warnings:
        say(f"deckcheck: warning: {warning}")


def load_settings(config: Path | None, no_config: bool):
    """The config file's settings (``--config``, else deckcheck.toml or pyproject.toml found; none with
    ``--no-config``); a file deckcheck cannot use is a usage error."""
    from ..config import resolve_config
    from ..errors import ConfigError

    try:
        return resolve_config(config, no_config)
    except ConfigError as exc:
        fail(str(exc))


def _omega_code(argument: str) -> bool:
    from ..parsers.omega import looks_like_omega

    return looks_like_omega(argument)


def _deck_code(argument: str) -> bool:
    """A YGOMobile deck link or a MyCard deck code (a decklist given on the command line, not a path)."""
    from ..parsers.mycard import looks_like_mycard
    from ..parsers.ygomobile import looks_like_ygomobile

    return looks_like_ygomobile(argument) or looks_like_mycard(argument)


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
        from ..api import Session
        from ..regulation import known_regions

        session = Session()
        formats = session.formats()
        regions = known_regions(formats, session.data.store)
        roots = [f for f in formats.all() if f.region and not f.extends]
    except Exception:  # help must always print: without the data, the help says less
        return
    defaults = ", ".join(f"{f.region} for {f.id}" for f in roots)
    REGION_OPTION.help = (f"{REGION_HELP}: one of {', '.join(regions)} (default: the format's own: {defaults} "
                          "and the formats built on them).")


COLLECTION_OPTION = typer.Option(None, "--collection", metavar="FILE",
                                 help="The player's collection (a CSV: name or passcode and a count; YGOPRODeck's and "
                                      "Dragon Shield's exports read as they are): a card used more often than owned "
                                      "is a collection problem.")
PRICES_OPTION = typer.Option(None, "--prices", metavar="FILE",
                             help="The event's frozen price list (a CSV: name or passcode and a price): a card "
                                  "without a price is a price-cap problem; with --price-cap, the deck's total too.")
PRICE_CAP_OPTION = typer.Option(None, "--price-cap", metavar="AMOUNT",
                                help="The most a deck may cost at the --prices list's prices (15, 15.50).")
POINTS_CAP_OPTION = typer.Option(None, "--points-cap", min=0, metavar="N",
                                 help="The points cap of a points format (Genesys: 100 unless the event says otherwise; 0 is a cap).")


def _not_an_output_format(format: str | None) -> None:
    """``--format json``: the game format was given an output format's name; say which option was meant."""
    from ..report import OUTPUT_FORMATS

    if format is None or format.lower() not in OUTPUT_FORMATS:
        return
    from ..formats import FormatStore

    if not FormatStore.default().knows(format.lower()):
        fail(f"--format {format}: {format.lower()} is an output format; did you mean --output-format {format.lower()} "
             "(-o)? --format names the format to judge in (deckcheck formats)")


def selection(settings, format: str | None, banlist: str | None, as_of: str | None, region: str | None,
              points_cap: int | None, collection: Path | None = None, prices: Path | None = None,
              price_cap: str | None = None):
    """What the command line and the config file (``settings``) ask to judge by: the command line wins, and
    ``--banlist`` or ``--as-of`` replaces both of the file's (they are two ways to pick a list)."""
    _not_an_output_format(format)
    if banlist is not None or as_of is not None:
        chosen_list, chosen_date = banlist, parse_date(as_of, "--as-of")
    else:
        chosen_list, chosen_date = settings.banlist, settings.as_of
    from ..api import selection as judge_by
    from ..errors import DeckcheckError

    try:
        return judge_by(format or settings.format, chosen_list, chosen_date, region or settings.region,
                        points_cap if points_cap is not None else settings.points_cap, collection=collection,
                        prices=prices, price_cap=price_cap)
    except DeckcheckError as exc:
        fail(str(exc))


CONFIG_OPTION = typer.Option(None, "--config", help="Read defaults from this file (deckcheck.toml, or a pyproject.toml "
                                                    "with a tool.deckcheck table).")
NO_CONFIG_OPTION = typer.Option(False, "--no-config", help="Ignore deckcheck.toml and the tool.deckcheck table of "
                                                           "pyproject.toml.")


def _version(value: bool) -> None:
    if value:
        print(f"deckcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """Is this Yu-Gi-Oh! decklist legal, and exactly why not."""


def output_name(argument, shown: str, number: int | None, suffix: str) -> str:
    """The file a deck is written to under an output folder: its path under the folder it was found in (or
    its file name), with ``suffix``; the nth deck of a file of several gets -n."""
    from ..model import Source

    if shown == STDIN_SHOWN:
        stem = "stdin"
    elif isinstance(argument, (str, Source)):  # a ydke link or an Omega code given as an argument
        stem = "deck-" + shown.rsplit("(argument ", 1)[-1].rstrip(")")
    elif os.path.isdir(argument):
        stem = os.path.splitext(os.path.relpath(shown, argument))[0]
    else:
        stem = os.path.splitext(os.path.basename(shown))[0] or "deck"
    if number is not None:
        stem += f"-{number}"
    return stem + suffix


def write_files(files: list) -> None:
    """Write every (path, bytes) of ``files``, or none (``report.output.write_all``); on failure say what
    failed and exactly which files were written, and exit 2."""
    from ..report.output import WriteSetError, write_all

    try:
        write_all(files)
    except WriteSetError as exc:
        lines = exc.lines()
        say(f"deckcheck: error: {lines[0]}")
        for line in lines[1:]:
            say(f"deckcheck: note: {line}")
        raise typer.Exit(EXIT_ERROR) from None


def unique_name(relative: str, taken: set[str]) -> str:
    stem, suffix = os.path.splitext(relative)
    candidate, n = relative, 1
    while candidate in taken:
        n += 1
        candidate = f"{stem}-{n}{suffix}"
    taken.add(candidate)
    return candidate
