"""Side decking commands: side, match, diff (issue: side decking and match validation).

Exit codes as ``check``: 0 legal (diff: no difference), 1 not legal or unreadable (diff:
different), 2 usage or data error.
"""

from __future__ import annotations

import sys
from enum import Enum

import typer

from ..errors import DeckcheckError
from .common import (
    AS_OF_OPTION, BANLIST_OPTION, EXIT_ILLEGAL, EXIT_LEGAL, POINTS_CAP_OPTION, REGION_OPTION, OutputFormat, app, console,
    fail, format_help, open_session, parse_date, read_one_decklist, say,
)


class SideOutputFormat(str, Enum):
    """side and match: text, json, or html (one self-contained page, report/html.py)."""

    text = "text"
    json = "json"
    html = "html"


class SideRule(str, Enum):
    current = "current"
    legacy = "legacy"


_FORMAT = typer.Option(None, "--format", "-f", metavar="FORMAT", help=format_help(
    "Format the registered deck is checked in (default: tcg, or what a YAML decklist declares)"))
_SIDE_RULE = typer.Option(SideRule.current, "--side-rule", help="current: the format's Side Deck rule (TCG: 0–15); legacy: exactly 0 or 15 (UDE era; the GOAT format's own rule), judged on the registered deck.")
_OUTPUT = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json.")
_SIDE_OUTPUT = typer.Option(SideOutputFormat.text, "--output-format", "-o",
                            help="text, json, or html (one self-contained page: the swaps and every problem).")


def _report(kind: str, result, registered, output_format: SideOutputFormat) -> None:
    """Print a side or match result (``side_json``/``side_text``/``html`` have one function per kind) and exit."""
    if output_format is SideOutputFormat.json:
        from ..report import side_json

        sys.stdout.write(getattr(side_json, kind)(result) + "\n")
    elif output_format is SideOutputFormat.html:
        from ..report import html

        sys.stdout.write(getattr(html, kind)(result, registered.regulation))
    else:
        from ..report import side_text

        getattr(side_text, kind)(result, registered.regulation, console())
    raise typer.Exit(EXIT_LEGAL if result.legal else EXIT_ILLEGAL)


def _registered(registered: str, format, banlist, as_of, region, points_cap, side_rule: SideRule):
    """The registered deck, judged once (``Session.register``), ready to judge sided decks against."""
    when = parse_date(as_of, "--as-of")
    parsed = read_one_decklist(registered)
    session = open_session()
    try:
        deck = session.register(parsed, format=format, banlist=banlist, as_of=when, region=region,
                                points_cap=points_cap, legacy_side=side_rule is SideRule.legacy)
    except DeckcheckError as exc:
        fail(str(exc))
    for warning in deck.warnings:
        say(f"deckcheck: warning: {warning}")
    from ..report import stale_message

    for item in deck.stale:  # as check's reports say it: the verdicts stand, the data may be old
        say(f"deckcheck: note: {stale_message(item)}")
    return deck


@app.command("side")
def side_command(
    registered: str = typer.Argument(..., help="The registered decklist: a file in any format deckcheck reads, - "
                                               "(standard input) or a ydke:// link."),
    sided: str = typer.Argument(..., help="The deck after siding, the same way."),
    format: str | None = _FORMAT,
    banlist: str | None = BANLIST_OPTION,
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    points_cap: int | None = POINTS_CAP_OPTION,
    side_rule: SideRule = _SIDE_RULE,
    output_format: SideOutputFormat = _SIDE_OUTPUT,
) -> None:
    """Is SIDED a legal sided version of REGISTERED? The swap, and every problem with a fix."""
    deck = _registered(registered, format, banlist, as_of, region, points_cap, side_rule)
    _report("side", deck.side(read_one_decklist(sided)), deck, output_format)


@app.command("match")
def match_command(
    registered: str = typer.Argument(..., help="The registered decklist (a file, - or a ydke:// link)."),
    duels: list[str] = typer.Argument(..., help="The deck of each Duel, in order (any number: draws add Duels)."),
    game_loss_before: list[int] | None = typer.Option(
        None, "--game-loss-before", metavar="DUEL",
        help="Duel DUEL was decided by a Game Loss before it began (repeatable). After one before Duel 1, Duel 2 must be unsided too.",
    ),
    format: str | None = _FORMAT,
    banlist: str | None = BANLIST_OPTION,
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    points_cap: int | None = POINTS_CAP_OPTION,
    side_rule: SideRule = _SIDE_RULE,
    output_format: SideOutputFormat = _SIDE_OUTPUT,
) -> None:
    """Check every Duel of a Match: Duel 1 is the registered deck exactly, later Duels legal sided decks."""
    losses = list(game_loss_before or [])
    for n in losses:
        if not 1 <= n <= len(duels):
            fail(f"--game-loss-before {n}: the Match has Duels 1 to {len(duels)}")
    deck = _registered(registered, format, banlist, as_of, region, points_cap, side_rule)
    _report("match", deck.match([read_one_decklist(path) for path in duels], losses), deck, output_format)


@app.command("diff")
def diff_command(
    a: str = typer.Argument(..., help="A decklist, e.g. the registered one (a file, - or a ydke:// link)."),
    b: str = typer.Argument(..., help="Another, e.g. the deck found at a deck check; any format deckcheck reads."),
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Per section, the cards whose copies differ between A and B, by card name. Exit 1 if any."""
    first, second = read_one_decklist(a), read_one_decklist(b)
    for parsed in (first, second):
        if parsed.unreadable:
            problem = next(p for p in parsed.problems if p.rule == "unreadable")
            fail(f"{parsed.path}: {problem.message}")
    try:
        session = open_session()
        found = session.diff(first, second)
    except DeckcheckError as exc:
        fail(str(exc))
    if output_format is OutputFormat.json:
        from ..report import side_json

        sys.stdout.write(side_json.diff(found.a, found.b, found.rows) + "\n")
    else:
        from ..report import side_text

        side_text.diff(found.a, found.b, found.rows, console())
    raise typer.Exit(EXIT_LEGAL if not found.rows else EXIT_ILLEGAL)


@app.command("team")
def team_command(
    decks: list[str] = typer.Argument(..., help="The team's decklists (files), one per player, in seat order."),
    format: str | None = typer.Option(None, "--format", "-f", metavar="FORMAT",
                                         help="The format every deck is checked in (default: tcg)."),
    slots: str | None = typer.Option(None, "--slots", metavar="F1,F2,…",
                                        help="One format per deck, in order (Multi-Format teams: goat,edison,tcg)."),
    copy_limit: int | None = typer.Option(None, "--copy-limit", min=0, metavar="N",
                                             help="The most copies of a card across the team's decks (default: the "
                                                  "format's team-copy-limit max, else 3)."),
    as_of: str | None = AS_OF_OPTION,
    region: str | None = REGION_OPTION,
    output_format: OutputFormat = _OUTPUT,
) -> None:
    """Check a team's decks together: each in its slot's format, then the copies shared across the team (a copy
    limit, a list's limits: a Limited card once per team). Every team problem names the decks."""
    import json

    chosen = [s.strip() for s in slots.split(",")] if slots is not None else None
    session = open_session()
    try:
        result = session.check_team(decks, format=format, slots=chosen,
                                    copy_limit=-1 if copy_limit is None else copy_limit,
                                    as_of=parse_date(as_of, "--as-of"), region=region)
    except DeckcheckError as exc:
        fail(str(exc))
    if output_format is OutputFormat.json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
    else:
        out = console()
        for deck, regulation in result.decks:
            verdict = "✓ LEGAL" if deck.legal else "✗ ILLEGAL"
            out.print(f"{verdict} {deck.path}  ({regulation.title})", highlight=False, markup=False)
            for p in deck.problems:
                out.print(f"    {p.rule}: {p.card.name + ' ' if p.card else ''}{p.message} → {p.fix}",
                          highlight=False, markup=False)
        for p in result.problems:
            out.print(f"✗ team  {p.rule}: {p.message} → {p.fix}", highlight=False, markup=False)
        out.print(f"team: {'legal' if result.legal else 'not legal'} ({len(result.decks)} decks, "
                  f"{len(result.problems)} team problem{'s' if len(result.problems) != 1 else ''})",
                  highlight=False, markup=False)
    raise typer.Exit(EXIT_LEGAL if result.legal else EXIT_ILLEGAL)
