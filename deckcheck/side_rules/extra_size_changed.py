"""extra-size-changed: the Extra Deck keeps its registered size.

An Extra Deck monster may be swapped for one in the Side Deck, one for one; the Extra Deck
cannot shrink to make room in the Main Deck, nor grow from it.

Source: Konami, Constructed Deck Information §C; yugioh-card.com/uk/news/news10; OCG
rulebook (MR3); rules.md §6, case 23.

PASS:
    registered:
      main: [40 Pot of Duality]
      extra: [Accesscode Talker]
      side: [Knightmare Unicorn]
    sided:
      main: [40 Pot of Duality]
      extra: [Knightmare Unicorn]
      side: [Accesscode Talker]

FAIL:
    registered:
      main: [40 Pot of Duality]
      extra: [Accesscode Talker]
      side: [Effect Veiler]
    sided:
      main: [40 Pot of Duality, Effect Veiler]
      side: [Accesscode Talker]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, EXTRA, Problem
from ._common import size_changed

ID = "extra-size-changed"
SEVERITY = ERROR
SUMMARY = "The Extra Deck must have as many cards as registered."


def check(deck, context) -> Iterator[Problem]:
    problem = size_changed(deck, EXTRA, ID, SEVERITY, "Main and Extra Deck cannot trade cards, even through the Side Deck")
    if problem:
        yield problem
