"""main-size-changed: the Main Deck keeps its registered size, even where 40–60 would allow more.

Main and Extra Deck cannot trade cards, not even through the Side Deck: taking an Extra Deck
monster out and siding a Main Deck card in makes Main 41 and Extra 14, which is not allowed
although 41 is within 40–60. Unlike Magic: The Gathering, the deck size never drifts.

Source: Konami, Constructed Deck Information §C; OCG rulebook (MR3); EDOPro and YGOPro
LoadSide; rules.md §6, case 23.

PASS:
    registered:
      main: [40 Pot of Duality]
      side: [Effect Veiler]
    sided:
      main: [39 Pot of Duality, Effect Veiler]
      side: [Pot of Duality]

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

from ..model import ERROR, MAIN, Problem
from ._common import size_changed

ID = "main-size-changed"
SEVERITY = ERROR
SUMMARY = "The Main Deck must have as many cards as registered, even within 40–60."


def check(deck, context) -> Iterator[Problem]:
    problem = size_changed(deck, MAIN, ID, SEVERITY, "Main and Extra Deck cannot trade cards, even through the Side Deck")
    if problem:
        yield problem
