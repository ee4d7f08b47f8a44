"""``deckcheck convert``: decklists in any input format, written as YDK, ydke, YAML or text.

Exit codes: 0 every deck converted; 1 some card is not a known card (kept as the output
format allows, and reported) or a file is unreadable; 2 usage error (a path that does not exist,
several decks and nowhere to put them, a bad option).
"""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path

import typer

from ..convert import FORMATS, LEFT_OUT, UNFAITHFUL
from ..model import ERROR
from .common import (
    EXIT_ERROR, EXIT_ILLEGAL, EXIT_LEGAL, INPUT_FORMAT_OPTION, Language, InputFormatChoice, app, decklist_sources, fail,
    output_name, say, say_data_warnings, silence_stdout, unique_name, write_files,
)

# its members are the output formats' names, made from convert.FORMATS (so mypy, which reads no registry, sees none)
ConvertFormat = Enum("ConvertFormat", {name: name for name in FORMATS}, type=str)  # type: ignore[misc]


@app.command("convert")
def convert_command(
    inputs: list[str] = typer.Argument(..., metavar="DECKLIST...",
                                       help="Decklist files, folders (every decklist in them), - (standard input) "
                                            "or ydke:// links."),
    to: ConvertFormat | None = typer.Option(None, "--to", "-t", help="ydk (EDOPro, YGOPro), ydke (a link), yaml, text "
                                                          "(a registration sheet: Monster / Spell / Trap, Extra, Side), "
                                                          "konami-ids, md-json (Master Duel / YgoMaster), mycard "
                                                          "(a MyCard deck code) or ygomobile (a YGOMobile link)."),
    output: Path | None = typer.Option(
        None, "--output",
        help="A file for one deck, or a folder for several (created if need be), each file written in one step; "
             "default: standard output (several decks only as ydke links, one a line)."),
    lang: Language = typer.Option(Language.en, "--lang", help="Card names in this language (yaml and text; English "
                                                               "where a card has no name in it)."),
    input_format: InputFormatChoice | None = INPUT_FORMAT_OPTION,
    format: str | None = typer.Option(
        None, "--format", "-f", metavar="FORMAT",
        help="The format whose cards the decklist's names mean (rush: Rush Duel cards; see: deckcheck formats). "
             "Default: what a YAML decklist declares, else Rush Duel for a YDK or ydke of mostly Rush codes, else "
             "OCG/TCG."),
    fix: bool = typer.Option(False, "--fix", help="Write each decklist file back in place, in its own format "
                             "(.txt, .yaml, .yml, .ydk), with every card by its official name (as ruff --fix)."),
) -> None:
    """Convert decklists to another format, keeping every card; unknown cards are kept and reported."""
    if fix:
        _fix(inputs, lang, input_format, format)
    if to is None:
        fail("--to is required: the format to write (or --fix: each file back in its own format)")
    from ..api import Session
    from ..convert import check_target
    from ..errors import DeckcheckError
    from ..report.output import emit

    try:
        check_target(to.value, lang.value)
    except DeckcheckError as exc:
        fail(str(exc))
    session = Session()
    read = session.read_decks(decklist_sources(inputs), input_format=input_format.value if input_format else None)
    for _kind, message in read.errors:
        say(f"deckcheck: error: {message}")
    missing = bool(read.errors)
    decks = [(deck, output_name(argument, shown, number, FORMATS[to.value])) for deck, argument, shown, number in read.decks]
    if not decks:
        fail("no decklists to convert" if not missing else "no decklist could be read")
    directory = output is not None and (os.path.isdir(output) or str(output).endswith(("/", os.sep)) or len(decks) > 1)
    if output is None and len(decks) > 1 and to.value != "ydke":
        fail(f"{len(decks)} decklists: give --output FOLDER to write one file each (or --to ydke for a link per line)")

    say_data_warnings(session)
    failed, written, files = _convert_all(session, decks, to.value, lang.value, format, output, directory)
    failed = failed or missing
    if files:
        write_files(files)
    if written:
        try:
            emit(written)
        except BrokenPipeError:
            silence_stdout()
    raise typer.Exit(EXIT_ERROR if missing else EXIT_ILLEGAL if failed else EXIT_LEGAL)


def _convert_all(session, decks, to: str, lang: str, format, output: Path | None, directory: bool):
    """Each deck converted (``Session.convert``), its problems said: (whether a deck was not converted whole, the
    texts for standard output, a folder's files); a lone output file is written at once."""
    from ..errors import DeckcheckError
    from ..report.output import write_atomically

    failed = False
    written: list[str] = []
    files: list[tuple[Path, bytes]] = []  # a folder's files, written together once every deck is converted
    taken: set[str] = set()
    for deck, relative in decks:
        try:
            converted = session.convert(deck, to, lang=lang, format=format)
        except DeckcheckError as exc:
            fail(str(exc))
        for problem in converted.problems:
            say(_line(converted.path, problem))
        failed = failed or not converted.complete
        if converted.text is None:
            continue
        if output is None:
            written.append(converted.text)
        elif directory:
            files.append((output / unique_name(relative, taken), converted.text.encode("utf-8")))
        else:
            try:
                write_atomically(output, [converted.text])
            except OSError as exc:
                fail(f"{output}: cannot write: {exc.strerror or exc}")
    return failed, written, files


FIXED_FORMATS = {".txt": "text", ".yaml": "yaml", ".yml": "yaml", ".ydk": "ydk"}  # --fix: a file's own format


def _fix(inputs, lang, input_format, format) -> None:
    """``--fix``: each file converted to its own format and written over itself in one step; the worst exit."""
    worst = EXIT_LEGAL
    for argument in inputs:
        to = FIXED_FORMATS.get(Path(argument).suffix.lower())
        if to is None or not os.path.isfile(argument):
            fail(f"--fix {argument}: give decklist files (.txt, .yaml, .yml, .ydk) to write back in place")
        try:
            convert_command([argument], ConvertFormat(to), Path(argument), lang, input_format, format, False)
        except typer.Exit as done:
            worst = max(worst, done.exit_code)
    raise typer.Exit(worst)


def _line(path: str, problem) -> str:
    """A conversion's problem as a line on stderr: what the output could not keep says so without a rule id."""
    where = f"{path}:{problem.line}" if problem.line is not None else path
    level = "error" if problem.severity == ERROR else "note"
    if problem.rule in (UNFAITHFUL, LEFT_OUT):
        return f"deckcheck: {level}: {where}: {problem.message}"
    return f"deckcheck: {level}: {where}: {problem.rule}: {problem.message}"
