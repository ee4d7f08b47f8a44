"""``deckcheck fingerprint``, ``verify`` and ``event``: a deck's fingerprint, and the submission ledger of an
event (deckcheck/event.py), from a form export to the judges' folder of sheets.

Exit codes: fingerprint 0 (1: a file is unreadable); verify 0 the deck matches, 1 it does not (or cannot be
read), 2 the code is no fingerprint (a typo); event 0 every registered player has a legal counted deck,
1 not (--check-deck: the deck differs from the counted list), 2 usage or input error.
"""

from __future__ import annotations

import json
import os
import sys
from enum import Enum
from pathlib import Path

import typer

from ..errors import DeckcheckError
from .common import (
    AS_OF_OPTION, BANLIST_OPTION, CONFIG_OPTION, EXIT_ILLEGAL, EXIT_LEGAL, FORMAT_OPTION, INPUT_FORMAT_OPTION,
    NO_CONFIG_OPTION, POINTS_CAP_OPTION, REGION_OPTION, InputFormatChoice, OutputFormat, app, decklist_sources, fail,
    load_settings, open_session, parse_date, say, selection, write_files,
)


class EventOutputFormat(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"
    html = "html"


def _reason(result) -> str:
    problem = next((p for p in result.problems if p.rule == "unreadable"), None)
    return problem.message if problem is not None else "unreadable"


def _judging(format, input_format, banlist=None, as_of=None, region=None, points_cap=None, config=None,
             no_config=False):
    """(Session, the selection, the config's settings), as for check: the config file's selection, the command
    line's over it; its warnings said, or exit 2 when it cannot be judged by."""
    settings = load_settings(config, no_config)
    chosen = selection(settings, format, banlist, as_of, region, points_cap)
    session = open_session()
    try:
        warnings = session.selection_warnings(chosen, input_format=input_format.value if input_format else None)
    except DeckcheckError as exc:
        fail(str(exc))
    for warning in warnings:
        say(f"deckcheck: warning: {warning}")
    return session, chosen, settings


def _fingerprints(arguments: list[str], format, input_format) -> list:
    """The fingerprint of every deck named (files, folders, -, ydke links, Omega codes); exit 2 for a path
    that does not exist."""
    session, chosen, _ = _judging(format, input_format)
    try:
        return session.fingerprints(decklist_sources(arguments), chosen=chosen,
                                    input_format=input_format.value if input_format else None)
    except DeckcheckError as exc:
        fail(str(exc))


@app.command("fingerprint")
def fingerprint_command(
    inputs: list[str] = typer.Argument(..., metavar="DECKLIST...",
                                       help="Decklist files, folders, - (standard input), ydke:// links or Omega "
                                            "codes."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json."),
    format: str | None = FORMAT_OPTION,
    input_format: InputFormatChoice | None = INPUT_FORMAT_OPTION,
) -> None:
    """Each deck's fingerprint: a short code of its cards, counts and sections (docs/fingerprint.md)."""
    prints = _fingerprints(inputs, format, input_format)
    unreadable = [p for p in prints if p.code is None]
    for found in unreadable:
        say(f"deckcheck: error: {found.path}: {found.problem}")
    if output_format is OutputFormat.json:
        sys.stdout.write(json.dumps([{"path": p.path, "fingerprint": p.code} for p in prints],
                                    ensure_ascii=False, indent=2) + "\n")
    else:
        from ..report.escape import printable

        for found in prints:
            if found.code is not None:
                print(f"{found.code}  {printable(found.path)}")
    raise typer.Exit(EXIT_ILLEGAL if unreadable or not prints else EXIT_LEGAL)


@app.command("verify")
def verify_command(
    code: str = typer.Argument(..., metavar="CODE", help="A deck fingerprint, e.g. from a registration sheet."),
    deck: str = typer.Argument(..., metavar="DECKLIST", help="The decklist (a file, - or a ydke:// link)."),
    format: str | None = FORMAT_OPTION,
    input_format: InputFormatChoice | None = INPUT_FORMAT_OPTION,
) -> None:
    """Whether DECKLIST is the deck of CODE: exit 0 it is, 1 it is not, 2 CODE is no fingerprint (mistyped)."""
    from ..api import read_fingerprint
    from ..report.escape import printable

    try:
        wanted = read_fingerprint(code)
    except DeckcheckError as exc:
        fail(str(exc))
    prints = _fingerprints([deck], format, input_format)
    if len(prints) != 1:
        fail(f"{deck} holds {len(prints)} decklists; give one")
    found = prints[0]
    if found.code is None:
        say(f"deckcheck: error: {found.path}: {found.problem}")
        raise typer.Exit(EXIT_ILLEGAL)
    if found.code == wanted:
        print(f"match: {printable(found.path)} is the deck of {wanted}")
        raise typer.Exit(EXIT_LEGAL)
    print(f"no match: {printable(found.path)} has the fingerprint {found.code}, not {wanted}: its cards, "
          "counts or sections differ")
    raise typer.Exit(EXIT_ILLEGAL)


@app.command("event")
def event_command(
    submissions: Path = typer.Argument(..., metavar="SUBMISSIONS",
                                       help="The folder of submitted decklists (with --manifest: the files it names; "
                                            "else one folder per player named by the KONAMI ID)."),
    roster: Path = typer.Option(..., "--roster", help="CSV of the registered players: konami_id, player (optional "
                                                      "table, seat; other columns kept)."),
    deadline: str = typer.Option(..., "--deadline", help="The submission deadline: an ISO time with its zone "
                                                         "(2026-12-05T09:00:00+01:00)."),
    manifest: Path | None = typer.Option(None, "--manifest", help="CSV of the submissions (a form or mailbox "
                                                                  "export): player, konami_id, file, received "
                                                                  "(ISO time); other columns kept."),
    output_format: EventOutputFormat | None = typer.Option(
        None, "--output-format", "-o", help="text (a table, missing, illegal and late first), json, csv or html "
                                            "(default: by --output's suffix, else text)."),
    output: Path | None = typer.Option(None, "--output", help="Write the report to this file (in one step)."),
    sheets: Path | None = typer.Option(None, "--sheets", help="Write each counted deck's registration sheet "
                                                              "(PDF, with name, KONAMI ID and fingerprint) into "
                                                              "this folder."),
    merge: bool = typer.Option(False, "--merge", help="With --sheets: also one PDF of every sheet sorted by last "
                                                      "name, as judges file them (all-sheets.pdf)."),
    form: Path | None = typer.Option(None, "--form", help="With --sheets: fill this copy of Konami's decklist "
                                                          "form (KDE_DeckList.pdf) instead of drawing deckcheck's "
                                                          "sheet."),
    font: Path | None = typer.Option(None, "--font", help="With --sheets: a TrueType font (.ttf, .ttc) for the "
                                                          "characters the shipped font lacks (Japanese, Korean, "
                                                          "Chinese names)."),
    event_name: str | None = typer.Option(None, "--event", help="The event's name, for the sheets."),
    event_date: str | None = typer.Option(None, "--date", help="The event's date (YYYY-MM-DD), for the sheets."),
    check_deck: tuple[str, str] | None = typer.Option(
        None, "--check-deck", metavar="PLAYER DECK",
        help="Compare a deck found at the table with PLAYER's counted list (PLAYER: KONAMI ID or name); exit 0 "
             "when it matches by fingerprint."),
    format: str | None = FORMAT_OPTION,
    banlist: str | None = BANLIST_OPTION,
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    points_cap: int | None = POINTS_CAP_OPTION,
    input_format: InputFormatChoice | None = INPUT_FORMAT_OPTION,
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """The submission ledger of an event: which decklist counts for each registered player, and is it legal."""

    if (merge or form is not None or font is not None) and sheets is None:
        given = "--merge" if merge else "--form" if form is not None else "--font"
        fail(f"{given} needs --sheets DIR (the folder the sheets go into)")
    if form is not None and not os.path.isfile(form):
        fail(f"--form {form}: no such file")
    given_date = parse_date(event_date, "--date")
    if output_format is None:  # --output ledger.html: the suffix says the format, as for check
        by_suffix = {".json": EventOutputFormat.json, ".csv": EventOutputFormat.csv, ".html": EventOutputFormat.html,
                     ".htm": EventOutputFormat.html}
        suffix = output.suffix.lower() if output is not None else ""
        output_format = by_suffix.get(suffix, EventOutputFormat.text)
    session, chosen, settings = _judging(format, input_format, banlist, as_of, region, points_cap, config,
                                         no_config)
    forced = input_format.value if input_format else None
    try:
        review = session.review_event(submissions, roster, deadline, manifest=manifest, chosen=chosen,
                                      input_format=forced)
    except DeckcheckError as exc:
        fail(str(exc))
    from ..report import stale_message

    for item in review.stale:  # as check says it: the verdicts stand, the data may be old
        say(f"deckcheck: note: {stale_message(item)}")

    if check_deck is not None:
        _check_deck(session, review, check_deck, chosen, output_format, forced)

    text = _ledger_text(review, output_format)
    if output is not None:
        from ..report.output import write_atomically

        try:
            write_atomically(output, [text])
        except OSError as exc:
            fail(f"{output}: cannot write the report: {exc.strerror or exc}")
    else:
        sys.stdout.write(text)
    if sheets is not None:
        _write_sheets(session, review, sheets, merge, form, font, settings, event_name,
                      given_date.isoformat() if given_date else None)
    raise typer.Exit(EXIT_LEGAL if review.all_legal else EXIT_ILLEGAL)


def _ledger_text(review, output_format) -> str:
    from ..report import event_report

    if output_format is EventOutputFormat.json:
        return event_report.json_text(review)
    if output_format is EventOutputFormat.csv:
        return event_report.csv_text(review)
    if output_format is EventOutputFormat.html:
        return event_report.html_text(review)
    return event_report.text(review)


def _check_deck(session, review, check_deck, chosen, output_format, forced) -> None:
    """``--check-deck PLAYER DECK``: the deck found at the table against the player's counted list."""
    from ..errors import UsageError
    from ..report import event_report

    who, deck = check_deck
    try:
        found = session.check_at_table(review, who, deck, chosen, input_format=forced)
    except UsageError as exc:  # no such player, no counted list, no such file
        fail(f"--check-deck: {exc}")
    except DeckcheckError as exc:
        fail(str(exc))
    if found.checked.result.fingerprint is None:
        fail(f"--check-deck: {deck}: {_reason(found.checked.result)}")
    if output_format is EventOutputFormat.json:
        sys.stdout.write(event_report.check_deck_json(found.player, found.checked, found.changes, found.same))
    else:
        sys.stdout.write(event_report.check_deck_text(found.player, found.checked, found.changes, found.same))
    raise typer.Exit(EXIT_LEGAL if found.same else EXIT_ILLEGAL)


def _write_sheets(session, review, folder: Path, merge: bool, form: Path | None, font: Path | None, settings,
                  event_name, event_date) -> None:
    """Each counted deck's registration sheet into ``folder`` (and with ``merge`` one PDF of them all)."""
    from .. import documents

    absent = documents.missing()
    if absent:
        fail(f"--sheets needs the PDF extra ({', '.join(absent)} not installed): {documents.INSTALL_HINT}")
    from .decklist import _about, _render

    table = settings.decklist
    fallback = font if font is not None else (Path(table["font"]) if "font" in table else None)
    sheets = []
    for made in session.event_sheets(review, event=event_name, date=event_date, defaults=table):
        if made.sheet is None:
            registered = made.player.registered
            say(f"deckcheck: warning: {registered.player} ({registered.konami_id}): no sheet: "
                f"{made.player.counted.submission.file}: {made.problem}")
            continue
        sheets.append((made.sheet, made.file_name))
    if not sheets:
        say("deckcheck: note: no counted decklist: no sheet written")
        return
    about = _about([sheet for sheet, _ in sheets], review.as_of)
    pdfs = _render(sheets, folder, False, True, form, fallback, "letter", about)
    message = f"deckcheck: {len(pdfs)} PDF{'s' if len(pdfs) != 1 else ''} written to {folder}"
    if merge:
        pdfs += _render(sheets, folder / "all-sheets.pdf", True, False, form, fallback, "letter", about)
        message += f", and all-sheets.pdf ({len(sheets)} sheets by last name)"
    write_files(pdfs)  # every sheet and all-sheets.pdf, or none
    say(message)
