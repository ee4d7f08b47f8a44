"""wrong-section: an Extra Deck monster in the Main Deck, or any other card in the Extra Deck.

Fusion, Synchro, Xyz and Link Monsters (Pendulum ones included) start in the Extra Deck;
every other card — Ritual and plain Pendulum Monsters too — starts in the Main Deck. The
Side Deck may hold both. A YDK file without an `#extra` line puts Extra Deck monsters into
the Main Deck, which this rule reports.

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
from ._common import by_card_and_section, copies, lines_note, total

ID = "wrong-section"
SEVERITY = ERROR
SUMMARY = "Extra Deck monsters only in the Extra (or Side) Deck; other cards never in the Extra Deck."
ENABLED = True
OPTIONS: dict = {}


def allows(card, section: str, regulation) -> bool:
    """Whether ``card`` may be in ``section``: an Extra Deck monster not in the Main Deck, another card not in
    the Extra Deck (the rule, card by card: ``check`` reports the entries it does not allow)."""
    return not ((card.kind == "extra" and section == MAIN) or (card.kind == "main" and section == EXTRA))


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    misplaced = [e for e in deck.deck_entries if not allows(e.card, e.section, regulation)]
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
