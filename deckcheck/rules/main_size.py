"""main-size: the Main Deck must hold 40 to 60 cards.

Every entry of the section counts, known card or not (an unknown passcode is still a card
in the deck box).

Source: Konami, Constructed Deck Information §B; the official rulebook.

PASS:
    main: [40 Pot of Duality]

FAIL:
    main: [39 Pot of Duality]

FAIL:
    main: [61 Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model import ERROR, MAIN, Problem, ResolvedDeck
from ._common import range_problem, size_options, size_problem

ID = "main-size"
SEVERITY = ERROR
SUMMARY = "The Main Deck must have 40 to 60 cards."
ENABLED = True
OPTIONS = size_options(40, 60, "Main Deck")
options_problem = range_problem


def check(deck: ResolvedDeck, regulation) -> Iterable[Problem]:
    problem = size_problem(deck, regulation, MAIN, ID, SEVERITY)
    return [problem] if problem else ()
