"""extra-size: the Extra Deck may hold at most 15 cards.

Source: the official rulebook; Konami, Constructed Deck Information.

PASS:
    extra: [15 Knightmare Unicorn]

FAIL:
    extra: [16 Knightmare Unicorn]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, EXTRA, Problem, ResolvedDeck
from ._common import size_problem

ID = "extra-size"
SEVERITY = ERROR
SUMMARY = "The Extra Deck may have at most 15 cards."


def check(deck: ResolvedDeck, context) -> Iterator[Problem]:
    problem = size_problem(deck, context, EXTRA, ID, SEVERITY)
    if problem:
        yield problem
