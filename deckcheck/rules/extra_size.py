"""extra-size: the Extra Deck may hold at most 15 cards.

Source: the official rulebook; Konami, Constructed Deck Information.

PASS:
    extra: [15 Knightmare Unicorn]

FAIL:
    extra: [16 Knightmare Unicorn]
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model import ERROR, EXTRA, Problem, ResolvedDeck
from ._common import range_problem, size_options, size_problem

ID = "extra-size"
SEVERITY = ERROR
SUMMARY = "The Extra Deck may have at most 15 cards."
ENABLED = True
OPTIONS = size_options(0, 15, "Extra Deck")
options_problem = range_problem


def check(deck: ResolvedDeck, regulation) -> Iterable[Problem]:
    problem = size_problem(deck, regulation, EXTRA, ID, SEVERITY)
    return [problem] if problem else ()
