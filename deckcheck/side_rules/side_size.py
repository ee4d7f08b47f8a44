"""side-size: under --side-rule legacy, the Side Deck has exactly 0 or 15 cards.

Sanctioned play of the UDE era (to 2008–09), GOAT format today, OCG rulebook v2.0 and the
OCG shop rules of 2005 required a Side Deck of exactly 15 cards, or none. The registered
Side Deck is judged (a sided Side Deck of another size is side-size-changed). Under today's
rule (the default) any size from 0 to 15 is fine, which `check`'s side-size rule judges.
Same ID as that rule: the same limit, stricter.

Source: UDE tournament policy A-11 (yugioh.wikia.com/wiki/TCG_Rule_Changes); goatformat.com
basics; rules.md §3.3 and §6, case 5.

PASS:
    registered:
      main: [40 Pot of Duality]
      side: [15 Effect Veiler]
    sided:
      main: [40 Pot of Duality]
      side: [15 Effect Veiler]

FAIL:
    registered:
      main: [40 Pot of Duality]
      side: [7 Effect Veiler]
    sided:
      main: [40 Pot of Duality]
      side: [7 Effect Veiler]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, SIDE, Problem
from ..rules._common import cards

ID = "side-size"
SEVERITY = ERROR
SUMMARY = "Under --side-rule legacy, the registered Side Deck has exactly 0 or 15 cards."

LEGACY_SIZES = (0, 15)


def check(deck, context) -> Iterator[Problem]:
    if context.side_rule != "legacy":
        return
    size = deck.registered.sizes[SIDE]
    if size in LEGACY_SIZES:
        return
    yield Problem(
        ID,
        SEVERITY,
        f"the registered Side Deck has {cards(size)}; the legacy rule (UDE era, GOAT) allows exactly 0 or 15",
        SIDE,
        None,
        None,
        f"register a Side Deck of 15 cards (add {cards(15 - size)}) or of none" if size < 15 else f"remove {cards(size - 15)} from the Side Deck",
    )
