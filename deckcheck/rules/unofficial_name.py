"""unofficial-name: a card written by EDOPro's own name for it, where Konami's name differs.

EDOPro's card database still carries old fan translations for some cards (the Adamancipators
were "Adamatia" before their TCG release). deckcheck reads such a name as the card it stands
for, and warns: a decklist handed in at an event must give the official name.

Source: ProjectIgnis BabelCDB `texts.name`, compared with Konami's names (yaml-yugi).

PASS:
    main: [Adamancipator Seeker]

FAIL:
    main: [Adamatia Seeker]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import WARNING, Problem, ResolvedDeck
from ..resolve import UNOFFICIAL_NAME_RULE

ID = UNOFFICIAL_NAME_RULE
SEVERITY = WARNING
SUMMARY = "A card written by EDOPro's name for it, not the official one."
ENABLED = True
OPTIONS: dict = {}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    return (p for p in deck.problems if p.rule == ID)


def triage(tally, regulation) -> bool:
    """No problem possible: the reading found none of this rule."""
    return all(p.rule != ID for p in tally.problems)
