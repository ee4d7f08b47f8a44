"""wrong-section: an Extra Deck monster in the Main Deck, or any other card in the Extra Deck.

Fusion, Synchro, Xyz and Link Monsters (Pendulum ones included) start in the Extra Deck;
every other card — Ritual and plain Pendulum Monsters too — starts in the Main Deck. The
Side Deck may hold both.

A YDK file without an `#extra` line lists its Extra Deck monsters in the Main Deck: as a
decklist, that deck is not legal, and this rule says so — once, as one problem naming the
cause, the lines of the Extra Deck monsters that end the Main Deck and the fix (add `#extra`
before the first of them), not once per card; the section sizes are judged as they are with
that line. A marker written another way (`#EXTRA`, `#extra `, `#side`, `!Side`) still marks
its section: the cards are where the player put them, and `syntax` warns that EDOPro and
YGOPro read only the exact spelling.

Source: the official rulebook; Konami, Constructed Deck Information; EDOPro deck_manager.

PASS:
    main: [Relinquished]
    extra: [Accesscode Talker]
    side: [Accesscode Talker, Pot of Duality]

FAIL:
    main: [Accesscode Talker]

FAIL:
    extra: [Odd-Eyes Pendulum Dragon]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, EXTRA, MAIN, Problem, ResolvedDeck
from ._common import by_card_and_section, copies, lines_note, total, unmarked_extra

ID = "wrong-section"
SEVERITY = ERROR
SUMMARY = "Extra Deck monsters only in the Extra (or Side) Deck; other cards never in the Extra Deck."
ENABLED = True
OPTIONS: dict = {}


NAMED = 3  # Extra Deck monsters named in the problem for a missing #extra line


def allows(card, section: str, regulation) -> bool:
    """Whether ``card`` may be in ``section``: an Extra Deck monster not in the Main Deck, another card not in
    the Extra Deck (the rule, card by card: ``check`` reports the entries it does not allow, and a missing
    ``#extra`` line only where Extra Deck monsters end the Main Deck)."""
    return not ((card.kind == "extra" and section == MAIN) or (card.kind == "main" and section == EXTRA))


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    unmarked = unmarked_extra(deck)
    if unmarked:
        yield _no_extra_line(unmarked)
    misplaced = [e for e in deck.deck_entries  # allows(), inline: it is asked of every entry of every deck
                 if e.card.kind != e.section  # (a card where its kind belongs is allowed: one comparison)
                 and ((e.card.kind == "extra" and e.section == MAIN) or (e.card.kind == "main" and e.section == EXTRA))]
    if unmarked:
        moved = {id(e) for e in unmarked}
        misplaced = [e for e in misplaced if id(e) not in moved]
    for group in by_card_and_section(misplaced):
        first = group[0]
        card = first.card
        n = total(group)
        if first.section == MAIN:
            message = f"{card.name} is an Extra Deck monster but is in the Main Deck ({copies(n)}{lines_note(group)})"
            fix = f"move {copies(n)} of {card.name} from Main to Extra"
        else:
            message = (
                f"{card.name} is not a Fusion, Synchro, Xyz or Link Monster and cannot be in the Extra Deck"
                f" ({copies(n)}{lines_note(group)})"
            )
            fix = f"move {copies(n)} of {card.name} from Extra to Main"
        yield Problem(ID, SEVERITY, message, first.section, first.line, card.ref, fix)


def _no_extra_line(unmarked) -> Problem:
    monsters = [e for e in unmarked if e.card is not None and e.card.kind == "extra"]
    names = list(dict.fromkeys(e.card.name for e in monsters))
    listed = ", ".join(names[:NAMED]) + (f" and {len(names) - NAMED} more" if len(names) > NAMED else "")
    first, last = unmarked[0].line, unmarked[-1].lines[-1]
    n = total(monsters)
    message = (f"the file has no #extra line, so the {n} Extra Deck monster{'s' if n != 1 else ''} that end the Main "
               f"Deck (lines {first}–{last}: {listed}) are in the Main Deck")
    return Problem(ID, SEVERITY, message, MAIN, first, None, f"add a line #extra before line {first}")
