"""side-size: the Side Deck may hold at most 15 cards (any number from 0 to 15 is legal).

Source: Konami, Constructed Deck Information §C; yugioh-card.com/uk/news/news10.

PASS:
    side: [7 Pot of Duality]

FAIL:
    side: [16 Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, SIDE, Problem, ResolvedDeck
from ._common import range_problem, size_options, size_problem

ID = "side-size"
SEVERITY = ERROR
SUMMARY = "The Side Deck may have at most 15 cards."
ENABLED = True
OPTIONS = size_options(0, 15, "Side Deck")
options_problem = range_problem


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    problem = size_problem(deck, regulation, SIDE, ID, SEVERITY)
    if problem:
        yield problem
