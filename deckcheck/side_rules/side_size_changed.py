"""side-size-changed: the Side Deck keeps its registered size; siding is one card for one card.

Both players confirm each other's Side Deck size before the Match and count it after siding.
Adding a Side Deck card to the Main Deck without taking one out of it changes that size.

Source: Konami, Constructed Deck Information §C; the rulebook ("The number of cards in your
Side Deck before and after you swap any cards must be exactly the same"); rules.md §6, cases
24 and 31.

PASS:
    registered:
      main: [40 Pot of Duality]
      side: [3 Effect Veiler]
    sided:
      main: [38 Pot of Duality, 2 Effect Veiler]
      side: [2 Pot of Duality, 1 Effect Veiler]

FAIL:
    registered:
      main: [40 Pot of Duality]
      side: [3 Effect Veiler]
    sided:
      main: [40 Pot of Duality, 1 Effect Veiler]
      side: [2 Effect Veiler]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, SIDE, Problem
from ._common import size_changed

ID = "side-size-changed"
SEVERITY = ERROR
SUMMARY = "The Side Deck must have as many cards as registered (siding is one-for-one)."


def check(deck, context) -> Iterator[Problem]:
    problem = size_changed(deck, SIDE, ID, SEVERITY, "siding is one-for-one")
    if problem:
        yield problem
