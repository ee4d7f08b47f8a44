"""``deckcheck decklist``: the registration sheet of each deck as a PDF — deckcheck's own, or the
user's copy of Konami's form filled in (``--form``).

Exit codes: 0 every sheet written, every deck legal; 1 a deck is not legal (its sheet is written, with
a banner listing its errors; with ``--require-legal`` nothing is written) or a file is unreadable;
2 usage or data error, the PDF extra not installed, a name no font can draw (nothing written).
"""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path

import typer

from ..errors import DeckcheckError
from ..limits import quoted
from .common import (
    AS_OF_OPTION, BANLIST_OPTION, CONFIG_OPTION, EXIT_ILLEGAL, EXIT_LEGAL, FORMAT_OPTION, INPUT_FORMAT_OPTION, LANGUAGES,
    NO_CONFIG_OPTION, POINTS_CAP_OPTION, REGION_OPTION, InputFormatChoice, Language, app, decklist_sources, fail,
    load_settings, output_name, parse_date, say, say_data_warnings, selection, unique_name, write_files,
)


class Paper(str, Enum):
    letter = "letter"
    a4 = "a4"


# A field a judge needs, and where to give it: (attribute, in words, option, YAML key, deckcheck.toml key)
_NOTED_FIELDS = (("last_name", "player's name", "--player", "player", "player"),
                 ("konami_id", "KONAMI ID", "--konami-id", "konami_id", "konami-id"),
                 ("event", "event", "--event", "event", "event"), ("date", "date", "--date", "date", "date"))


@app.command("decklist")
def decklist_command(
    inputs: list[str] = typer.Argument(..., metavar="DECKLIST...",
                                       help="Decklist files, folders (every decklist in them), - (standard input) or "
                                            "ydke:// links."),
    output: Path = typer.Option(..., "--output", "-o",
                                help="The PDF to write (one deck, or every deck with --merge); for several decks a "
                                     "folder, one PDF each. Each file is written in one step."),
    merge: bool = typer.Option(False, "--merge", help="One PDF of every deck's sheet, sorted by last name (then first "
                                                      "name), as judges file them."),
    form: Path | None = typer.Option(None, "--form", help="Fill this copy of Konami's decklist form "
                                                          "(KDE_DeckList.pdf) instead of drawing deckcheck's sheet."),
    player: str | None = typer.Option(None, "--player", help='The player: "First Last" (the last word is the last '
                                                             'name) or "Last, First".'),
    first_name: str | None = typer.Option(None, "--first-name", help="The player's first name, exactly."),
    last_name: str | None = typer.Option(None, "--last-name", help="The player's last name, exactly."),
    konami_id: str | None = typer.Option(None, "--konami-id", help="The KONAMI ID (CARD GAME ID), leading zeros kept."),
    country: str | None = typer.Option(None, "--country", help="The player's country of residence."),
    event: str | None = typer.Option(None, "--event", help="The event's name."),
    event_date: str | None = typer.Option(None, "--date", help="The event's date (YYYY-MM-DD)."),
    lang: Language | None = typer.Option(None, "--lang", help="Card names in this language's official names "
                                                              "(English where a card has none; default en)."),
    font: Path | None = typer.Option(None, "--font", help="A TrueType font (.ttf, .ttc) for the characters the "
                                                          "shipped font lacks (Japanese, Korean, Chinese names)."),
    paper: Paper = typer.Option(Paper.letter, "--paper", help="Paper of deckcheck's own sheet (Konami's form is "
                                                               "US Letter)."),
    require_legal: bool = typer.Option(False, "--require-legal", help="Write nothing if any deck is not legal (exit 1)."),
    format: str | None = FORMAT_OPTION,
    banlist: str | None = BANLIST_OPTION,
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    points_cap: int | None = POINTS_CAP_OPTION,
    input_format: InputFormatChoice | None = INPUT_FORMAT_OPTION,
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """The registration sheet of each deck as a PDF, with the fields of Konami's decklist form."""
    from .. import documents

    absent = documents.missing()
    if absent:
        fail(f"deckcheck decklist needs the PDF extra ({', '.join(absent)} not installed): {documents.INSTALL_HINT}")
    from ..api import Session

    settings = load_settings(config, no_config)
    table = settings.decklist
    language = lang.value if lang is not None else table.get("lang", "en")
    if language not in LANGUAGES:
        fail(f"{settings.source}: decklist.lang must be one of {', '.join(LANGUAGES)}, not {quoted(language)}")
    fallback = font if font is not None else (Path(table["font"]) if "font" in table else None)
    options = _given_fields(player, first_name, last_name, konami_id, country, event, event_date)

    session = Session()
    read = session.read_decks(decklist_sources(inputs), settings.exclude, input_format.value if input_format else None)
    unreadable = 0
    for kind, message in read.errors:
        if kind == "missing":
            fail(message)
        say(f"deckcheck: error: {message}")
        unreadable += 1
    parsed_decks = [(deck, output_name(argument, shown, number, ".pdf")) for deck, argument, shown, number in read.decks]
    if not parsed_decks:
        fail("no decklist could be read" if unreadable else "no decklists found")
    several = len(parsed_decks) > 1
    into_folder = not merge and (several or os.path.isdir(output) or str(output).endswith(("/", os.sep)))
    if form is not None and not os.path.isfile(form):
        fail(f"--form {form}: no such file")

    chosen = selection(settings, format, banlist, as_of, region, points_cap)
    say_data_warnings(session)
    sheets, as_of_date, unshown = _sheets(session, parsed_decks, chosen, options, table, language,
                                          input_format.value if input_format else None)
    unreadable += unshown
    illegal = [sheet for sheet, _ in sheets if not sheet.legal]
    if len(parsed_decks) > 1:
        _say_illegal(illegal)
    if require_legal and (illegal or unreadable):
        bad = len(illegal) + unreadable
        say(f"deckcheck: error: --require-legal: {bad} deck{'s' if bad != 1 else ''} not legal or unreadable; "
            "no sheet written")
        raise typer.Exit(EXIT_ILLEGAL)
    if not sheets:
        raise typer.Exit(EXIT_ILLEGAL)
    _note_missing([sheet for sheet, _ in sheets])

    about = _about([sheet for sheet, _ in sheets], as_of_date)
    written = _write(sheets, output, merge, into_folder, form, fallback, paper.value, about)
    say(f"deckcheck: {written} written to {output}: {len(sheets)} sheet{'s' if len(sheets) != 1 else ''}"
        + (f", {len(illegal)} of a deck that is not legal (a banner lists its errors)" if illegal else ""))
    raise typer.Exit(EXIT_ILLEGAL if illegal or unreadable else EXIT_LEGAL)


def _given_fields(player, first_name, last_name, konami_id, country, event, event_date) -> dict:
    """The sheet's fields the command line gives, spaces collapsed; exit 2 for a KONAMI ID or a date that is none."""
    if konami_id is not None and not (konami_id.strip().isascii() and konami_id.strip().isdigit()
                                      and len(konami_id.strip()) <= 10):
        fail(f"--konami-id {quoted(konami_id)} is not a KONAMI ID (up to 10 digits, as on the card)")
    given_date = parse_date(event_date, "--date")
    options = {"player": player, "first_name": first_name, "last_name": last_name,
               "konami_id": konami_id.strip() if konami_id else None, "country": country, "event": event,
               "date": given_date.isoformat() if given_date else None}
    return {k: " ".join(v.split()) if isinstance(v, str) else v for k, v in options.items()}


def _sheets(session, parsed_decks, chosen, options, table, language, input_format):
    """(sheet, relative output name) of each deck that can be read, the date they were checked as of, and how
    many could not be read (each said on stderr; a lone deck's errors too)."""
    sheets = []
    as_of = None
    unreadable = 0
    for parsed, relative in parsed_decks:
        try:
            made = session.registration_sheet(parsed, chosen, fields=options, defaults=table, lang=language,
                                              input_format=input_format)
        except DeckcheckError as exc:
            fail(str(exc))
        as_of = made.as_of
        if made.sheet is None:
            problem = next(p for p in made.result.problems if p.rule == "unreadable")
            say(f"deckcheck: error: {made.path}: {problem.message}")
            unreadable += 1
            continue
        if len(parsed_decks) == 1:
            for problem in made.sheet.errors:
                where = f"{made.path}:{problem.line}" if problem.line is not None else made.path
                say(f"deckcheck: error: {where}: {problem.rule}: {problem.message}")
        sheets.append((made.sheet, relative))
    return sheets, as_of, unreadable


ILLEGAL_NAMED = 10  # decks named one line each on stderr; the sheets' banners carry every error


def _say_illegal(illegal) -> None:
    """A batch's decks that are not legal, one line each with the rules broken (its sheet's banner lists the
    errors), the first ``ILLEGAL_NAMED`` of them: a folder of 338 decks gave a thousand lines before this."""
    for sheet in illegal[:ILLEGAL_NAMED]:
        rules = list(dict.fromkeys(p.rule for p in sheet.errors))
        say(f"deckcheck: error: {sheet.path}: {len(sheet.errors)} error{'s' if len(sheet.errors) != 1 else ''} "
            f"({', '.join(rules)})")
    if len(illegal) > ILLEGAL_NAMED:
        say(f"deckcheck: error: and {len(illegal) - ILLEGAL_NAMED} more decks that are not legal; each sheet's banner "
            "lists its errors (deckcheck check gives them all)")


def _about(sheets, as_of) -> str:
    """What the footer says of the check: the format, the list, the date (one run: one of each, mostly)."""
    seen = []
    for sheet in sheets:
        text = f"{sheet.format_title} · {sheet.list_name or 'no list'}"
        if text not in seen:
            seen.append(text)
    return f"{'; '.join(seen)} · checked as of {as_of.isoformat()}"


def _note_missing(sheets) -> None:
    """One note per field some sheets lack, naming the first few decks and where to give it."""
    for attribute, title, option, yaml_key, toml_key in _NOTED_FIELDS:
        lacking = [sheet.path for sheet in sheets if getattr(sheet.player, attribute) is None]
        if lacking:
            shown = ", ".join(lacking[:3]) + (f" and {len(lacking) - 3} more" if len(lacking) > 3 else "")
            say(f"deckcheck: note: no {title} on {len(lacking)} sheet{'s' if len(lacking) != 1 else ''} ({shown}), left "
                f"blank to fill in by hand: give {option}, {yaml_key}: in the YAML decklist, or {toml_key} in "
                "deckcheck.toml's [decklist]")


def _write(sheets, output: Path, merge: bool, into_folder: bool, form: Path | None, fallback: Path | None,
           paper: str, about: str) -> str:
    """Draw (or fill) every PDF in memory, then write them all, or none (a full disk leaves no partial set);
    nothing is written when a name cannot be drawn. Returns what was written, in words."""
    pdfs = _render(sheets, output, merge, into_folder, form, fallback, paper, about)
    write_files(pdfs)
    if len(pdfs) == 1:
        return "1 PDF"
    return f"{len(pdfs)} PDFs"


def _render(sheets, output: Path, merge: bool, into_folder: bool, form: Path | None, fallback: Path | None,
            paper: str, about: str) -> list[tuple[Path, bytes]]:
    """Every PDF to write, drawn (or filled) in memory: (target, data); exit 2 when a name cannot be drawn."""
    from ..documents.fonts import FontError, Fonts, Undrawable

    try:
        fonts = Fonts(fallback)
    except FontError as exc:
        fail(str(exc))
    if form is not None:
        from ..documents.form import FormError, inspect

        from ..reading import Unreadable, read_file

        try:
            layout = inspect(read_file(form, 32 * 1024 * 1024), str(form))  # a form is a few hundred KB
        except Unreadable as exc:
            fail(f"--form {form}: cannot read the file: {exc}")
        except FormError as exc:
            fail(str(exc))
        for missing in layout.missing_report():
            say(f"deckcheck: note: {form}: {missing}")
    else:
        layout = None

    if merge:
        ordered = sorted(sheets, key=lambda item: item[0].player.sort_key())  # stable: ties keep the found order
        outputs = [(output, [sheet for sheet, _ in ordered])]
    elif into_folder:
        taken: set[str] = set()
        outputs = [(output / unique_name(relative, taken), [sheet]) for sheet, relative in sheets]
    else:
        outputs = [(output, [sheets[0][0]])]

    from ..documents.sheet_pdf import undrawable

    lacking = [(sheet, problem) for sheet, _ in sheets for problem in undrawable(sheet, fonts)]
    if lacking:
        for sheet, problem in lacking:
            say(f"deckcheck: error: {sheet.path}: {problem.describe()}")
        decks = len({id(sheet) for sheet, _ in lacking})
        hints = list(dict.fromkeys(problem.hint() for _sheet, problem in lacking))
        fail(f"no sheet written: {decks} deck{'s' if decks != 1 else ''} would show a name wrong; give "
             + "; or give ".join(hints))
    pdfs = []
    for target, group in outputs:
        try:
            data, unshown = _pdf(group, fonts, layout, paper, about)
        except Undrawable as exc:  # a text the check above does not know of: still never drawn wrong
            fail(f"no sheet written: {exc.describe()}; give {exc.hint()}")
        except Exception as exc:  # noqa: BLE001 - FormError: pypdf could not fill a malformed form
            from ..documents.form import FormError

            if not isinstance(exc, FormError):
                raise
            fail(f"no sheet written: {exc}")
        pdfs.append((target, data))
        for value in dict.fromkeys(unshown):
            say(f"deckcheck: warning: {target}: the form's font cannot show {value!r}: the field holds it, and a "
                "viewer that redraws fields shows it; the field's stored look (and a print of it) may not")
    return pdfs


def _pdf(sheets, fonts, layout, paper: str, about: str) -> tuple[bytes, list[str]]:
    """The PDF of ``sheets`` and what a form's fonts could not show."""
    import io

    if layout is None:
        from ..documents.sheet_pdf import render

        buffer = io.BytesIO()
        render(sheets, buffer, fonts, paper, about)
        return buffer.getvalue(), []
    from ..documents.form import fill_all

    return fill_all(layout, sheets, fonts, about)
