"""not-a-deck-card: a token or a Skill Card in the Main, Extra or Side Deck.

Tokens are never part of a deck (keep them outside it); Skill Cards belong to Speed Duels
and are never part of the Main, Extra or Side Deck.

Source: Yugipedia "Main Deck", "Skill Card"; EDOPro drops tokens while loading a deck.

PASS:
    main: [Scapegoat]

FAIL:
    main: [Sheep Token]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import cast

from ..model import ERROR, KnownEntry, Problem, ResolvedDeck
from ._common import by_card_and_section, copies, lines_note, section_title, total
from ._options import Option

ID = "not-a-deck-card"
SEVERITY = ERROR
SUMMARY = "Tokens and Skill Cards are never deck cards."
ENABLED = True
OPTIONS = {
    "kinds": Option("str", ("token", "skill"), "the kinds of card that are never deck cards (Speed Duel: token only, "
                    "its Skill Card is judged by skill-card)", choices=("token", "skill"), many=True),
}

_WHAT = {"token": "a token", "skill": "a Skill Card"}


def allows(card, section: str, regulation) -> bool:
    """Whether ``card`` is of no kind that is never a deck card (the rule, card by card)."""
    return card.kind not in regulation.options(ID).get("kinds", ())


def check(deck: ResolvedDeck, regulation) -> Iterable[Problem]:
    if not deck.other_entries:  # the usual deck: every card a Main or Extra Deck card
        return ()
    found = cast("list[KnownEntry]",
                 [e for e in deck.other_entries if e.card is not None and not allows(e.card, e.section, regulation)])
    return _problems(found)


def _problems(found: list[KnownEntry]) -> Iterator[Problem]:
    for group in by_card_and_section(found):
        first = group[0]
        card = first.card
        n = total(group)
        where = f"the {section_title(first.section)} Deck"
        yield Problem(
            ID,
            SEVERITY,
            f"{card.name} is {_WHAT[card.kind]}, not a deck card ({copies(n)} in {where}{lines_note(group)})",
            first.section,
            first.line,
            card.ref,
            f"remove {copies(n)} of {card.name} from {where}",
        )
